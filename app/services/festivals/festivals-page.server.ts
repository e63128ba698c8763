import { getDb } from "~/db/db.server";
import { listStateNames } from "~/services/states/states.server";
import { keptUntilWrite } from "~/services/tools/kept.server";
import { byListingsFirst, listingCountsByState } from "~/services/wholesalers/wholesalers.server";
import { addDays } from "~/utils/dates";
import { festivalCard, pastFestival } from "./festival-cards.server";
import { hasEnded, listFestivals } from "./festivals.server";
import { occurrencesBetween } from "./occurrences.server";

/** Limits of the spec: upcoming cards, state shortcuts. */
const UPCOMING_FESTIVALS = 3;
const STATE_SHORTCUTS = 6;

/** How far ahead the calendar marks the days of yearly festivals (their later occurrences, not only the current one). */
const CALENDAR_DAYS_AHEAD = 730;

/**
 * What the festivals page shows whatever its filters, on a given day: every festival (rolled forward to its current
 * occurrence), the upcoming three, the calendar's marked days over two years, the states to filter by and the
 * location shortcuts, and the unfiltered list's cards. Read and worked out once a day and kept until an admin's
 * write (keptUntilWrite, issue #39): expanding every yearly rule over two years was about a tenth of the page's CPU.
 * Its parts are shared by every request: read them, never change them.
 */
export const festivalsOverview = keptUntilWrite("Festivals page", async (today: string) => {
  const db = getDb();
  const [everyFestival, states, counts] = await Promise.all([listFestivals(db, {}, today), listStateNames(db), listingCountsByState(db)]);
  // As listUpcomingFestivals has them: in date order, those not over.
  const upcoming = everyFestival.filter((festival) => !hasEnded(festival, today));
  const calendarEnd = addDays(today, CALENDAR_DAYS_AHEAD);
  return {
    everyFestival,
    /** Every festival not over, soonest first (a festival's page shows three of them). */
    upcomingFestivals: upcoming,
    // Festivals on their current occurrence; a one-off that is over goes to "Past festivals", latest first.
    listed: upcoming.map((festival) => festivalCard(festival)),
    past: everyFestival
      .filter((festival) => hasEnded(festival, today))
      .reverse()
      .map(pastFestival),
    upcoming: upcoming.slice(0, UPCOMING_FESTIVALS).map((festival) => festivalCard(festival, { compact: true })),
    // Every day a festival runs, over the next two years too: a yearly festival marks each year's days.
    calendar: everyFestival.flatMap((festival) => occurrencesBetween(festival, festival.startDate, calendarEnd)),
    stateOptions: [...new Set(everyFestival.map((festival) => festival.state))].sort((a, b) => a.localeCompare(b)),
    stateShortcuts: byListingsFirst(states, counts)
      .slice(0, STATE_SHORTCUTS)
      .map(({ id, name, listings }) => ({ id, name, listings })),
  };
});
