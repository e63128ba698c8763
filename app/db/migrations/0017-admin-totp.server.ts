import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.server";

/**
 * A second factor for admin sign-in (issue #40 point 10, decision 048).
 *
 * `admin_second_factors`: at most one row per admin who set up an authenticator app. `secret_encrypted` is the TOTP secret
 * sealed with AES-256-GCM under a key derived from SESSION_SECRET (a leaked database alone gives no codes).
 * `enabled_at` is null while the admin is setting it up (the QR code shown, no code confirmed yet): only an enabled
 * factor is asked for at sign-in. `last_step` is the last accepted 30-second time step: a code of that step or an
 * earlier one is refused (replay), written with a conditional update so that two requests with one code cannot
 * both win.
 *
 * `admin_recovery_codes`: the ten single-use codes, only their HMAC-SHA-256 kept (keyed from SESSION_SECRET);
 * `used_at` is set once.
 *
 * `admin_sign_in_challenges`: the step between a right password and the code: only the random id's SHA-256 is
 * kept, the id itself is in a signed HttpOnly cookie of that browser; five minutes long, used once.
 *
 * `login_attempts.factor`: `password` or `code`. Wrong codes are counted before they are checked, like passwords
 * (decision 037), in the same table, but each factor against its own limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // An id of its own: an integer primary key on SQLite is the rowid, which would hand out admin ids.
  await withIdColumn(db, db.schema.createTable("admin_second_factors"))
    .addColumn("admin_id", "integer", (col) => col.notNull().unique().references("admin_users.id").onDelete("cascade"))
    .addColumn("secret_encrypted", "text", (col) => col.notNull())
    .addColumn("enabled_at", "text")
    .addColumn("last_step", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("admin_recovery_codes"))
    .addColumn("admin_id", "integer", (col) => col.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("admin_recovery_codes_admin_idx").on("admin_recovery_codes").column("admin_id").execute();

  await db.schema
    .createTable("admin_sign_in_challenges")
    .addColumn("id_hash", "text", (col) => col.primaryKey().notNull())
    .addColumn("admin_id", "integer", (col) => col.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("admin_sign_in_challenges_admin_idx").on("admin_sign_in_challenges").column("admin_id").execute();
  await db.schema.createIndex("admin_sign_in_challenges_expires_idx").on("admin_sign_in_challenges").column("expires_at").execute();

  await db.schema
    .alterTable("login_attempts")
    .addColumn("factor", "text", (col) => col.notNull().defaultTo("password"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("login_attempts").dropColumn("factor").execute();
  await db.schema.dropTable("admin_sign_in_challenges").execute();
  await db.schema.dropTable("admin_recovery_codes").execute();
  await db.schema.dropTable("admin_second_factors").execute();
}
