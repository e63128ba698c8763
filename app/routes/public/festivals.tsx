import { FestivalCard } from "~/components/festivals/lazy-festival-card";
import { island, withIslands, type Island } from "~/components/ui/island";
import type { FestivalFilterValues } from "~/components/festivals/festival-filters";
import { festivalEventList } from "~/services/seo/festival-json-ld";
import { getDb } from "~/db/db.server";
import { festivalsRunningOn, hasActiveFilters, nextFestivalDay, readFestivalSearch } from "~/services/festivals/festival-search.server";
import { listFestivals, listUpcomingFestivals, type Festival } from "~/services/festivals/festivals.server";
import { listStateNames } from "~/services/states/states.server";
import { byListingsFirst, listingCountsByState } from "~/services/wholesalers/wholesalers.server";
import { todayIsoDate } from "~/utils/dates";
import { pageMeta, siteIdentity } from "~/http/meta";
import { requireFeature } from "~/http/site.server";
import type { Route } from "./+types/festivals";
import { PAGE_TITLE } from "./pages/festivals-texts";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/festivals");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.FestivalsPage, import.meta.env.SSR ? await loadPage() : undefined);

/** Limits of the spec: upcoming cards, state shortcuts, events in the structured data. */
const UPCOMING_FESTIVALS = 3;
const STATE_SHORTCUTS = 6;
const STRUCTURED_EVENTS = 10;

const toSummary = ({ updatedAt: _updatedAt, ...festival }: Festival) => festival;

export async function loader({ request }: Route.LoaderArgs) {
  await requireFeature("festivals");
  const db = getDb();
  const today = todayIsoDate();
  const search = readFestivalSearch(new URL(request.url).searchParams);
  const { date, ...listFilters } = search;
  // Without a search, month or state the matching festivals are every festival: asked once.
  const listFiltered = Boolean(listFilters.q || listFilters.month || listFilters.state);
  const [everyFestival, filteredFestivals, upcoming, states, counts] = await Promise.all([
    listFestivals(db),
    listFiltered ? listFestivals(db, listFilters) : undefined,
    listUpcomingFestivals(db, UPCOMING_FESTIVALS, today),
    listStateNames(db),
    listingCountsByState(db),
  ]);
  const matching = filteredFestivals ?? everyFestival;
  const stateOptions = [...new Set(everyFestival.map((festival) => festival.state))].sort((a, b) => a.localeCompare(b));
  // The state filter matches case-insensitively; show the select with the data's own spelling.
  const state = search.state && (stateOptions.find((name) => name.toLowerCase() === search.state?.toLowerCase()) ?? search.state);
  return {
    filters: { ...search, ...(state ? { state } : {}) } satisfies FestivalFilterValues,
    filtered: hasActiveFilters(search),
    festivals: festivalsRunningOn(matching, date).map(toSummary),
    upcoming: upcoming.map(toSummary),
    calendar: everyFestival.map(({ startDate, endDate }) => ({ startDate, endDate })),
    stateOptions: state && !stateOptions.includes(state) ? [...stateOptions, state].sort() : stateOptions,
    stateShortcuts: byListingsFirst(states, counts)
      .slice(0, STATE_SHORTCUTS)
      .map(({ id, name, listings }) => ({ id, name, listings })),
    today,
    // Open the calendar on the picked day, or else on the next day a matching festival runs, not on an empty month.
    calendarMonth: (date ?? nextFestivalDay(matching, today) ?? nextFestivalDay(everyFestival, today) ?? today).slice(0, 7),
  };
}

/** A client-side navigation waits for the page's and the cards' code with the data (components/ui/island.tsx). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page, FestivalCard);

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, {
    title: PAGE_TITLE,
    description:
      "Plan trips to flower festivals across the United States: tulip fields, rose parades, cherry blossoms, lilacs and dahlias, with dates, venues, tickets and a calendar you can subscribe to.",
    keywords: "flower festivals, tulip festival, cherry blossom festival, rose parade, flower show, festival calendar",
    path: "/festivals",
    jsonLd: import.meta.env.SSR && data ? festivalEventList(data.festivals.slice(0, STRUCTURED_EVENTS), siteIdentity(matches).url) : undefined,
  });

export default function Festivals(props: Route.ComponentProps) {
  return <Page {...props} />;
}
