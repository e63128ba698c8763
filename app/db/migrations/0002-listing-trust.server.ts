import { sql, type Kysely } from "kysely";
import { timeZoneAt } from "~/utils/time-zone.server";
import { withIdColumn } from "./helpers.server";

/**
 * What makes a listing trustworthy and lets the directory grow: who may buy, a weekly schedule in the
 * listing's own time zone, when and from where its facts were last checked; problem reports from visitors;
 * listings submitted by the businesses themselves; and the listing a suggestion became.
 *
 * Upgrades a database in place: every new column is nullable or has a default, and each existing listing
 * gets the time zone of its coordinates (the one fact derivable from what is already stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  for (const column of ["access", "access_note", "opening_hours", "time_zone", "verified_at", "source", "admin_note"]) {
    await db.schema.alterTable("wholesalers").addColumn(column, "text").execute();
  }
  await db.schema
    .alterTable("wholesalers")
    .addColumn("location_approximate", "boolean", (col) => col.notNull().defaultTo(sql`false`))
    .execute();
  await db.schema.createIndex("wholesalers_verified_idx").on("wholesalers").column("verified_at").execute();

  // The time zone of each existing listing, from its coordinates.
  const listings = await sql<{ id: number; latitude: number; longitude: number }>`select id, latitude, longitude from wholesalers`.execute(
    db,
  );
  for (const row of listings.rows) {
    await sql`update wholesalers set time_zone = ${timeZoneAt(row.latitude, row.longitude)} where id = ${row.id}`.execute(db);
  }

  await withIdColumn(db, db.schema.createTable("listing_reports"))
    .addColumn("wholesaler_id", "integer", (col) => col.notNull().references("wholesalers.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("details", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("email", "text")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("open"))
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("reviewed_at", "text")
    .execute();
  await db.schema.createIndex("listing_reports_status_idx").on("listing_reports").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("listing_reports_wholesaler_idx").on("listing_reports").column("wholesaler_id").execute();

  await withIdColumn(db, db.schema.createTable("business_submissions"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("state_id", "text", (col) => col.notNull().references("states.id"))
    .addColumn("zipcode", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("access", "text")
    .addColumn("access_note", "text")
    .addColumn("phone", "text")
    .addColumn("website", "text")
    .addColumn("opening_hours", "text")
    .addColumn("hours", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("submitter_name", "text", (col) => col.notNull())
    .addColumn("submitter_email", "text", (col) => col.notNull())
    .addColumn("submitter_role", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("wholesaler_id", "integer", (col) => col.references("wholesalers.id").onDelete("set null"))
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("reviewed_at", "text")
    .execute();
  await db.schema.createIndex("business_submissions_status_idx").on("business_submissions").columns(["status", "created_at"]).execute();

  // The listing a suggestion became: it is "accepted" only once that listing is saved.
  await db.schema
    .alterTable("location_suggestions")
    .addColumn("wholesaler_id", "integer", (col) => col.references("wholesalers.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("business_submissions").ifExists().execute();
  await db.schema.dropTable("listing_reports").ifExists().execute();
  await db.schema.alterTable("location_suggestions").dropColumn("wholesaler_id").execute();
  await db.schema.dropIndex("wholesalers_verified_idx").ifExists().execute();
  for (const column of [
    "location_approximate",
    "admin_note",
    "source",
    "verified_at",
    "time_zone",
    "opening_hours",
    "access_note",
    "access",
  ]) {
    await db.schema.alterTable("wholesalers").dropColumn(column).execute();
  }
}
