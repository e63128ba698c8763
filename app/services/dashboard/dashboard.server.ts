import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { todayIsoDate } from "~/utils/dates";
import { countOpenReports } from "../reports/admin.server";
import { countPendingSubmissions } from "../submissions/admin.server";
import { getVerificationCoverage } from "../wholesalers/admin.server";
import { getDirectoryCoverage } from "../wholesalers/wholesalers.server";
import { countOwnerQueue } from "../owners/owners.server";

export interface DashboardCounts {
  wholesalers: number;
  statesCovered: number;
  /** Listings whose facts were confirmed in the last 12 months. */
  verifiedLastYear: number;
  upcomingFestivals: number;
  publishedPosts: number;
  activeSubscribers: number;
  pendingSuggestions: number;
}

const countPendingSuggestions = async (db: Kysely<Database>) =>
  Number(
    (
      await db
        .selectFrom("location_suggestions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The Overview figures, straight from the tables. `today` is the site calendar's date (YYYY-MM-DD). */
export async function getDashboardCounts(db: Kysely<Database>, today: string = todayIsoDate()): Promise<DashboardCounts> {
  const [coverage, verification, festivals, posts, subscribers, suggestions] = await Promise.all([
    getDirectoryCoverage(db),
    getVerificationCoverage(db, today),
    db
      .selectFrom("festivals")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      // A yearly festival is always upcoming (on its next occurrence); a one-off until its last day.
      .where((eb) => eb.or([eb("end_date", ">=", today), eb("recurrence", "is not", null)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "published")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("newsletter_subscribers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      // Those the newsletter goes to: confirmed, not pending, unsubscribed or undeliverable.
      .where("status", "=", "confirmed")
      .executeTakeFirstOrThrow(),
    countPendingSuggestions(db),
  ]);
  return {
    wholesalers: coverage.listings,
    statesCovered: coverage.states,
    verifiedLastYear: verification.verifiedLastYear,
    upcomingFestivals: Number(festivals.n),
    publishedPosts: Number(posts.n),
    activeSubscribers: Number(subscribers.n),
    pendingSuggestions: suggestions,
  };
}

/** What waits for an admin in each section, for the counts in the admin navigation. */
export async function getAdminNavCounts(db: Kysely<Database>) {
  const [pendingSuggestions, pendingSubmissions, openReports, ownerQueue] = await Promise.all([
    countPendingSuggestions(db),
    countPendingSubmissions(db),
    countOpenReports(db),
    countOwnerQueue(db),
  ]);
  return { pendingSuggestions, pendingSubmissions, openReports, ownerQueue };
}
