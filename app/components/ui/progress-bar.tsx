/**
 * A bar filled to `percent`, for the admin's long tasks (the CSV import, image optimisation, a newsletter's sending).
 * The fill is an SVG rectangle whose width is an attribute, not a `style`: the site's policy allows no inline style
 * (server/security.ts), and the bar is right before the page's scripts run.
 */
export function ProgressBar({ percent, label, valueText }: { percent: number; label: string; valueText: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="mt-2 h-3 overflow-hidden rounded-full bg-stone-200"
    >
      <svg className="block h-full w-full" aria-hidden="true" focusable="false">
        <rect className="fill-rose-brand transition-[width] duration-500" width={`${percent}%`} height="100%" rx="6" />
      </svg>
    </div>
  );
}
