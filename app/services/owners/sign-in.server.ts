/** Owners sign in by a mailed single-use link (30 minutes) and keep a session of their own (decision 045). */
import { type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { inTransaction } from "../admin/versioned.server";
import { recordAudit } from "../audit/audit.server";
import { badRequest } from "../errors";
import { normalizeEmail } from "../mail/address";
import type { MailContext } from "../mail/messages.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import { ownerSignInMail } from "../mail/owner-messages.server";
import { OWNER_LINK_EXPIRED_MESSAGE, SIGN_IN_REQUESTED_MESSAGE } from "./owner-form";
import {
  DAY,
  HOUR,
  OWNER_LINKS_PER_HOUR,
  OWNER_LINK_LIFETIME_MS,
  OWNER_SESSION_LIFETIME_MS,
  TOKEN_PATTERN,
  hashToken,
  newToken,
  ownerLinkUrl,
} from "./tokens.server";

export async function createLink(trx: Kysely<Database>, emailNormalized: string, now: Date): Promise<string> {
  const token = newToken();
  await trx
    .insertInto("owner_links")
    .values({
      email_normalized: emailNormalized,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + OWNER_LINK_LIFETIME_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Links asked for more than a day ago, and sessions that have ended, are of no use: dropped when a link is asked for. */
async function deleteOldLinksAndSessions(db: Kysely<Database>, now: Date) {
  await db
    .deleteFrom("owner_links")
    .where("created_at", "<", new Date(now.getTime() - DAY).toISOString())
    .execute();
  await db.deleteFrom("owner_sessions").where("expires_at", "<", now.toISOString()).execute();
}

async function ownerDisplayEmail(db: Kysely<Database>, emailNormalized: string): Promise<string | undefined> {
  const row = await db.selectFrom("listing_owners").select("email").where("email_normalized", "=", emailNormalized).executeTakeFirst();
  return row?.email;
}

/**
 * "Send me a sign-in link" on /owner/sign-in. When the address owns a listing, a new single-use link (30 minutes) and
 * its message are written in one transaction, unless OWNER_LINKS_PER_HOUR unused ones were sent in the last hour.
 * The answer is the same either way: it tells nobody whether an address owns a listing.
 */
export async function requestOwnerSignIn(
  db: Kysely<Database>,
  email: string,
  context: MailContext,
  now: Date = new Date(),
): Promise<{ message: string; sent: boolean }> {
  const parsed = z.email().safeParse(email.trim());
  if (!parsed.success) throw badRequest("Enter a valid email address.", { email: "Enter a valid email address." });
  const normalized = normalizeEmail(parsed.data);
  await deleteOldLinksAndSessions(db, now);
  const owner = await ownerDisplayEmail(db, normalized);
  if (!owner) return { message: SIGN_IN_REQUESTED_MESSAGE, sent: false };
  const sent = await inTransaction(db, async (trx) => {
    const recent = await trx
      .selectFrom("owner_links")
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
      .where("email_normalized", "=", normalized)
      .where("used_at", "is", null)
      .where("created_at", ">", new Date(now.getTime() - HOUR).toISOString())
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= OWNER_LINKS_PER_HOUR) return false;
    const token = await createLink(trx, normalized, now);
    await enqueueMail(trx, await ownerSignInMail(context, owner, ownerLinkUrl(context.siteUrl, token)), now);
    return true;
  });
  if (sent) wakeMailSender();
  return { message: SIGN_IN_REQUESTED_MESSAGE, sent };
}

/** Whether a sign-in link can still be used, and whose it is; changes nothing (a GET: mail scanners open links). */
export async function findOwnerLink(
  db: Kysely<Database>,
  token: string,
  now: Date = new Date(),
): Promise<{ live: boolean; email?: string }> {
  if (!TOKEN_PATTERN.test(token)) return { live: false };
  const row = await db
    .selectFrom("owner_links")
    .select("email_normalized")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { live: true, email: row.email_normalized } : { live: false };
}

/**
 * Signs in through a link: marks it used only if it is still unused and unexpired (of two posts at once, one wins),
 * and opens a session for its address, all in one transaction. Returns the new session id (the cookie's value);
 * a dead link is a 400 with OWNER_LINK_EXPIRED_MESSAGE.
 */
export async function signInWithLink(
  db: Kysely<Database>,
  token: string,
  client: { ip?: string | null } = {},
  now: Date = new Date(),
): Promise<{ sessionId: string; email: string }> {
  if (!TOKEN_PATTERN.test(token)) throw badRequest(OWNER_LINK_EXPIRED_MESSAGE);
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const used = await trx
      .updateTable("owner_links")
      .set({ used_at: at })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .returning("email_normalized")
      .executeTakeFirst();
    if (!used) throw badRequest(OWNER_LINK_EXPIRED_MESSAGE);
    const sessionId = newToken();
    await trx
      .insertInto("owner_sessions")
      .values({
        id_hash: hashToken(sessionId),
        email_normalized: used.email_normalized,
        created_at: at,
        expires_at: new Date(now.getTime() + OWNER_SESSION_LIFETIME_MS).toISOString(),
      })
      .execute();
    await recordAudit(trx, { action: "owner.sign_in", actor: used.email_normalized, entityType: "owner", ip: client.ip ?? null }, at);
    return { sessionId, email: used.email_normalized };
  });
}

/** The address of a live owner session, or null. */
export async function findOwnerSession(db: Kysely<Database>, sessionId: string, now: Date = new Date()): Promise<string | null> {
  if (!TOKEN_PATTERN.test(sessionId)) return null;
  const row = await db
    .selectFrom("owner_sessions")
    .select("email_normalized")
    .where("id_hash", "=", hashToken(sessionId))
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.email_normalized ?? null;
}

export async function deleteOwnerSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  if (TOKEN_PATTERN.test(sessionId)) await db.deleteFrom("owner_sessions").where("id_hash", "=", hashToken(sessionId)).execute();
}
