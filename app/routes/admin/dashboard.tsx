import { BadgeCheck, CalendarDays, Lightbulb, MapIcon, type IconComponent, Mail, Newspaper, Store } from "~/components/icons";
import { ImageIcon, PenLine, Plus } from "~/components/icons/admin";
import { Tabs } from "radix-ui";
import { Link, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { ActivityFeed } from "~/components/admin/activity";
import { QuickTools } from "~/components/admin/tools/quick-tools";
import { StatisticsTab } from "~/components/admin/dashboard/statistics-tab";
import { adminMeta } from "~/http/admin-meta";
import { buttonVariants } from "~/components/ui/button";
import { getDatabase, getDb } from "~/db/db.server";
import { listRecentAudit } from "~/services/audit/audit.server";
import { getDashboardCounts, type DashboardCounts } from "~/services/dashboard/dashboard.server";
import { demandSummary } from "~/services/demand/admin.server";
import { DemandFigure } from "~/components/demand/demand-view";
import { getDashboardStatistics } from "~/services/dashboard/statistics.server";
import { jobsOverview } from "~/services/jobs/jobs.server";
import { requireAdmin } from "~/http/auth.server";
import { SITE_TIME_ZONE } from "~/utils/dates";
import type { Route } from "./+types/dashboard";

const RECENT_ACTIVITY_LIMIT = 20;

const whenFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const db = getDb();
  const [counts, activity, statistics, jobs, demand] = await Promise.all([
    getDashboardCounts(db),
    listRecentAudit(db, RECENT_ACTIVITY_LIMIT),
    getDashboardStatistics(db),
    jobsOverview(db),
    demandSummary(db),
  ]);
  return {
    admin: { name: admin.name, email: admin.email },
    counts,
    demand,
    statistics,
    database: getDatabase().dialect,
    jobs,
    activity: activity.map((entry) => ({ ...entry, when: whenFormat.format(new Date(entry.createdAt)) })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Dashboard");

const TABS = ["overview", "activity", "statistics", "tools"] as const;
type Tab = (typeof TABS)[number];
const tabFrom = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? "overview";

/** The open tab lives in the URL (?tab=...) so that a reload or a shared link keeps it; switching tabs loads nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return params.toString();
  };
  return withoutTab(currentUrl) === withoutTab(nextUrl) ? false : defaultShouldRevalidate;
};

const STATS: { key: keyof DashboardCounts; label: string; hint: string | ((counts: DashboardCounts) => string); icon: IconComponent }[] = [
  { key: "wholesalers", label: "Wholesalers", hint: "Listings in the directory", icon: Store },
  { key: "statesCovered", label: "States Covered", hint: "States with at least one wholesaler", icon: MapIcon },
  {
    key: "verifiedLastYear",
    label: "Verified This Year",
    hint: (counts) => `of ${numberFormat.format(counts.wholesalers)} listings verified in the last 12 months`,
    icon: BadgeCheck,
  },
  { key: "upcomingFestivals", label: "Upcoming Festivals", hint: "Festivals that have not ended", icon: CalendarDays },
  { key: "publishedPosts", label: "Published Posts", hint: "Articles live on the blog", icon: Newspaper },
  { key: "activeSubscribers", label: "Subscribers", hint: "Confirmed newsletter subscribers", icon: Mail },
  { key: "pendingSuggestions", label: "Pending Suggestions", hint: "Submitted locations to review", icon: Lightbulb },
];

const QUICK_ACTIONS: { to: string; label: string; icon: IconComponent }[] = [
  { to: "/admin/wholesalers/new", label: "Add Wholesaler", icon: Plus },
  { to: "/admin/image-manager", label: "Upload Images", icon: ImageIcon },
  { to: "/admin/festivals/new", label: "Add Festival", icon: CalendarDays },
  { to: "/admin/blog/new", label: "Write Blog Post", icon: PenLine },
  { to: "/admin/states", label: "Manage States", icon: MapIcon },
];

const numberFormat = new Intl.NumberFormat("en-US");

const tabTrigger =
  "rounded-xl px-4 py-2 text-sm font-medium sm:rounded-full text-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { admin, counts, demand, activity, statistics, database, jobs } = loaderData;
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get("tab"));
  const selectTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === "overview") next.delete("tab");
    else next.set("tab", value);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return (
    <div>
      <header>
        <h1 className="font-serif text-3xl font-semibold text-ink sm:text-4xl">Welcome, Admin</h1>
        <p className="mt-2 text-sm text-muted">Signed in as {admin.name ? `${admin.name} (${admin.email})` : admin.email}</p>
      </header>

      <Tabs.Root value={tab} onValueChange={selectTab} className="mt-8">
        <Tabs.List aria-label="Dashboard" className="grid grid-cols-2 gap-1 rounded-2xl bg-stone-200/70 p-1 sm:inline-flex sm:rounded-full">
          <Tabs.Trigger value="overview" className={tabTrigger}>
            Overview
          </Tabs.Trigger>
          <Tabs.Trigger value="activity" className={tabTrigger}>
            Recent Activity
          </Tabs.Trigger>
          <Tabs.Trigger value="statistics" className={tabTrigger}>
            Statistics
          </Tabs.Trigger>
          <Tabs.Trigger value="tools" className={tabTrigger}>
            Quick Tools
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="overview" className="mt-6 outline-none">
          <h2 className="sr-only">Overview</h2>
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {STATS.map(({ key, label, hint, icon: Icon }) => (
              <div key={key} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs">
                <dt className="flex items-center justify-between gap-3 text-sm font-medium text-muted">
                  {label}
                  <span className="flex size-9 items-center justify-center rounded-full bg-blush text-rose-brand">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                </dt>
                <dd className="mt-1 font-serif text-3xl font-semibold text-ink tabular-nums">{numberFormat.format(counts[key])}</dd>
                <dd className="mt-1 text-sm text-muted">{typeof hint === "function" ? hint(counts) : hint}</dd>
              </div>
            ))}
          </dl>
          <DemandFigure summary={demand} />

          <section aria-labelledby="quick-actions" className="mt-10">
            <h2 id="quick-actions" className="font-serif text-xl font-semibold text-ink">
              Quick actions
            </h2>
            <ul className="mt-4 flex flex-wrap gap-3">
              {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link to={to} className={buttonVariants({ variant: "secondary" })}>
                    <Icon aria-hidden="true" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </Tabs.Content>

        <Tabs.Content value="activity" className="mt-6 outline-none">
          <h2 className="font-serif text-xl font-semibold text-ink">Recent changes and sign-ins</h2>
          <p className="mb-4 mt-1 text-sm text-muted">The {RECENT_ACTIVITY_LIMIT} latest entries of the audit log, newest first.</p>
          <ActivityFeed entries={activity} />
        </Tabs.Content>

        <Tabs.Content value="statistics" className="mt-6 outline-none">
          <h2 className="sr-only">Statistics</h2>
          <StatisticsTab statistics={statistics} />
        </Tabs.Content>

        <Tabs.Content value="tools" className="mt-6 outline-none">
          <h2 className="sr-only">Quick Tools</h2>
          <QuickTools database={database} jobs={jobs} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
