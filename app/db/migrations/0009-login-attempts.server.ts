import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.server";

/**
 * Sign-in attempts, each written before its password is checked (services/auth/throttle.server.ts), so that
 * attempts sent at once are all counted: the throttle reads the ones before it by id. `device` is the id of the
 * signed device cookie the attempt carried for its account (a browser that signed in as that admin before), or
 * null. `outcome` is pending while the password is checked, then failure, success or refused (not checked), at
 * `settled_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("login_attempts"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("device", "text")
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("settled_at", "text")
    .execute();
  await db.schema.createIndex("login_attempts_email_idx").on("login_attempts").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("login_attempts_ip_idx").on("login_attempts").columns(["ip", "created_at"]).execute();
  await db.schema.createIndex("login_attempts_device_idx").on("login_attempts").columns(["device", "created_at"]).execute();
  // Attempts older than a day are deleted (services/auth/throttle.server.ts).
  await db.schema.createIndex("login_attempts_created_at_idx").on("login_attempts").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_attempts").execute();
}
