import { cn } from "~/utils/cn";
import { numberFormat } from "./format";

/**
 * A finished run's message, announced as a status, then its counts (`className` is the list's) as tiles, each in
 * its `tone` (green unless told) when it is above zero.
 */
export function ReportSummary({
  message,
  messageClassName,
  className,
  counts,
}: {
  message: string;
  messageClassName: string;
  className: string;
  counts: { label: string; value: number; tone?: string }[];
}) {
  return (
    <>
      <p role="status" className={messageClassName}>
        {message}
      </p>
      <dl className={className}>
        {counts.map(({ label, value, tone = "bg-green-50 text-leaf" }) => (
          <div key={label} className={cn("rounded-xl px-3 py-2", value > 0 ? tone : "bg-stone-100 text-ink")}>
            <dt className="text-xs font-medium">{label}</dt>
            <dd className="font-serif text-xl font-semibold tabular-nums">{numberFormat.format(value)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
