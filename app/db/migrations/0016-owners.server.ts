import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.server";

/**
 * Owners claim and keep their listing (issue #36, decision 045).
 *
 * `owner_claims`: "Is this your business? Claim it": who asked (name, role, email, phone) for which listing. `status`
 * is `verified` (the email is on the listing's own website domain: a sign-in link went out at once), `pending` (an
 * admin decides), `approved` or `rejected`.
 *
 * `listing_owners`: the addresses that own a listing (several per listing). `freshness_*` is the periodic "Is your
 * listing still right?": when it was last asked (the row claimed atomically, so one server asks), the SHA-256 of its
 * one-click token, and when and what came back. `holiday_asked_for` is the date of the last flower holiday whose
 * week's hours the owner was asked for (three weeks ahead, once).
 *
 * `owner_links`: single-use sign-in links (30 minutes), only the token's SHA-256 kept. `owner_sessions`: the owner's
 * own sessions (separate from the admin's), only the id's SHA-256 kept.
 *
 * `owner_changes`: an owner's change of name, address or zipcode, waiting for an admin (before and after as JSON).
 *
 * `wholesalers.owner_confirmed_at`: the date an owner last confirmed the listing (the "owner-verified" mark).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("owner_claims"))
    .addColumn("wholesaler_id", "integer", (col) => col.notNull().references("wholesalers.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("email_normalized", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "text")
    .execute();
  await db.schema.createIndex("owner_claims_status_idx").on("owner_claims").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("owner_claims_wholesaler_idx").on("owner_claims").columns(["wholesaler_id", "created_at"]).execute();
  await db.schema.createIndex("owner_claims_ip_idx").on("owner_claims").columns(["ip", "created_at"]).execute();

  await withIdColumn(db, db.schema.createTable("listing_owners"))
    .addColumn("wholesaler_id", "integer", (col) => col.notNull().references("wholesalers.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("email_normalized", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("freshness_asked_at", "text")
    .addColumn("freshness_token_hash", "text")
    .addColumn("freshness_answer", "text")
    .addColumn("freshness_answered_at", "text")
    .addColumn("holiday_asked_for", "text")
    .execute();
  await db.schema
    .createIndex("listing_owners_listing_email_idx")
    .on("listing_owners")
    .columns(["wholesaler_id", "email_normalized"])
    .unique()
    .execute();
  await db.schema.createIndex("listing_owners_email_idx").on("listing_owners").column("email_normalized").execute();
  await db.schema.createIndex("listing_owners_asked_idx").on("listing_owners").columns(["freshness_asked_at", "id"]).execute();
  await db.schema.createIndex("listing_owners_token_idx").on("listing_owners").column("freshness_token_hash").unique().execute();

  await withIdColumn(db, db.schema.createTable("owner_links"))
    .addColumn("email_normalized", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("owner_links_email_idx").on("owner_links").columns(["email_normalized", "created_at"]).execute();

  await db.schema
    .createTable("owner_sessions")
    .addColumn("id_hash", "text", (col) => col.primaryKey().notNull())
    .addColumn("email_normalized", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("owner_sessions_email_idx").on("owner_sessions").columns(["email_normalized", "expires_at"]).execute();

  await withIdColumn(db, db.schema.createTable("owner_changes"))
    .addColumn("wholesaler_id", "integer", (col) => col.notNull().references("wholesalers.id").onDelete("cascade"))
    .addColumn("owner_email", "text", (col) => col.notNull())
    .addColumn("before", "text", (col) => col.notNull())
    .addColumn("after", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "text")
    .execute();
  await db.schema.createIndex("owner_changes_status_idx").on("owner_changes").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("owner_changes_wholesaler_idx").on("owner_changes").columns(["wholesaler_id", "status"]).execute();

  await db.schema.alterTable("wholesalers").addColumn("owner_confirmed_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("wholesalers").dropColumn("owner_confirmed_at").execute();
  for (const table of ["owner_changes", "owner_sessions", "owner_links", "listing_owners", "owner_claims"]) {
    await db.schema.dropTable(table).execute();
  }
}
