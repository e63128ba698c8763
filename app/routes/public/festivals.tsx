import { FestivalCard } from "~/components/festivals/festival-card";
import { type FestivalFilterValues, FestivalFilters, filterSearchParams } from "~/components/festivals/festival-filters";
import { festivalEventList } from "~/services/seo/festival-json-ld";
import { getDb } from "~/db/db.server";
import { festivalsRunningOn, hasActiveFilters, readFestivalSearch } from "~/services/festivals/festival-search.server";
import { festivalCard, pastFestival } from "~/services/festivals/festival-cards.server";
import { festivalsOverview } from "~/services/festivals/festivals-page.server";
import { hasEnded, listFestivals } from "~/services/festivals/festivals.server";
import { FESTIVALS_FEED_PATH } from "~/http/calendar-routes.server";
import { getEnv } from "~/utils/env.server";
import { todayIsoDate } from "~/utils/dates";
import { pageMeta, siteIdentity } from "~/http/meta";
import { requireFeature } from "~/http/site.server";
import type { Route } from "./+types/festivals";
import { ArrowLeft, SearchX, ArrowRight, Flower2, MapPin, X, CalendarPlus, CalendarSearch, Download } from "~/components/icons";
import { Link, useSearchParams } from "react-router";
import { formatDateRange, formatLongDate, MONTH_NAMES } from "~/components/festivals/dates";
import { FestivalCalendarSlot } from "~/components/festivals/festival-calendar-slot";
import { buttonVariants } from "~/components/ui/button";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { withCallerClasses } from "~/utils/cn";
import { clsx } from "clsx";

export const PAGE_TITLE = "Flower Festival Calendar";

/** The month the calendar shows, when its arrows' links ask for one: `?calendar=2027-01`. */
const CALENDAR_MONTH_PARAM = "calendar";

/** The month a link asks the calendar for, if it is a real one (YYYY-MM, years 2000-2099); anything else is ignored. */
function calendarMonthParam(params: URLSearchParams): string | undefined {
  const month = params.get(CALENDAR_MONTH_PARAM)?.trim();
  return month && /^20\d\d-(0[1-9]|1[0-2])$/.test(month) ? month : undefined;
}

/** How many festivals the page's structured data names. */
const STRUCTURED_EVENTS = 10;

export async function loader({ request }: Route.LoaderArgs) {
  await requireFeature("festivals");
  const today = todayIsoDate();
  const url = new URL(request.url);
  const search = readFestivalSearch(url.searchParams);
  const { date, ...listFilters } = search;
  // Without a search, month or state the matching festivals are every festival, whose cards are kept ready.
  const listFiltered = Boolean(listFilters.q || listFilters.month || listFilters.state);
  const [overview, filteredFestivals] = await Promise.all([
    festivalsOverview(today),
    listFiltered ? listFestivals(getDb(), listFilters, today) : undefined,
  ]);
  const { stateOptions } = overview;
  // The state filter matches case-insensitively; show the select with the data's own spelling.
  const state = search.state && (stateOptions.find((name) => name.toLowerCase() === search.state?.toLowerCase()) ?? search.state);
  const matching = filteredFestivals ?? overview.everyFestival;
  // A picked day lists whatever runs then, a later year's occurrence of a yearly festival or a past one-off alike;
  // otherwise festivals on their current occurrence, and the one-offs that are over under "Past festivals".
  const listed = date
    ? festivalsRunningOn(matching, date).map((festival) => festivalCard(festival))
    : filteredFestivals
      ? filteredFestivals.filter((festival) => !hasEnded(festival, today)).map((festival) => festivalCard(festival))
      : overview.listed;
  const past = date
    ? []
    : filteredFestivals
      ? filteredFestivals
          .filter((festival) => hasEnded(festival, today))
          .reverse()
          .map(pastFestival)
      : overview.past;
  return {
    filters: { ...search, ...(state ? { state } : {}) } satisfies FestivalFilterValues,
    filtered: hasActiveFilters(search),
    // Each card's own fields, not the rows (issue #39).
    festivals: listed,
    past,
    upcoming: overview.upcoming,
    calendar: overview.calendar,
    stateOptions: state && !stateOptions.includes(state) ? [...stateOptions, state].sort() : stateOptions,
    stateShortcuts: overview.stateShortcuts,
    today,
    // The calendar opens on the month its arrows' links ask for (?calendar=2027-01: they work without JavaScript),
    // else on the picked day's month, else on this month (the server's today, sent with the page: the browser
    // hydrates the same month).
    calendarMonth: calendarMonthParam(url.searchParams) ?? (date ?? today).slice(0, 7),
    // A subscription calendars read again (webcal:// is the scheme they open), beside a one-off download.
    subscribeUrl: `webcal://${new URL(getEnv().SITE_URL).host}${FESTIVALS_FEED_PATH}`,
    downloadUrl: `${FESTIVALS_FEED_PATH}?download`,
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, {
    title: PAGE_TITLE,
    description:
      "Plan trips to flower festivals across the United States: tulip fields, rose parades, cherry blossoms, lilacs and dahlias, with dates, venues, tickets and a calendar you can subscribe to.",
    keywords: "flower festivals, tulip festival, cherry blossom festival, rose parade, flower show, festival calendar",
    path: "/festivals",
    jsonLd: import.meta.env.SSR && data ? festivalEventList(data.festivals.slice(0, STRUCTURED_EVENTS), siteIdentity(matches).url) : undefined,
  });

function SectionTitle({ id, children, className }: { id: string; children: React.ReactNode; className?: string }) {
  return (
    <h2 id={id} className={withCallerClasses("font-serif text-2xl font-semibold tracking-tight text-ink sm:text-3xl", className)}>
      {children}
    </h2>
  );
}

function PageIntro({ subscribeUrl, downloadUrl }: { subscribeUrl: string; downloadUrl: string }) {
  return (
    <div className="relative isolate overflow-hidden border-b border-stone-200/70 bg-gradient-to-br from-blush via-cream to-[#eef4ef]">
      <Flower2
        className="absolute -right-16 -top-14 -z-10 size-56 rotate-12 text-rose-brand/[0.08] sm:-right-10 sm:size-80 sm:text-rose-brand/10"
        aria-hidden="true"
        strokeWidth={1}
      />
      <div className="mx-auto max-w-7xl px-4 pb-10 pt-6 sm:px-6 sm:pb-14 sm:pt-8 lg:px-8">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded-full py-1 text-sm font-medium text-muted transition-colors hover:text-rose-brand"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
        <p className="mt-6 text-sm font-semibold uppercase tracking-[0.18em] text-rose-brand">Festivals</p>
        <h1 className="mt-2 max-w-3xl font-serif text-4xl font-semibold leading-tight tracking-tight text-ink sm:text-5xl">
          {PAGE_TITLE}
        </h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">
          Tulip fields, rose parades, cherry blossoms and lilac weeks: find flower festivals across the United States, pick
          a day on the calendar and add the ones you love to your own calendar.
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
          <a href={subscribeUrl} className={buttonVariants({ variant: "secondary", size: "sm" })}>
            <CalendarPlus aria-hidden="true" />
            Subscribe to all festivals
          </a>
          <a
            href={downloadUrl}
            download="flower-festivals.ics"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-rose-brand underline-offset-4 hover:underline"
          >
            <Download className="size-4" aria-hidden="true" />
            Download once (.ics)
          </a>
        </div>
        <p className="mt-2 max-w-2xl text-sm text-muted">
          Subscribing keeps your calendar up to date as festivals are added and each year&apos;s dates come round.
        </p>
      </div>
    </div>
  );
}

function UpcomingFestivals({ festivals }: { festivals: Route.ComponentProps["loaderData"]["upcoming"] }) {
  return (
    <section aria-labelledby="upcoming-heading" className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-12 lg:px-8">
      <SectionTitle id="upcoming-heading">Upcoming Festivals</SectionTitle>
      {festivals.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white/60 px-5 py-8 text-center text-muted">
          No upcoming festivals at this time. Check back soon!
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-3 md:gap-6" data-testid="upcoming-festivals">
          {festivals.map((festival) => (
            <li key={festival.id}>
              <FestivalCard festival={festival} eager compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FindByLocation({ states }: { states: { id: string; name: string; listings: number }[] }) {
  return (
    <section aria-labelledby="location-heading" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="location-heading" className="flex items-center gap-2 font-serif text-xl font-semibold text-ink">
        <MapPin className="size-5 text-rose-brand" aria-hidden="true" />
        Find by Location
      </h2>
      <p className="mt-1 text-sm text-muted">Wholesale flower sellers near the festivals.</p>
      <ul className="mt-4 grid grid-cols-2 gap-2">
        {states.map((state) => (
          <li key={state.id}>
            <Link
              to={`/state/${state.id}`}
              className="loc-link"
            >
              <span className="truncate">{state.name}</span>
              <span className="loc-count">
                {state.listings}
                <span className="sr-only">{state.listings === 1 ? " listing" : " listings"}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/all-states"
        className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-rose-brand underline-offset-4 hover:underline"
      >
        View All States
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </section>
  );
}

/** The active filters as removable chips, so each one can be undone on its own. */
function ActiveFilters({ filters }: { filters: FestivalFilterValues }) {
  const chips: { key: keyof FestivalFilterValues; label: string }[] = [];
  if (filters.q) chips.push({ key: "q", label: `“${filters.q}”` });
  if (filters.month) chips.push({ key: "month", label: MONTH_NAMES[filters.month - 1] ?? "" });
  if (filters.state) chips.push({ key: "state", label: filters.state });
  if (filters.date) chips.push({ key: "date", label: formatDateRange(filters.date, filters.date) });
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {chips.map((chip) => {
        const params = filterSearchParams({ ...filters, [chip.key]: undefined }).toString();
        return (
          <li key={chip.key}>
            <Link
              to={params ? `/festivals?${params}` : "/festivals"}
              preventScrollReset
              className="inline-flex items-center gap-1.5 rounded-full bg-blush px-3 py-1.5 text-sm font-medium text-plum transition-colors hover:bg-rose-100"
            >
              {chip.label}
              <X className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(remove filter)</span>
            </Link>
          </li>
        );
      })}
      {chips.length > 1 ? (
        <li>
          <Link to="/festivals" preventScrollReset className="px-1 text-sm font-medium text-muted underline-offset-4 hover:text-rose-brand hover:underline">
            Clear all
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** One-off festivals that are over: out of the lists above, still here to find (and in the site search). */
function PastFestivals({ festivals }: { festivals: Route.ComponentProps["loaderData"]["past"] }) {
  return (
    <section aria-labelledby="past-heading" className="order-3 lg:order-none">
      <SectionTitle id="past-heading" className="text-xl sm:text-2xl">
        Past festivals
      </SectionTitle>
      <p className="mt-1 text-sm text-muted">Held once, and over. Their pages stay for reference.</p>
      <ul className="mt-4 grid gap-2" data-testid="past-festivals">
        {festivals.map((festival) => (
          <li key={festival.id} className="rounded-xl border border-stone-200 bg-white px-4 py-3">
            <Link to={`/festivals/${festival.id}`} className="font-semibold text-ink underline-offset-4 hover:text-rose-brand hover:underline">
              {festival.name}
            </Link>
            <p className="text-sm text-muted">
              <time dateTime={festival.startDate}>{formatDateRange(festival.startDate, festival.endDate)}</time> · {festival.city},{" "}
              {festival.state}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The festival calendar. */
export default function Festivals({ loaderData }: Route.ComponentProps) {
  const { filters, filtered, festivals, past, upcoming, calendar, calendarMonth, stateOptions, stateShortcuts, today, subscribeUrl, downloadUrl } =
    loaderData;
  const [, setSearchParams] = useSearchParams();

  const pickDate = (date: string | undefined) =>
    setSearchParams(filterSearchParams({ ...filters, date }), { preventScrollReset: true });
  // The month arrows' links: this page with its filters, showing that month, scrolled to the calendar.
  const monthHref = (month: string) => {
    const params = filterSearchParams(filters);
    params.set(CALENDAR_MONTH_PARAM, month);
    return `/festivals?${params.toString()}#calendar-heading`;
  };

  const count = `${festivals.length} ${festivals.length === 1 ? "festival" : "festivals"}`;

  return (
    <>
      <PageIntro subscribeUrl={subscribeUrl} downloadUrl={downloadUrl} />
      <UpcomingFestivals festivals={upcoming} />

      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-12 lg:grid lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start lg:gap-10 lg:px-8">
        {/* On phones the blocks interleave (filters, calendar, list, locations); from lg the calendar and locations form a sidebar. */}
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <section
            aria-labelledby="calendar-heading"
            className="order-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 lg:order-none"
          >
            <h2 id="calendar-heading" className="flex items-center gap-2 font-serif text-xl font-semibold text-ink">
              <CalendarSearch className="size-5 text-rose-brand" aria-hidden="true" />
              Festival Calendar
            </h2>
            <p className="mt-1 text-sm text-muted">Pick a day to see the festivals running then.</p>
            {/* A GET form, so a day picked before the page's script runs, or without JavaScript, still filters. */}
            <form method="get" action="/festivals" className="mx-auto mt-4 max-w-[22rem]">
              {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
              {filters.month ? <input type="hidden" name="month" value={String(filters.month)} /> : null}
              {filters.state ? <input type="hidden" name="state" value={filters.state} /> : null}
              <FestivalCalendarSlot
                festivals={calendar}
                selected={filters.date}
                today={today}
                initialMonth={calendarMonth}
                monthHref={monthHref}
                onSelect={pickDate}
              />
            </form>
          </section>
          <div className="order-4 lg:order-none">
            <FindByLocation states={stateShortcuts} />
          </div>
        </div>

        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-1 lg:order-none">
            <FestivalFilters values={filters} states={stateOptions} />
          </div>

          <section aria-labelledby="list-heading" className="order-3 lg:order-none">
            <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
              <SectionTitle id="list-heading">{filtered ? "Filtered Festivals" : "All Festivals"}</SectionTitle>
              <p className="text-sm text-muted" role="status">
                {filters.date ? `${count} on ${formatLongDate(filters.date)}` : count}
              </p>
            </div>
            <div className="mt-3">
              <ActiveFilters filters={filters} />
            </div>
            {festivals.length === 0 ? (
              <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white/60 px-6 py-14 text-center">
                <SearchX className="size-10 text-rose-brand/70" aria-hidden="true" />
                <p className="mt-4 max-w-md text-muted">No festivals match your search criteria. Try adjusting your filters.</p>
                <Link to="/festivals" preventScrollReset className={clsx(buttonVariants({ variant: "secondary", size: "sm" }), "mt-6")}>
                  Show all festivals
                </Link>
              </div>
            ) : (
              <HydrateLater>
                <ul className="mt-6 grid gap-4 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3" data-testid="festival-list">
                  {festivals.map((festival) => (
                    <li key={festival.id}>
                      <FestivalCard festival={festival} />
                    </li>
                  ))}
                </ul>
              </HydrateLater>
            )}
          </section>
          {past.length > 0 ? <PastFestivals festivals={past} /> : null}
        </div>
      </div>
    </>
  );
}
