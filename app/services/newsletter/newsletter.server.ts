import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { badRequest } from "../errors";
import { normalizeEmail } from "../mail/address";
import { alreadySubscribedMail, confirmSubscriptionMail, type MailContext } from "../mail/messages.server";
import { enqueueMail, wakeMailSender, type OutgoingMail } from "../mail/outbox.server";

export { normalizeEmail } from "../mail/address";

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";
/** The one answer to every valid subscription, whatever the address's state (decision 039: no enumeration). */
export const CHECK_INBOX_MESSAGE = "Almost done: check your inbox and click the link we sent to confirm your subscription.";

export const subscribeSchema = z.object({
  email: z.string({ message: INVALID_EMAIL_MESSAGE }).trim().max(254, INVALID_EMAIL_MESSAGE).pipe(z.email(INVALID_EMAIL_MESSAGE)),
});

/** A confirmation (or "already subscribed") message goes to one address at most once an hour. */
export const CONFIRM_RESEND_MS = 60 * 60 * 1000;
/** Subscriptions never confirmed are removed after this long. */
export const PENDING_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

const newToken = () => crypto.randomBytes(24).toString("base64url");

type Existing = { id: number; status: string; confirm_token: string | null; confirm_sent_at: string | null; unsubscribe_token: string };

const mayWriteAgain = (row: Existing, now: Date) =>
  row.confirm_sent_at === null || now.getTime() - Date.parse(row.confirm_sent_at) >= CONFIRM_RESEND_MS;

/**
 * Double opt-in. A new address is stored as pending and sent a confirmation; a pending one gets the confirmation
 * again, a confirmed one "you are already subscribed" (each at most once an hour); an unsubscribed one is pending
 * again and confirms again. An address refused for good (undeliverable) gets nothing. The answer is the same in
 * every case, so it tells nobody whether an address is on the list.
 */
export async function subscribe(
  db: Kysely<Database>,
  input: unknown,
  context: MailContext,
  now = new Date(),
): Promise<{ message: string }> {
  const parsed = subscribeSchema.safeParse(input);
  if (!parsed.success) throw badRequest(INVALID_EMAIL_MESSAGE, { email: INVALID_EMAIL_MESSAGE });
  const email = parsed.data.email;
  const normalized = normalizeEmail(email);
  const at = now.toISOString();

  // Two tries: a request for the same address at the same moment changes the row first; the second try reads it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await db
      .selectFrom("newsletter_subscribers")
      .select(["id", "status", "confirm_token", "confirm_sent_at", "unsubscribe_token"])
      .where("email_normalized", "=", normalized)
      .executeTakeFirst();

    if (!existing) {
      const token = newToken();
      const mail = await confirmSubscriptionMail(context, email, token);
      const inserted = await db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto("newsletter_subscribers")
            .values({
              email,
              email_normalized: normalized,
              unsubscribe_token: newToken(),
              status: "pending",
              confirm_token: token,
              confirm_sent_at: at,
              confirmed_at: null,
              created_at: at,
              unsubscribed_at: null,
            })
            .execute();
          await enqueueMail(trx, mail, now);
          return true;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return false;
          throw error;
        });
      if (inserted) wakeMailSender();
      if (inserted) return { message: CHECK_INBOX_MESSAGE };
      continue;
    }

    if (existing.status === "undeliverable" || (existing.status !== "unsubscribed" && !mayWriteAgain(existing, now))) {
      return { message: CHECK_INBOX_MESSAGE };
    }

    let mail: OutgoingMail;
    let changes: { status?: string; confirm_token?: string; unsubscribed_at?: null; email?: string; created_at?: string };
    if (existing.status === "confirmed") {
      mail = await alreadySubscribedMail(context, email, existing.unsubscribe_token);
      changes = {};
    } else {
      // Pending: the same link again. Unsubscribed: pending again, with a new link to confirm.
      const token = existing.status === "pending" && existing.confirm_token ? existing.confirm_token : newToken();
      mail = await confirmSubscriptionMail(context, email, token);
      changes =
        existing.status === "pending" ? {} : { status: "pending", confirm_token: token, unsubscribed_at: null, email, created_at: at };
    }
    const changed = await db.transaction().execute(async (trx) => {
      // Only from the state read above: of two requests at once, one writes.
      let update = trx
        .updateTable("newsletter_subscribers")
        .set({ ...changes, confirm_sent_at: at })
        .where("id", "=", existing.id)
        .where("status", "=", existing.status);
      update =
        existing.confirm_sent_at === null
          ? update.where("confirm_sent_at", "is", null)
          : update.where("confirm_sent_at", "=", existing.confirm_sent_at);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await enqueueMail(trx, mail, now);
      return true;
    });
    if (changed) wakeMailSender();
    return { message: CHECK_INBOX_MESSAGE };
  }
  return { message: CHECK_INBOX_MESSAGE };
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export type ConfirmationState = { state: "pending"; email: string } | { state: "confirmed"; email: string } | { state: "unknown" };

/** What a confirmation link stands for, without changing anything (a GET: link scanners open it). */
export async function findConfirmation(db: Kysely<Database>, token: string): Promise<ConfirmationState> {
  if (!TOKEN.test(token)) return { state: "unknown" };
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["email", "status"])
    .where("confirm_token", "=", token)
    .executeTakeFirst();
  if (!row || (row.status !== "pending" && row.status !== "confirmed")) return { state: "unknown" };
  return { state: row.status, email: row.email };
}

/** Confirms the subscription of a confirmation link (the page's POST). Confirming twice is confirmed. */
export async function confirmSubscription(db: Kysely<Database>, token: string, now = new Date()): Promise<ConfirmationState> {
  if (!TOKEN.test(token)) return { state: "unknown" };
  await db
    .updateTable("newsletter_subscribers")
    .set({ status: "confirmed", confirmed_at: now.toISOString() })
    .where("confirm_token", "=", token)
    .where("status", "=", "pending")
    .execute();
  const after = await findConfirmation(db, token);
  return after.state === "pending" ? { state: "unknown" } : after;
}

/** Looks up a subscription by its unsubscribe link's token without changing it. */
export async function findSubscriptionByToken(db: Kysely<Database>, token: string) {
  if (!TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["email", "status"])
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
  return row && { email: row.email, active: row.status === "confirmed" || row.status === "pending" };
}

/**
 * Ends a subscription by its unsubscribe link's token, at once and without a second question (the link's page and
 * the RFC 8058 one-click POST); returns the address, or undefined for an unknown token. A pending subscription
 * ends too (its confirmation link stops working).
 */
export async function unsubscribe(db: Kysely<Database>, token: string, now = new Date()): Promise<string | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["id", "email", "status"])
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.status === "confirmed" || row.status === "pending") {
    await db
      .updateTable("newsletter_subscribers")
      .set({ status: "unsubscribed", unsubscribed_at: now.toISOString(), confirm_token: null })
      .where("id", "=", row.id)
      .where("status", "in", ["confirmed", "pending"])
      .execute();
  }
  return row.email;
}

/** Removes subscriptions never confirmed within PENDING_LIFETIME_MS; returns how many. */
export async function removeStalePending(db: Kysely<Database>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_LIFETIME_MS).toISOString();
  const result = await db
    .deleteFrom("newsletter_subscribers")
    .where("status", "=", "pending")
    .where("created_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
