import { scaleBand, scaleLinear } from "d3-scale";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "~/utils/cn";

const numberFormat = new Intl.NumberFormat("en-US");

/**
 * A scale from 0 to the largest count, widened to a round top (d3's `nice`), and its ticks: about
 * `target` of them, never fewer than one apart since the values are counts. Nothing to count still
 * draws an axis from 0 to 1.
 */
function countScale(values: number[], range: [number, number], target = 4) {
  const max = Math.max(0, ...values);
  const top = max > 0 ? max : 1;
  // Asking for no more ticks than the top value keeps d3's step at 1 or more.
  const count = Math.max(1, Math.min(target, Math.ceil(top)));
  const scale = scaleLinear().domain([0, top]).range(range).nice(count);
  return { scale, ticks: scale.ticks(count) };
}

/**
 * The width the chart has on screen, so that it is drawn at 1:1 and its text stays readable on a phone.
 * Until it is known (server rendering) the chart is drawn at `fallback` and scaled to fit.
 */
function useMeasuredWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setWidth(Math.max(240, Math.floor(element.clientWidth)));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

interface ChartCardProps {
  id: string;
  title: string;
  subtitle: string;
  className?: string;
  children: ReactNode;
  /** The chart's numbers as a table, for screen readers and for anyone who wants the exact figures. */
  table: { caption: string; headers: [string, string]; rows: [string, number][] };
}

function ChartCard({ id, title, subtitle, className, children, table }: ChartCardProps) {
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className={cn("min-w-0 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5", className)}
    >
      <figcaption>
        <h3 id={`${id}-title`} className="font-serif text-lg font-semibold text-ink">
          {title}
        </h3>
        <p className="mt-0.5 text-sm text-muted">{subtitle}</p>
      </figcaption>
      <div className="mt-4">{children}</div>
      <details className="group mt-3 text-sm">
        <summary className="cursor-pointer rounded font-medium text-rose-brand underline-offset-4 hover:underline">
          Show the numbers
        </summary>
        <div className="mt-3 max-h-80 overflow-y-auto rounded-xl border border-stone-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{table.caption}</caption>
            <thead className="sticky top-0 bg-stone-50 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {table.headers[0]}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {table.headers[1]}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {table.rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" className="px-3 py-1.5 font-normal text-ink">
                    {label}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{numberFormat.format(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

export interface BarDatum {
  label: string;
  value: number;
}

interface HorizontalBarChartProps {
  id: string;
  title: string;
  subtitle: string;
  /** What the rows are ("State"). */
  categoryLabel: string;
  /** What the bars measure ("Wholesalers"). */
  valueLabel: string;
  data: BarDatum[];
  barClassName: string;
  className?: string;
}

const ROW_HEIGHT = 28;
const BAR_HEIGHT = 16;
/** The gap between bars as a share of a row, half of it above the first bar and below the last. */
const ROW_GAP = (ROW_HEIGHT - BAR_HEIGHT) / ROW_HEIGHT;

/** One bar per category, longest first as given, with the value at the end of each bar. */
export function HorizontalBarChart({
  id,
  title,
  subtitle,
  categoryLabel,
  valueLabel,
  data,
  barClassName,
  className,
}: HorizontalBarChartProps) {
  const [ref, width] = useMeasuredWidth(560);
  const labelWidth = Math.min(132, Math.round(width * 0.34));
  const right = 36;
  const header = 24;
  const plotWidth = Math.max(40, width - labelWidth - right);
  const plotHeight = data.length * ROW_HEIGHT;
  const height = header + plotHeight + 46;
  // Fewer ticks on a phone, so that the numbers under the axis do not crowd (fewer than 3 would let d3
  // widen the axis well past the longest bar: 0 to 20 for 11).
  const { scale: x, ticks } = countScale(
    data.map((d) => d.value),
    [labelWidth, labelWidth + plotWidth],
    plotWidth < 240 ? 3 : 4,
  );
  const y = scaleBand<number>()
    .domain(data.map((_, index) => index))
    .range([header, header + plotHeight])
    .paddingInner(ROW_GAP)
    .paddingOuter(ROW_GAP / 2);
  const summary = data.map((d) => `${d.label} ${d.value}`).join(", ");

  return (
    <ChartCard
      id={id}
      title={title}
      subtitle={subtitle}
      className={className}
      table={{
        caption: `${title}: ${valueLabel.toLowerCase()} by ${categoryLabel.toLowerCase()}`,
        headers: [categoryLabel, valueLabel],
        rows: data.map((d) => [d.label, d.value]),
      }}
    >
      <div ref={ref}>
        <svg
          role="img"
          aria-label={`${title}. ${summary}.`}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block h-auto w-full max-w-full"
        >
          <text x={labelWidth - 8} y={14} textAnchor="end" className="fill-muted text-[11px] font-semibold uppercase tracking-wide">
            {categoryLabel}
          </text>
          <g data-axis="value">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={x(tick)}
                  x2={x(tick)}
                  y1={header}
                  y2={header + plotHeight}
                  className="stroke-stone-200"
                  strokeDasharray={tick === 0 ? undefined : "3 3"}
                />
                <text x={x(tick)} y={header + plotHeight + 16} textAnchor="middle" className="fill-muted text-[11px] tabular-nums">
                  {numberFormat.format(tick)}
                </text>
              </g>
            ))}
          </g>
          {data.map((datum, index) => {
            const barTop = y(index) ?? header;
            const centre = barTop + y.bandwidth() / 2;
            const barWidth = x(datum.value) - labelWidth;
            return (
              <g key={datum.label}>
                <text x={labelWidth - 8} y={centre} dy="0.35em" textAnchor="end" className="fill-ink text-xs">
                  {datum.label}
                </text>
                <rect
                  x={labelWidth}
                  y={barTop}
                  width={datum.value > 0 ? Math.max(2, barWidth) : 0}
                  height={y.bandwidth()}
                  rx={4}
                  className={barClassName}
                />
                <text x={labelWidth + barWidth + 6} y={centre} dy="0.35em" className="fill-ink text-xs font-semibold tabular-nums">
                  {numberFormat.format(datum.value)}
                </text>
              </g>
            );
          })}
          <text x={labelWidth + plotWidth / 2} y={height - 6} textAnchor="middle" className="fill-muted text-xs font-medium">
            {valueLabel}
          </text>
        </svg>
      </div>
    </ChartCard>
  );
}

export interface ColumnDatum {
  /** Short label under the column ("Mar 2"). */
  label: string;
  /** The full label of the data table ("Week of Mar 2, 2026"). */
  longLabel: string;
  value: number;
}

interface ColumnChartProps {
  id: string;
  title: string;
  subtitle: string;
  xLabel: string;
  yLabel: string;
  data: ColumnDatum[];
  barClassName: string;
  className?: string;
  /** Said in the plot when every value is zero. */
  emptyText?: string;
}

const COLUMN_CHART_HEIGHT = 260;
/** The gap between columns as a share of a period's width, half of it before the first and after the last. */
const COLUMN_GAP = 0.38;

/** One column per period, oldest on the left. */
export function ColumnChart({ id, title, subtitle, xLabel, yLabel, data, barClassName, className, emptyText }: ColumnChartProps) {
  const [ref, width] = useMeasuredWidth(560);
  const left = 48;
  const right = 8;
  const headroom = 18;
  const bottom = 50;
  const height = COLUMN_CHART_HEIGHT;
  const plotWidth = Math.max(40, width - left - right);
  const plotHeight = height - headroom - bottom;
  const baseline = headroom + plotHeight;
  const { scale: y, ticks } = countScale(
    data.map((d) => d.value),
    [baseline, headroom],
  );
  const x = scaleBand<number>()
    .domain(data.map((_, index) => index))
    .range([left, left + plotWidth])
    .paddingInner(COLUMN_GAP)
    .paddingOuter(COLUMN_GAP / 2);
  const barWidth = Math.min(36, x.bandwidth());
  // Every label where there is room for it, otherwise every second or third one.
  const labelEvery = Math.max(1, Math.ceil(44 / x.step()));
  const summary = data.map((d) => `${d.longLabel}: ${d.value}`).join(", ");

  return (
    <ChartCard
      id={id}
      title={title}
      subtitle={subtitle}
      className={className}
      table={{
        caption: `${title}: ${yLabel.toLowerCase()} by ${xLabel.toLowerCase()}`,
        headers: [xLabel, yLabel],
        rows: data.map((d) => [d.longLabel, d.value]),
      }}
    >
      <div ref={ref}>
        <svg
          role="img"
          aria-label={`${title}. ${summary}.`}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block h-auto w-full max-w-full"
        >
          <g data-axis="value">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={left}
                  x2={left + plotWidth}
                  y1={y(tick)}
                  y2={y(tick)}
                  className="stroke-stone-200"
                  strokeDasharray={tick === 0 ? undefined : "3 3"}
                />
                <text x={left - 8} y={y(tick)} dy="0.35em" textAnchor="end" className="fill-muted text-[11px] tabular-nums">
                  {numberFormat.format(tick)}
                </text>
              </g>
            ))}
          </g>
          {data.map((datum, index) => {
            const centre = (x(index) ?? left) + x.bandwidth() / 2;
            const barTop = y(datum.value);
            return (
              <g key={datum.longLabel}>
                <rect
                  x={centre - barWidth / 2}
                  y={datum.value > 0 ? Math.min(barTop, baseline - 2) : baseline}
                  width={barWidth}
                  height={datum.value > 0 ? Math.max(2, baseline - barTop) : 0}
                  rx={3}
                  className={barClassName}
                />
                {datum.value > 0 && x.step() >= 22 ? (
                  <text x={centre} y={barTop - 5} textAnchor="middle" className="fill-ink text-[11px] font-semibold tabular-nums">
                    {numberFormat.format(datum.value)}
                  </text>
                ) : null}
                {(data.length - 1 - index) % labelEvery === 0 ? (
                  <text x={centre} y={baseline + 16} textAnchor="middle" className="fill-muted text-[11px]">
                    {datum.label}
                  </text>
                ) : null}
              </g>
            );
          })}
          {data.every((datum) => datum.value === 0) && emptyText ? (
            <text x={left + plotWidth / 2} y={headroom + plotHeight / 2} textAnchor="middle" className="fill-muted text-sm">
              {emptyText}
            </text>
          ) : null}
          <text x={left + plotWidth / 2} y={height - 6} textAnchor="middle" className="fill-muted text-xs font-medium">
            {xLabel}
          </text>
          <text
            transform={`rotate(-90)`}
            x={-(headroom + plotHeight / 2)}
            y={12}
            textAnchor="middle"
            className="fill-muted text-xs font-medium"
          >
            {yLabel}
          </text>
        </svg>
      </div>
    </ChartCard>
  );
}
