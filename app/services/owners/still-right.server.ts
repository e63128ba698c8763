/** Freshness: "Is your listing still right?" every few months, and its one-click answer (decision 045). */
import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { todayIsoDate } from "~/utils/dates";
import { nextVersion } from "../admin/list";
import { inTransaction } from "../admin/versioned.server";
import { recordAudit } from "../audit/audit.server";
import { badRequest } from "../errors";
import type { MailContext } from "../mail/messages.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import { ownerFreshnessMail } from "../mail/owner-messages.server";
import { WHOLESALER_ENTITY } from "../wholesalers/constants";
import { OWNER_HOME, ownerListingPath, OWNER_SOURCE } from "./owner-form";
import { TOKEN_PATTERN, hashToken, newToken, stillRightUrl } from "./tokens.server";

/** The date `months` calendar months before `now`, as an ISO instant. */
export function monthsBefore(now: Date, months: number): string {
  const date = new Date(now.getTime());
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
}

/**
 * "Is your listing still right?": each owner last asked (or made owner) at least `periodMonths` ago is asked again.
 * Each row is claimed by an update that checks it is still due, in the transaction that queues its message, so with
 * several servers running this at once each owner is asked once per period. Returns how many were asked.
 */
export async function askOwnersForFreshness(
  db: Kysely<Database>,
  context: MailContext,
  options: { periodMonths: number; now?: Date; limit?: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const due = monthsBefore(now, options.periodMonths);
  const dueRows = await db
    .selectFrom("listing_owners")
    .innerJoin("wholesalers", "wholesalers.id", "listing_owners.wholesaler_id")
    .select(["listing_owners.id", "listing_owners.email", "listing_owners.wholesaler_id", "wholesalers.name"])
    .where((eb) =>
      eb.or([
        eb("listing_owners.freshness_asked_at", "<=", due),
        eb.and([eb("listing_owners.freshness_asked_at", "is", null), eb("listing_owners.created_at", "<=", due)]),
      ]),
    )
    .orderBy("listing_owners.id")
    .limit(options.limit ?? 200)
    .execute();
  let asked = 0;
  const at = now.toISOString();
  for (const row of dueRows) {
    const token = newToken();
    const claimed = await inTransaction(db, async (trx) => {
      const result = await trx
        .updateTable("listing_owners")
        .set({ freshness_asked_at: at, freshness_token_hash: hashToken(token), freshness_answer: null, freshness_answered_at: null })
        .where("id", "=", row.id)
        .where((eb) =>
          eb.or([eb("freshness_asked_at", "<=", due), eb.and([eb("freshness_asked_at", "is", null), eb("created_at", "<=", due)])]),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const mail = await ownerFreshnessMail(context, row.email, {
        listingName: row.name,
        stillRightUrl: stillRightUrl(context.siteUrl, token),
        editUrl: `${context.siteUrl}${ownerListingPath(row.wholesaler_id)}`,
        signInUrl: `${context.siteUrl}${OWNER_HOME}`,
      });
      await enqueueMail(trx, mail, now);
      return true;
    });
    if (claimed) asked += 1;
  }
  if (asked > 0) wakeMailSender();
  return asked;
}

/** What a "Yes, still right" link is for; changes nothing (a GET). */
export async function findStillRight(db: Kysely<Database>, token: string): Promise<{ live: true; listingName: string } | { live: false }> {
  if (!TOKEN_PATTERN.test(token)) return { live: false };
  const row = await db
    .selectFrom("listing_owners")
    .innerJoin("wholesalers", "wholesalers.id", "listing_owners.wholesaler_id")
    .select("wholesalers.name")
    .where("listing_owners.freshness_token_hash", "=", hashToken(token))
    .executeTakeFirst();
  return row ? { live: true, listingName: row.name } : { live: false };
}

/**
 * "Yes, still right": the owner confirms the listing as it is. The token works once; the listing's `verified_at` and
 * `owner_confirmed_at` become today, the answer is kept for the admin's "Needs checking" view, audited as the owner's.
 */
export async function confirmStillRight(
  db: Kysely<Database>,
  token: string,
  client: { ip?: string | null } = {},
  now: Date = new Date(),
): Promise<{ listingName: string; wholesalerId: number }> {
  if (!TOKEN_PATTERN.test(token)) throw badRequest("This link was already used or is no longer valid.");
  const at = now.toISOString();
  const today = todayIsoDate(now);
  return inTransaction(db, async (trx) => {
    const owner = await trx
      .updateTable("listing_owners")
      .set({ freshness_token_hash: null, freshness_answer: "still-right", freshness_answered_at: at })
      .where("freshness_token_hash", "=", hashToken(token))
      .returning(["wholesaler_id", "email_normalized"])
      .executeTakeFirst();
    if (!owner) throw badRequest("This link was already used or is no longer valid.");
    const listing = await trx
      .selectFrom("wholesalers")
      .select(["name", "updated_at"])
      .where("id", "=", owner.wholesaler_id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("wholesalers")
      .set({ verified_at: today, owner_confirmed_at: today, updated_at: nextVersion(listing.updated_at, now) })
      .where("id", "=", owner.wholesaler_id)
      .execute();
    await recordAudit(
      trx,
      {
        action: `${WHOLESALER_ENTITY}.owner_confirm`,
        actor: owner.email_normalized,
        entityType: WHOLESALER_ENTITY,
        entityId: owner.wholesaler_id,
        ip: client.ip ?? null,
        details: { label: listing.name, verifiedAt: today, source: OWNER_SOURCE },
      },
      at,
    );
    return { listingName: listing.name, wholesalerId: owner.wholesaler_id };
  });
}

/** How many listings have at least one owner. */
export async function countOwnedListings(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("listing_owners")
    .select(sql<number>`count(distinct wholesaler_id)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
