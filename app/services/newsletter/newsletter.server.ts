import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import { AppError, badRequest } from "../errors";

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";
export const SUBSCRIBED_MESSAGE = "You're subscribed! Look out for flower deals and arranging tips in your inbox.";
export const ALREADY_SUBSCRIBED_MESSAGE = "This email address is already subscribed to our newsletter.";

export const subscribeSchema = z.object({
  email: z.string({ message: INVALID_EMAIL_MESSAGE }).trim().max(254, INVALID_EMAIL_MESSAGE).pipe(z.email(INVALID_EMAIL_MESSAGE)),
});

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Adds a subscriber once per address, case-insensitively. An address that unsubscribed earlier is
 * subscribed again; one that is subscribed now is a conflict.
 */
export async function subscribe(db: Kysely<Database>, input: unknown): Promise<{ message: string }> {
  const parsed = subscribeSchema.safeParse(input);
  if (!parsed.success) throw badRequest(INVALID_EMAIL_MESSAGE, { email: INVALID_EMAIL_MESSAGE });
  const email = parsed.data.email;
  const normalized = normalizeEmail(email);

  const existing = await db
    .selectFrom("newsletter_subscribers")
    .select(["id", "unsubscribed_at"])
    .where("email_normalized", "=", normalized)
    .executeTakeFirst();
  if (existing && existing.unsubscribed_at === null) throw new AppError("conflict", ALREADY_SUBSCRIBED_MESSAGE);
  if (existing) {
    // Only while still unsubscribed: of two requests at once for this address, one subscribes it again.
    const result = await db
      .updateTable("newsletter_subscribers")
      .set({ email, unsubscribed_at: null, created_at: nowIso() })
      .where("id", "=", existing.id)
      .where("unsubscribed_at", "is not", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError("conflict", ALREADY_SUBSCRIBED_MESSAGE);
    return { message: SUBSCRIBED_MESSAGE };
  }

  try {
    await db
      .insertInto("newsletter_subscribers")
      .values({
        email,
        email_normalized: normalized,
        unsubscribe_token: crypto.randomBytes(24).toString("base64url"),
        created_at: nowIso(),
        unsubscribed_at: null,
      })
      .execute();
  } catch (error) {
    // Two requests for the same address at once: the unique index lets one win.
    if (isUniqueViolation(error)) throw new AppError("conflict", ALREADY_SUBSCRIBED_MESSAGE);
    throw error;
  }
  return { message: SUBSCRIBED_MESSAGE };
}

const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** Looks up a subscription by its unsubscribe link's token without changing it. */
export async function findSubscriptionByToken(db: Kysely<Database>, token: string) {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["email", "unsubscribed_at"])
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
  return row && { email: row.email, active: row.unsubscribed_at === null };
}

/** Ends a subscription by its unsubscribe link's token; returns the address, or undefined for an unknown token. */
export async function unsubscribe(db: Kysely<Database>, token: string): Promise<string | undefined> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["id", "email", "unsubscribed_at"])
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.unsubscribed_at === null) {
    await db.updateTable("newsletter_subscribers").set({ unsubscribed_at: nowIso() }).where("id", "=", row.id).execute();
  }
  return row.email;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
