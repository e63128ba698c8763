import crypto from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { todayIsoDate } from "~/utils/dates";
import { AppError, badRequest } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { boundingBox, distanceMiles, type Point } from "../geo/distance";
import { findZipcode } from "../geo/zipcode";
import { HONEYPOT_FIELD } from "../honeypot";
import { normalizeEmail } from "../mail/address";
import { mailContext } from "../mail/context.server";
import { demandConfirmMail, demandListedMail } from "../mail/demand-messages.server";
import type { MailNotify } from "../mail/digest.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import { listingPath } from "../wholesalers/slug";
import { DEMAND_MAX_RADIUS, DEMAND_MESSAGES, demandRequestSchema } from "./demand-form";

export * from "./demand-form";

/** A confirmation goes to one address and zipcode at most once an hour. */
export const DEMAND_CONFIRM_RESEND_MS = 60 * 60 * 1000;
/** Requests never confirmed are removed after this long (as the newsletter's, decision 039). */
export const DEMAND_PENDING_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** At most this many requests are stored for one address in an hour; more are answered alike and dropped. */
export const DEMAND_REQUESTS_PER_ADDRESS_HOUR = 5;
/** A confirmed request waits this many months, then ends unanswered. */
export const DEMAND_LIFETIME_MONTHS = 12;

const HOUR_MS = 60 * 60 * 1000;
const newToken = () => crypto.randomBytes(24).toString("base64url");
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** When a request confirmed at `at` ends: the same instant 12 months later. */
export function demandExpiry(at: Date): string {
  const end = new Date(at.getTime());
  end.setUTCMonth(end.getUTCMonth() + DEMAND_LIFETIME_MONTHS);
  return end.toISOString();
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * "Tell me when a supplier is listed within N miles of {zipcode}", double opt-in like the newsletter (decision 039):
 * a new request is stored as pending and sent its confirmation; a pending one gets it again (at most once an hour);
 * one already confirmed gets nothing; one that ended (fulfilled, cancelled, expired) starts again as pending. The
 * answer is the same in every case, so it tells nobody whether an address asked. A filled honeypot stores nothing.
 */
export async function requestDemandNotice(
  db: Kysely<Database>,
  input: unknown,
  notify: MailNotify,
  now = new Date(),
): Promise<{ message: string; zipcode: string; radius: number }> {
  const parsed = demandRequestSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw badRequest(Object.values(fieldErrors)[0] ?? DEMAND_MESSAGES.email, fieldErrors);
  }
  const { email, zipcode, radius } = parsed.data;
  const answer = { message: DEMAND_MESSAGES.checkInbox, zipcode, radius };
  if (parsed.data[HONEYPOT_FIELD]?.trim()) return answer;
  const place = await findZipcode(db, zipcode);
  if (!place) throw badRequest(DEMAND_MESSAGES.unknownZipcode, { zipcode: DEMAND_MESSAGES.unknownZipcode });

  const normalized = normalizeEmail(email);
  const at = now.toISOString();
  const { n } = await db
    .selectFrom("demand_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("email_normalized", "=", normalized)
    .where("confirm_sent_at", ">", new Date(now.getTime() - HOUR_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(n) >= DEMAND_REQUESTS_PER_ADDRESS_HOUR) return answer;

  const context = await mailContext(db, notify.siteUrl);
  const facts = { email, zipcode, radiusMiles: radius };
  const fresh = {
    email,
    zipcode,
    latitude: place.latitude,
    longitude: place.longitude,
    radius_miles: radius,
    status: "pending",
    confirm_sent_at: at,
    created_at: at,
    confirmed_at: null,
    expires_at: null,
    fulfilled_at: null,
    wholesaler_id: null,
    cancelled_at: null,
  };

  // Two tries: a request for the same address and zipcode at the same moment writes the row first; the second reads it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await db
      .selectFrom("demand_requests")
      .select(["id", "status", "confirm_token", "confirm_sent_at", "unsubscribe_token", "expires_at"])
      .where("email_normalized", "=", normalized)
      .where("zipcode", "=", zipcode)
      .executeTakeFirst();

    if (!existing) {
      const confirmToken = newToken();
      const unsubscribeToken = newToken();
      const mail = await demandConfirmMail(context, facts, confirmToken, unsubscribeToken);
      const inserted = await db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto("demand_requests")
            .values({ ...fresh, email_normalized: normalized, confirm_token: confirmToken, unsubscribe_token: unsubscribeToken })
            .execute();
          await enqueueMail(trx, mail, now);
          return true;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return false;
          throw error;
        });
      if (inserted) {
        wakeMailSender();
        return answer;
      }
      continue;
    }

    const waiting = existing.status === "confirmed" && (existing.expires_at ?? "") > at;
    if (waiting) return answer;
    const recentlySent =
      existing.status === "pending" &&
      existing.confirm_sent_at !== null &&
      now.getTime() - Date.parse(existing.confirm_sent_at) < DEMAND_CONFIRM_RESEND_MS;
    if (recentlySent) return answer;

    // Pending: the same link again (with the radius asked now). Ended: pending again, with new links.
    const again = existing.status === "pending" && existing.confirm_token;
    const confirmToken = again && existing.confirm_token ? existing.confirm_token : newToken();
    const unsubscribeToken = again ? existing.unsubscribe_token : newToken();
    const mail = await demandConfirmMail(context, facts, confirmToken, unsubscribeToken);
    const changed = await db.transaction().execute(async (trx) => {
      // Only from the state read above: of two requests at once, one writes.
      let update = trx
        .updateTable("demand_requests")
        .set(
          again
            ? { radius_miles: radius, confirm_sent_at: at, email }
            : { ...fresh, confirm_token: confirmToken, unsubscribe_token: unsubscribeToken },
        )
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
    return answer;
  }
  return answer;
}

export type DemandConfirmation =
  { state: "pending" | "confirmed"; email: string; zipcode: string; radiusMiles: number } | { state: "unknown" };

/** What a confirmation link stands for, without changing anything (a GET: link scanners open it). */
export async function findDemandConfirmation(db: Kysely<Database>, token: string, now = new Date()): Promise<DemandConfirmation> {
  if (!TOKEN.test(token)) return { state: "unknown" };
  const row = await db
    .selectFrom("demand_requests")
    .select(["email", "zipcode", "radius_miles", "status", "created_at", "expires_at"])
    .where("confirm_token", "=", token)
    .executeTakeFirst();
  if (!row) return { state: "unknown" };
  const facts = { email: row.email, zipcode: row.zipcode, radiusMiles: row.radius_miles };
  if (row.status === "pending" && now.getTime() - Date.parse(row.created_at) < DEMAND_PENDING_LIFETIME_MS) {
    return { state: "pending", ...facts };
  }
  if (row.status === "confirmed" && (row.expires_at ?? "") > now.toISOString()) return { state: "confirmed", ...facts };
  return { state: "unknown" };
}

/** Confirms the request of a confirmation link (the page's POST): it waits 12 months from now. Confirming twice is confirmed. */
export async function confirmDemandRequest(db: Kysely<Database>, token: string, now = new Date()): Promise<DemandConfirmation> {
  const found = await findDemandConfirmation(db, token, now);
  if (found.state !== "pending") return found;
  await db
    .updateTable("demand_requests")
    .set({ status: "confirmed", confirmed_at: now.toISOString(), expires_at: demandExpiry(now) })
    .where("confirm_token", "=", token)
    .where("status", "=", "pending")
    .execute();
  const after = await findDemandConfirmation(db, token, now);
  return after.state === "pending" ? { state: "unknown" } : after;
}

export type DemandSubscription = { state: "active" | "ended"; email: string; zipcode: string; radiusMiles: number } | { state: "unknown" };

/** A request by its unsubscribe link's token, without changing it. */
export async function findDemandByUnsubscribeToken(db: Kysely<Database>, token: string, now = new Date()): Promise<DemandSubscription> {
  if (!TOKEN.test(token)) return { state: "unknown" };
  const row = await db
    .selectFrom("demand_requests")
    .select(["email", "zipcode", "radius_miles", "status", "expires_at"])
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
  if (!row) return { state: "unknown" };
  const active = row.status === "pending" || (row.status === "confirmed" && (row.expires_at ?? "") > now.toISOString());
  return { state: active ? "active" : "ended", email: row.email, zipcode: row.zipcode, radiusMiles: row.radius_miles };
}

/** Ends a request by its unsubscribe link's token (the page's POST); a pending one too. Unknown token: "unknown". */
export async function cancelDemandRequest(db: Kysely<Database>, token: string, now = new Date()): Promise<DemandSubscription> {
  const found = await findDemandByUnsubscribeToken(db, token, now);
  if (found.state === "unknown") return found;
  await db
    .updateTable("demand_requests")
    .set({ status: "cancelled", cancelled_at: now.toISOString(), confirm_token: null })
    .where("unsubscribe_token", "=", token)
    .where("status", "in", ["pending", "confirmed"])
    .execute();
  return { ...found, state: "ended" };
}

/** Removes requests never confirmed within 14 days; returns how many. */
export async function removeStaleDemandRequests(db: Kysely<Database>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DEMAND_PENDING_LIFETIME_MS).toISOString();
  const result = await db.deleteFrom("demand_requests").where("status", "=", "pending").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The confirmed, unexpired requests whose zipcode lies within the widest radius of a point, with their distance to it. */
async function waitingAround(db: Kysely<Database>, point: Point, now: Date) {
  const box = boundingBox(point, DEMAND_MAX_RADIUS);
  const rows = await db
    .selectFrom("demand_requests")
    .select(["id", "email", "email_normalized", "zipcode", "latitude", "longitude", "radius_miles"])
    .where("status", "=", "confirmed")
    .where("latitude", ">=", box.minLatitude)
    .where("latitude", "<=", box.maxLatitude)
    .where("longitude", ">=", box.minLongitude)
    .where("longitude", "<=", box.maxLongitude)
    .where("expires_at", ">", now.toISOString())
    .execute();
  return rows
    .map((row) => ({ ...row, miles: distanceMiles(point, row) }))
    .filter((row) => row.miles <= row.radius_miles)
    .sort((a, b) => a.id - b.id);
}

/**
 * How many people wait for a supplier near a zipcode: confirmed, unfulfilled, unexpired requests whose radius
 * covers the zipcode's centroid, each address once. 0 for a zipcode the site does not know.
 */
export async function waitingNear(db: Kysely<Database>, zipcode: string, now = new Date()): Promise<number> {
  if (!/^\d{5}$/.test(zipcode)) return 0;
  const place = await findZipcode(db, zipcode);
  if (!place) return 0;
  const rows = await waitingAround(db, place, now);
  return new Set(rows.map((row) => row.email_normalized)).size;
}

/**
 * A listing has just become public: each confirmed request whose radius covers it gets one message naming it, queued
 * in the caller's transaction, and is fulfilled (never written to again). Call it inside the transaction that makes
 * the listing public (admin create or edit, suggestion or submission approval, claim, an owner's approved move). Of two transactions at once, the
 * request is marked by one only (the update is conditional on the status read), so it gets one message. Returns how
 * many messages were queued; the caller wakes the mail sender after its commit (`wakeMailSender`).
 */
export async function queueDemandNotices(
  trx: Transaction<Database> | Kysely<Database>,
  wholesalerId: number,
  notify: MailNotify,
  now = new Date(),
): Promise<number> {
  const listing = await trx
    .selectFrom("wholesalers")
    .innerJoin("states", "states.id", "wholesalers.state_id")
    .select([
      "wholesalers.id",
      "wholesalers.name",
      "wholesalers.address",
      "wholesalers.city",
      "wholesalers.zipcode",
      "wholesalers.latitude",
      "wholesalers.longitude",
      "wholesalers.status",
      "states.code as state_code",
    ])
    .where("wholesalers.id", "=", wholesalerId)
    .executeTakeFirst();
  // A listing closed for good is no supplier to tell anyone of.
  if (!listing || listing.status === "permanently-closed") return 0;
  const requests = await waitingAround(trx, listing, now);
  if (requests.length === 0) return 0;
  const context = await mailContext(trx, notify.siteUrl);
  const url = `${context.siteUrl}${listingPath({ id: listing.id, name: listing.name })}`;
  let queued = 0;
  for (const request of requests) {
    const result = await trx
      .updateTable("demand_requests")
      .set({ status: "fulfilled", fulfilled_at: now.toISOString(), wholesaler_id: listing.id, confirm_token: null })
      .where("id", "=", request.id)
      .where("status", "=", "confirmed")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;
    const mail = await demandListedMail(
      context,
      { email: request.email, zipcode: request.zipcode, radiusMiles: request.radius_miles },
      {
        name: listing.name,
        address: listing.address,
        city: listing.city,
        stateCode: listing.state_code,
        zipcode: listing.zipcode,
        url,
        distanceMiles: Math.max(1, Math.round(request.miles)),
      },
    );
    await enqueueMail(trx, mail, now);
    queued++;
  }
  return queued;
}

/**
 * Counts a results page that found nothing within its radius around `zipcode`, on today's line of the site's
 * calendar. No address, no person: a zipcode, a day and a count (decision 044). A failure is the caller's to log.
 */
export async function countEmptySearch(db: Kysely<Database>, zipcode: string, now = new Date()): Promise<void> {
  if (!/^\d{5}$/.test(zipcode)) throw new AppError("bad_request", DEMAND_MESSAGES.zipcode);
  const day = todayIsoDate(now);
  await db
    .insertInto("empty_searches")
    .values({ zipcode, day, count: 1 })
    .onConflict((oc) => oc.columns(["zipcode", "day"]).doUpdateSet({ count: sql<number>`empty_searches.count + 1` }))
    .execute();
}
