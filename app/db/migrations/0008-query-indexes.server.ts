import type { Kysely } from "kysely";

/**
 * Indexes that give the public pages' lists in the order they are shown, so that SQLite and PostgreSQL read
 * them in order instead of sorting them for each request (tests/integration/query-plans.test.ts found each):
 * - a state's cities in their order (the state page, the state API, the state select of every page's finder);
 * - a state's listings, featured first, by name (the state page and API);
 * - festivals by date, then name (the festival pages, the home page, the calendars);
 * - the grocery-store guide in its order;
 * - jobs by state (the queue looks up the next queued job and the running ones; finished jobs stay as history);
 * - for the admin's screens: listings by name (the list and its CSV), articles by date, the festivals' states (the
 *   list's filter), and the subscribers still subscribed (counted on the dashboard and the list).
 * The festivals' index of start dates alone is replaced by the one with the name after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("cities_state_position_name_idx").on("cities").columns(["state_id", "position", "name"]).execute();
  await db.schema
    .createIndex("wholesalers_state_featured_name_idx")
    .on("wholesalers")
    .columns(["state_id", "featured desc", "name"])
    .execute();
  await db.schema.createIndex("festivals_start_date_name_idx").on("festivals").columns(["start_date", "name"]).execute();
  await db.schema.dropIndex("festivals_start_date_idx").execute();
  await db.schema.createIndex("grocery_stores_position_name_idx").on("grocery_stores").columns(["position", "name"]).execute();
  await db.schema.createIndex("jobs_state_id_idx").on("jobs").columns(["state", "id"]).execute();
  await db.schema.createIndex("wholesalers_name_idx").on("wholesalers").column("name").execute();
  await db.schema.createIndex("blog_posts_date_idx").on("blog_posts").column("date").execute();
  await db.schema.createIndex("festivals_state_idx").on("festivals").column("state").execute();
  await db.schema.createIndex("newsletter_subscribers_unsubscribed_idx").on("newsletter_subscribers").column("unsubscribed_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("newsletter_subscribers_unsubscribed_idx").execute();
  await db.schema.dropIndex("festivals_state_idx").execute();
  await db.schema.dropIndex("blog_posts_date_idx").execute();
  await db.schema.dropIndex("wholesalers_name_idx").execute();
  await db.schema.dropIndex("jobs_state_id_idx").execute();
  await db.schema.dropIndex("grocery_stores_position_name_idx").execute();
  await db.schema.createIndex("festivals_start_date_idx").on("festivals").column("start_date").execute();
  await db.schema.dropIndex("festivals_start_date_name_idx").execute();
  await db.schema.dropIndex("wholesalers_state_featured_name_idx").execute();
  await db.schema.dropIndex("cities_state_position_name_idx").execute();
}
