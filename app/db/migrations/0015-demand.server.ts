import type { Kysely } from "kysely";
import { floatType, withIdColumn } from "./helpers.server";

/**
 * Demand: "tell me when a supplier is listed near me" (issue #36, decision 044).
 *
 * `demand_requests`: one row per address and zipcode. `status` is pending (double opt-in: the confirmation link's
 * token in `confirm_token`), confirmed (waiting, until `expires_at`, 12 months after confirming), fulfilled (the
 * one message naming `wholesaler_id` was queued at `fulfilled_at`) or cancelled (the unsubscribe link). The
 * zipcode's centroid is copied in (`latitude`, `longitude`) so that a new listing finds the requests around it
 * through an index. A new request for an address and zipcode whose row ended reuses that row.
 *
 * `empty_searches`: how many results pages found nothing within their radius, per zipcode and day (the site
 * calendar's date); no address, no person: the admin's demand view ranks places by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("demand_requests"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("email_normalized", "text", (col) => col.notNull())
    .addColumn("zipcode", "text", (col) => col.notNull())
    .addColumn("latitude", floatType(db), (col) => col.notNull())
    .addColumn("longitude", floatType(db), (col) => col.notNull())
    .addColumn("radius_miles", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("confirm_token", "text")
    .addColumn("confirm_sent_at", "text")
    .addColumn("unsubscribe_token", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("expires_at", "text")
    .addColumn("fulfilled_at", "text")
    .addColumn("wholesaler_id", "integer")
    .addColumn("cancelled_at", "text")
    .execute();
  await db.schema
    .createIndex("demand_requests_address_idx")
    .on("demand_requests")
    .columns(["email_normalized", "zipcode"])
    .unique()
    .execute();
  await db.schema.createIndex("demand_requests_confirm_token_idx").on("demand_requests").column("confirm_token").unique().execute();
  await db.schema.createIndex("demand_requests_unsubscribe_token_idx").on("demand_requests").column("unsubscribe_token").unique().execute();
  // The requests waiting around a point: a new listing's, or a business's zipcode on "List your business".
  await db.schema.createIndex("demand_requests_waiting_idx").on("demand_requests").columns(["status", "latitude", "longitude"]).execute();
  // The admin's view: waiting requests per zipcode; the removal of requests never confirmed.
  await db.schema.createIndex("demand_requests_zipcode_idx").on("demand_requests").columns(["status", "zipcode"]).execute();
  await db.schema.createIndex("demand_requests_created_idx").on("demand_requests").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("empty_searches")
    .addColumn("zipcode", "text", (col) => col.notNull())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("empty_searches_pkey", ["zipcode", "day"])
    .execute();
  // The admin's view sums the last days' counts per zipcode.
  await db.schema.createIndex("empty_searches_day_idx").on("empty_searches").columns(["day", "zipcode", "count"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("empty_searches").execute();
  await db.schema.dropTable("demand_requests").execute();
}
