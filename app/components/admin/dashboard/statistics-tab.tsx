import type { DashboardStatistics } from "~/services/dashboard/types";
import { formatLongDate, formatShortDate } from "./chart-scale";
import { ColumnChart, HorizontalBarChart } from "./charts";

const numberFormat = new Intl.NumberFormat("en-US");

export function StatisticsTab({ statistics }: { statistics: DashboardStatistics }) {
  const { wholesalersByState, wholesalersByRegion, subscribersByWeek } = statistics;
  const signUps = subscribersByWeek.reduce((sum, week) => sum + week.count, 0);
  const figures = [
    { label: "Wholesalers listed", value: statistics.totalWholesalers },
    { label: "States with wholesalers", value: statistics.statesWithWholesalers },
    { label: `Newsletter sign-ups in ${subscribersByWeek.length} weeks`, value: signUps },
  ];

  return (
    <div className="grid gap-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map(({ label, value }) => (
          <div key={label} className="rounded-2xl border border-stone-200 bg-white px-5 py-4 shadow-xs">
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="mt-1 font-serif text-2xl font-semibold text-ink tabular-nums">{numberFormat.format(value)}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-6 lg:grid-cols-2">
        <HorizontalBarChart
          id="chart-states"
          className="lg:row-span-2"
          title="Wholesalers per state"
          subtitle={
            statistics.statesWithWholesalers > wholesalersByState.length
              ? `The ${wholesalersByState.length} states with the most listings, of ${statistics.statesWithWholesalers} with any.`
              : "Every state with at least one listing."
          }
          categoryLabel="State"
          valueLabel="Wholesalers"
          data={wholesalersByState.map(({ label, count }) => ({ label, value: count }))}
          barClassName="fill-rose-brand"
        />
        <HorizontalBarChart
          id="chart-regions"
          title="Wholesalers per region"
          subtitle="Listings in each of the five regions."
          categoryLabel="Region"
          valueLabel="Wholesalers"
          data={wholesalersByRegion.map(({ label, count }) => ({ label, value: count }))}
          barClassName="fill-leaf"
        />
        <ColumnChart
          id="chart-subscribers"
          title="New subscribers per week"
          subtitle={`Newsletter sign-ups in the last ${subscribersByWeek.length} weeks, by week starting Monday (Pacific time).`}
          xLabel="Week starting"
          yLabel="New subscribers"
          data={subscribersByWeek.map(({ weekStart, count }) => ({
            label: formatShortDate(weekStart),
            longLabel: `Week of ${formatLongDate(weekStart)}`,
            value: count,
          }))}
          barClassName="fill-plum"
          emptyText="No sign-ups in these weeks yet"
        />
      </div>
    </div>
  );
}
