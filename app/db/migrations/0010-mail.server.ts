import { sql, type Kysely } from "kysely";
import { withIdColumn } from "./helpers.server";

/**
 * The mail channel (decision 039).
 *
 * `mail_outbox`: one row per message and recipient, written in the same transaction as what it tells of (a
 * subscription, a listing request). `status` is kept (no SMTP server configured: the admin reads it), queued,
 * sending (claimed by a server until `lease_until`; `handed_at` says it was handed to SMTP), sent, or failed
 * (a permanent refusal, an address known to be undeliverable, or too many temporary failures).
 *
 * `mail_undeliverable`: addresses a server refused for good (SMTP 5xx); nothing more is sent to them.
 *
 * `newsletter_issues`: the newsletter's issues, written in Markdown; `featured` is JSON ({articles, festivals,
 * listings}: ids). A sent issue's messages are the outbox rows with its `issue_id`.
 *
 * `password_resets`: "Forgot password" links, each single use and valid 30 minutes; only the token's SHA-256 is kept.
 *
 * `newsletter_subscribers` gains its double opt-in: a status (pending, confirmed, unsubscribed, undeliverable),
 * the confirmation link's token and when it was last sent. Addresses subscribed before double opt-in asked for the
 * newsletter on a form that said they were subscribed: they stay subscribed (confirmed), each newsletter carrying
 * their unsubscribe link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("mail_outbox"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("recipient_normalized", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("html", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("headers", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("lease_until", "text")
    .addColumn("handed_at", "text")
    .addColumn("sent_at", "text")
    .addColumn("smtp_response", "text")
    .addColumn("last_error", "text")
    .addColumn("interrupted", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("issue_id", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at", "id"]).execute();
  await db.schema.createIndex("mail_outbox_created_idx").on("mail_outbox").columns(["created_at", "id"]).execute();
  await db.schema
    .createIndex("mail_outbox_recipient_idx")
    .on("mail_outbox")
    .columns(["recipient_normalized", "kind", "created_at"])
    .execute();

  await db.schema
    .createTable("mail_undeliverable")
    .addColumn("address_normalized", "text", (col) => col.primaryKey().notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("newsletter_issues"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("featured", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("draft"))
    .addColumn("recipients", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .execute();
  // The public archive: the issues sent, newest first (a draft has no sent_at).
  await db.schema.createIndex("newsletter_issues_sent_idx").on("newsletter_issues").columns(["sent_at", "id"]).execute();
  await db.schema.createIndex("mail_outbox_issue_idx").on("mail_outbox").columns(["issue_id", "status"]).execute();

  await withIdColumn(db, db.schema.createTable("password_resets"))
    .addColumn("admin_id", "integer", (col) => col.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("password_resets_admin_idx").on("password_resets").columns(["admin_id", "created_at"]).execute();

  await db.schema
    .alterTable("newsletter_subscribers")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("confirmed"))
    .execute();
  await db.schema.alterTable("newsletter_subscribers").addColumn("confirm_token", "text").execute();
  await db.schema.alterTable("newsletter_subscribers").addColumn("confirm_sent_at", "text").execute();
  await db.schema.alterTable("newsletter_subscribers").addColumn("confirmed_at", "text").execute();
  await sql`update newsletter_subscribers set status = 'unsubscribed' where unsubscribed_at is not null`.execute(db);
  await sql`update newsletter_subscribers set confirmed_at = created_at where status = 'confirmed'`.execute(db);
  await db.schema
    .createIndex("newsletter_subscribers_confirm_token_idx")
    .on("newsletter_subscribers")
    .column("confirm_token")
    .unique()
    .execute();
  await db.schema.createIndex("newsletter_subscribers_status_idx").on("newsletter_subscribers").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("newsletter_subscribers_status_idx").execute();
  await db.schema.dropIndex("newsletter_subscribers_confirm_token_idx").execute();
  for (const column of ["confirmed_at", "confirm_sent_at", "confirm_token", "status"]) {
    await db.schema.alterTable("newsletter_subscribers").dropColumn(column).execute();
  }
  await db.schema.dropTable("password_resets").execute();
  await db.schema.dropTable("newsletter_issues").execute();
  await db.schema.dropTable("mail_undeliverable").execute();
  await db.schema.dropTable("mail_outbox").execute();
}
