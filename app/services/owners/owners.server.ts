import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { todayIsoDate } from "~/utils/dates";
import { timeZoneAt } from "~/utils/time-zone.server";
import { nextVersion, type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { inTransaction } from "../admin/versioned.server";
import { recordAdminChange, recordAudit } from "../audit/audit.server";
import { AppError, badRequest, notFound } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { emailDomain, normalizeEmail } from "../mail/address";
import type { MailContext } from "../mail/messages.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import type { MailNotify } from "../mail/digest.server";
import { queueDemandNotices } from "../demand/demand.server";
import { ownerApprovedMail, ownerFreshnessMail, ownerSignInMail, ownerClaimRejectedMail } from "../mail/owner-messages.server";
import { wholesalerFieldsSchema } from "../wholesalers/admin.server";
import { WHOLESALER_ENTITY } from "../wholesalers/constants";
import { hoursFromPlainFields } from "../wholesalers/opening-hours-schema";
import { specialHoursColumn, specialHoursFromPlainField } from "../wholesalers/special-hours-schema";
import { selectWholesalers, toWholesaler, type Wholesaler } from "../wholesalers/wholesalers.server";
import {
  CLAIM_MESSAGES,
  claimPendingMessage,
  claimVerifiedMessage,
  HONEYPOT_FIELD,
  OWNER_HOME,
  OWNER_LINK_MINUTES,
  OWNER_LINK_PATH,
  OWNER_LINK_EXPIRED_MESSAGE,
  ownerListingPath,
  OWNER_SOURCE,
  REVIEWED_FIELDS,
  SIGN_IN_REQUESTED_MESSAGE,
  STILL_RIGHT_PATH,
  type ClaimInput,
  type ReviewedField,
} from "./owner-form";

import { setRecordImage } from "../images/record-image.server";
import type { ImageStorage } from "../images/storage.server";
import { claimSchema } from "./claim-schema";

export * from "./owner-form";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const OWNER_LINK_LIFETIME_MS = OWNER_LINK_MINUTES * MINUTE;
/** An owner's session lasts a week from sign-in. */
export const OWNER_SESSION_LIFETIME_MS = 7 * DAY;
/** Claims accepted per client address each hour, across all listings. */
export const CLAIMS_PER_HOUR = 5;
/** Unused sign-in links per address in an hour; past it a request is answered the same and sends nothing. */
export const OWNER_LINKS_PER_HOUR = 3;

/** 32 random bytes, base64url: what a link or cookie carries. Only its SHA-256 (hex) is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => crypto.randomBytes(32).toString("base64url");
export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export const ownerLinkUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, "")}${OWNER_LINK_PATH}?token=${encodeURIComponent(token)}`;
export const stillRightUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, "")}${STILL_RIGHT_PATH}?token=${encodeURIComponent(token)}`;

/** The website's host without "www.", lower case; null without a readable website. */
export function websiteHost(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/**
 * Whether an email address is on the listing's own website domain: its domain is the website's host, "www." aside
 * (info@originallaflowermarket.com for https://www.originallaflowermarket.com/). Only the exact host counts: a
 * shared host's subdomain (someone.wixsite.com) would otherwise hand a listing to the host's staff.
 */
export function emailOnWebsiteDomain(email: string, website: string | null | undefined): boolean {
  const host = websiteHost(website);
  const domain = emailDomain(email);
  return host !== null && domain.includes(".") && domain === host;
}

// --- sign-in links and sessions ---------------------------------------------------------------------------

async function createLink(trx: Kysely<Database>, emailNormalized: string, now: Date): Promise<string> {
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

// --- claims ------------------------------------------------------------------------------------------------

async function addOwner(
  trx: Kysely<Database>,
  wholesalerId: number,
  claimant: { name: string; role: string; email: string; phone: string },
  at: string,
): Promise<boolean> {
  const normalized = normalizeEmail(claimant.email);
  const existing = await trx
    .selectFrom("listing_owners")
    .select("id")
    .where("wholesaler_id", "=", wholesalerId)
    .where("email_normalized", "=", normalized)
    .executeTakeFirst();
  if (existing) return false;
  await trx
    .insertInto("listing_owners")
    .values({
      wholesaler_id: wholesalerId,
      email: claimant.email.trim(),
      email_normalized: normalized,
      name: claimant.name,
      role: claimant.role,
      phone: claimant.phone,
      created_at: at,
    })
    .execute();
  return true;
}

/**
 * "Is this your business? Claim it". A filled honeypot is answered as pending and stores nothing. At most
 * CLAIMS_PER_HOUR per client address. An email on the listing's own website domain becomes an owner at once and is
 * mailed a sign-in link (status "verified"); any other waits for an admin (status "pending"). The claim, the owner and
 * the message are written in one transaction.
 */
export async function createClaim(
  db: Kysely<Database>,
  wholesalerId: number,
  input: ClaimInput,
  ip: string,
  context: MailContext,
  now: Date = new Date(),
): Promise<{ status: "verified" | "pending"; message: string }> {
  const listing = await db.selectFrom("wholesalers").select(["id", "name", "website"]).where("id", "=", wholesalerId).executeTakeFirst();
  if (!listing) throw notFound(CLAIM_MESSAGES.listingGone);
  if (input[HONEYPOT_FIELD]?.trim()) return { status: "pending", message: claimPendingMessage(listing.name) };
  const parsed = claimSchema.safeParse(input);
  if (!parsed.success) throw badRequest(CLAIM_MESSAGES.invalid, fieldErrorsOf(parsed.error));
  const claim = parsed.data;

  const at = now.toISOString();
  const { n } = await db
    .selectFrom("owner_claims")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("ip", "=", ip)
    .where("created_at", ">", new Date(now.getTime() - HOUR).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(n) >= CLAIMS_PER_HOUR) throw new AppError("too_many_requests", CLAIM_MESSAGES.tooMany);

  const verified = emailOnWebsiteDomain(claim.email, listing.website);
  const values = {
    wholesaler_id: wholesalerId,
    name: claim.name,
    role: claim.role,
    email: claim.email,
    email_normalized: normalizeEmail(claim.email),
    phone: claim.phone,
    ip,
    created_at: at,
  };
  if (!verified) {
    await db
      .insertInto("owner_claims")
      .values({ ...values, status: "pending" })
      .execute();
    return { status: "pending", message: claimPendingMessage(listing.name) };
  }
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("owner_claims")
      .values({ ...values, status: "verified", decided_at: at, decided_by: "website domain" })
      .execute();
    await addOwner(trx, wholesalerId, claim, at);
    // A claimed listing is published anew: whoever waits for a supplier around it is told (decision 044).
    await queueDemandNotices(trx, wholesalerId, { siteUrl: context.siteUrl }, now);
    const token = await createLink(trx, values.email_normalized, now);
    await enqueueMail(trx, await ownerSignInMail(context, claim.email, ownerLinkUrl(context.siteUrl, token), listing.name), now);
    await recordAudit(
      trx,
      {
        action: "owner.claim_verified",
        actor: claim.email,
        entityType: WHOLESALER_ENTITY,
        entityId: wholesalerId,
        ip,
        details: { label: listing.name, domain: emailDomain(claim.email) },
      },
      at,
    );
  });
  wakeMailSender();
  return { status: "verified", message: claimVerifiedMessage(claim.email) };
}

export const CLAIM_STATUSES = ["pending", "approved", "rejected", "verified"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export interface AdminClaim {
  id: number;
  wholesalerId: number;
  status: ClaimStatus;
  name: string;
  role: string;
  email: string;
  phone: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  listing: { name: string; address: string; city: string; state: string; zipcode: string; phone: string | null; website: string | null };
  /** The listing's owners now. */
  owners: number;
}

/** The claims with the status asked for (pending by default), newest first, each with its listing beside it. */
export async function listClaimsForAdmin(
  db: Kysely<Database>,
  query: { status?: string; q?: string; page: number },
): Promise<Page<AdminClaim>> {
  const status = (CLAIM_STATUSES as readonly string[]).includes(query.status ?? "") ? (query.status as ClaimStatus) : "pending";
  let base = db
    .selectFrom("owner_claims")
    .innerJoin("wholesalers", "wholesalers.id", "owner_claims.wholesaler_id")
    .innerJoin("states", "states.id", "wholesalers.state_id")
    .where("owner_claims.status", "=", status);
  if (query.q) {
    const matches = containsText(query.q, ["wholesalers.name", "owner_claims.name", "owner_claims.email"]);
    base = base.where((eb) => eb.or(matches));
  }
  return loadPage(base, query.page, async (window) => {
    const rows = await base
      .select([
        "owner_claims.id",
        "owner_claims.wholesaler_id",
        "owner_claims.status",
        "owner_claims.name",
        "owner_claims.role",
        "owner_claims.email",
        "owner_claims.phone",
        "owner_claims.created_at",
        "owner_claims.decided_at",
        "owner_claims.decided_by",
        "wholesalers.name as listing_name",
        "wholesalers.address",
        "wholesalers.city",
        "wholesalers.zipcode",
        "wholesalers.phone as listing_phone",
        "wholesalers.website",
        "states.name as state_name",
      ])
      .select((eb) =>
        eb
          .selectFrom("listing_owners")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("listing_owners.wholesaler_id", "=", "owner_claims.wholesaler_id")
          .as("owners"),
      )
      .orderBy("owner_claims.created_at", "desc")
      .orderBy("owner_claims.id", "desc")
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      wholesalerId: row.wholesaler_id,
      status: row.status as ClaimStatus,
      name: row.name,
      role: row.role,
      email: row.email,
      phone: row.phone,
      createdAt: row.created_at,
      decidedAt: row.decided_at,
      decidedBy: row.decided_by,
      listing: {
        name: row.listing_name,
        address: row.address,
        city: row.city,
        state: row.state_name,
        zipcode: row.zipcode,
        phone: row.listing_phone,
        website: row.website,
      },
      owners: Number(row.owners ?? 0),
    }));
  });
}

/** Claims and owners' changes waiting for an admin, for the navigation and the dashboard. */
export async function countOwnerQueue(db: Kysely<Database>): Promise<number> {
  const [claims, changes] = await Promise.all([
    db
      .selectFrom("owner_claims")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("owner_changes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  return Number(claims.n) + Number(changes.n);
}

const CLAIM_DECIDED = "This claim was already decided; the list now shows its current state.";

/**
 * Approves a pending claim: its address becomes an owner of the listing and is mailed a sign-in link, in one
 * transaction with the audit row. A claim decided meanwhile is a 409.
 */
export async function approveClaim(db: Kysely<Database>, id: number, actor: Actor, context: MailContext, now: Date = new Date()) {
  const at = now.toISOString();
  const result = await inTransaction(db, async (trx) => {
    const claim = await trx
      .updateTable("owner_claims")
      .set({ status: "approved", decided_at: at, decided_by: actor.email })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!claim) throw new AppError("conflict", CLAIM_DECIDED);
    const listing = await trx.selectFrom("wholesalers").select("name").where("id", "=", claim.wholesaler_id).executeTakeFirstOrThrow();
    await addOwner(trx, claim.wholesaler_id, claim, at);
    await queueDemandNotices(trx, claim.wholesaler_id, { siteUrl: context.siteUrl }, now);
    const token = await createLink(trx, claim.email_normalized, now);
    await enqueueMail(trx, await ownerApprovedMail(context, claim.email, ownerLinkUrl(context.siteUrl, token), listing.name), now);
    await recordAdminChange(trx, actor, {
      entity: "owner_claim",
      verb: "approve",
      id,
      details: { label: listing.name, email: claim.email, wholesalerId: claim.wholesaler_id },
    });
    return { listingName: listing.name, email: claim.email };
  });
  wakeMailSender();
  return result;
}

/** Rejects a pending claim and tells the claimant, audited. */
export async function rejectClaim(db: Kysely<Database>, id: number, actor: Actor, context: MailContext, now: Date = new Date()) {
  const at = now.toISOString();
  const result = await inTransaction(db, async (trx) => {
    const claim = await trx
      .updateTable("owner_claims")
      .set({ status: "rejected", decided_at: at, decided_by: actor.email })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!claim) throw new AppError("conflict", CLAIM_DECIDED);
    const listing = await trx.selectFrom("wholesalers").select("name").where("id", "=", claim.wholesaler_id).executeTakeFirstOrThrow();
    await enqueueMail(trx, await ownerClaimRejectedMail(context, claim.email, listing.name), now);
    await recordAdminChange(trx, actor, {
      entity: "owner_claim",
      verb: "reject",
      id,
      details: { label: listing.name, email: claim.email },
    });
    return { listingName: listing.name, email: claim.email };
  });
  wakeMailSender();
  return result;
}

export interface ListingOwner {
  id: number;
  wholesalerId: number;
  listingName: string;
  email: string;
  name: string;
  role: string;
  createdAt: string;
  freshnessAskedAt: string | null;
  freshnessAnswer: string | null;
  freshnessAnsweredAt: string | null;
}

/** Every owner of every listing (a listing has a few at most), by listing, then address. */
export async function listOwners(db: Kysely<Database>, wholesalerIds?: number[]): Promise<ListingOwner[]> {
  if (wholesalerIds && wholesalerIds.length === 0) return [];
  const query = db
    .selectFrom("listing_owners")
    .innerJoin("wholesalers", "wholesalers.id", "listing_owners.wholesaler_id")
    .select([
      "listing_owners.id",
      "listing_owners.wholesaler_id",
      "wholesalers.name as listing_name",
      "listing_owners.email",
      "listing_owners.name",
      "listing_owners.role",
      "listing_owners.created_at",
      "listing_owners.freshness_asked_at",
      "listing_owners.freshness_answer",
      "listing_owners.freshness_answered_at",
    ]);
  // In the order of the (wholesaler_id, email) index, with no sort step (tests/integration/query-plans.test.ts); the
  // few owners of one page's listings are put in that order here.
  const rows = wholesalerIds
    ? (await query.where("listing_owners.wholesaler_id", "in", wholesalerIds).execute()).sort(
        (a, b) => a.wholesaler_id - b.wholesaler_id || a.email.localeCompare(b.email),
      )
    : await query.orderBy("listing_owners.wholesaler_id").orderBy("listing_owners.email_normalized").execute();
  return rows.map((row) => ({
    id: row.id,
    wholesalerId: row.wholesaler_id,
    listingName: row.listing_name,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.created_at,
    freshnessAskedAt: row.freshness_asked_at,
    freshnessAnswer: row.freshness_answer,
    freshnessAnsweredAt: row.freshness_answered_at,
  }));
}

/** Removes an owner from a listing (an admin's decision), audited. The address's sessions see the listing no more. */
export async function removeOwner(db: Kysely<Database>, ownerId: number, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const owner = await trx.deleteFrom("listing_owners").where("id", "=", ownerId).returning(["wholesaler_id", "email"]).executeTakeFirst();
    if (!owner) throw notFound("This owner was already removed.");
    const listing = await trx.selectFrom("wholesalers").select("name").where("id", "=", owner.wholesaler_id).executeTakeFirst();
    await recordAdminChange(trx, actor, {
      entity: "listing_owner",
      verb: "remove",
      id: ownerId,
      details: { label: listing?.name ?? `#${owner.wholesaler_id}`, email: owner.email },
    });
    return { email: owner.email, listingName: listing?.name ?? "" };
  });
}

// --- the owner's page ----------------------------------------------------------------------------------------

export interface OwnedListing extends Wholesaler {
  updatedAt: string;
  ownerConfirmedAt: string | null;
  /** A change of name, address or zipcode waiting for an admin, if any. */
  pendingChange: { createdAt: string; after: Partial<Record<ReviewedField, string>> } | null;
}

/** The listings an address owns, by name. */
export async function listOwnedListings(db: Kysely<Database>, email: string): Promise<OwnedListing[]> {
  const rows = await selectWholesalers(db)
    .innerJoin("listing_owners", "listing_owners.wholesaler_id", "wholesalers.id")
    .where("listing_owners.email_normalized", "=", normalizeEmail(email))
    .orderBy("wholesalers.name")
    .execute();
  const pending = rows.length
    ? await db
        .selectFrom("owner_changes")
        .select(["wholesaler_id", "after", "created_at"])
        .where("status", "=", "pending")
        .where(
          "wholesaler_id",
          "in",
          rows.map((row) => row.id),
        )
        .orderBy("created_at", "desc")
        .execute()
    : [];
  return rows.map((row) => {
    const change = pending.find((p) => p.wholesaler_id === row.id);
    return {
      ...toWholesaler(row),
      updatedAt: row.updated_at,
      ownerConfirmedAt: row.owner_confirmed_at,
      pendingChange: change
        ? { createdAt: change.created_at, after: JSON.parse(change.after) as Partial<Record<ReviewedField, string>> }
        : null,
    };
  });
}

/** One listing of the owner's; any other listing is not found, exactly as one that does not exist. */
export async function findOwnedListing(db: Kysely<Database>, email: string, wholesalerId: number): Promise<OwnedListing> {
  const listing = (await listOwnedListings(db, email)).find((owned) => owned.id === wholesalerId);
  if (!listing) throw notFound("You do not own this listing, or it no longer exists.");
  return listing;
}

const shape = wholesalerFieldsSchema.shape;
/** The owner's form: the admin form's own field rules (services/wholesalers/admin.server.ts), for the fields an owner keeps. */
export const ownerEditSchema = z.object({
  name: shape.name,
  address: shape.address,
  city: shape.city,
  zipcode: shape.zipcode,
  phone: shape.phone,
  website: shape.website,
  access: shape.access,
  accessNote: shape.accessNote,
  openingHours: shape.openingHours,
  specialHours: shape.specialHours,
  description: shape.description,
});
export type OwnerEditInput = z.output<typeof ownerEditSchema>;

/**
 * The form's fields as sent: the weekly hours as the editor's JSON or, without JavaScript, one plain field a day; the
 * special hours as the editor's JSON or, without JavaScript, one text area (an exception a line).
 */
export function ownerEditFromForm(read: (field: string) => string | undefined): {
  raw: Record<string, string | undefined>;
  fieldErrors?: Record<string, string>;
} {
  const raw: Record<string, string | undefined> = {};
  for (const field of [
    "name",
    "address",
    "city",
    "zipcode",
    "phone",
    "website",
    "access",
    "accessNote",
    "openingHours",
    "specialHours",
    "description",
  ]) {
    raw[field] = read(field);
  }
  const fieldErrors: Record<string, string> = {};
  if (raw.openingHours === undefined) {
    const plain = hoursFromPlainFields(read, "openingHours");
    if (plain.ok) raw.openingHours = plain.hours ? JSON.stringify(plain.hours) : "";
    else fieldErrors.openingHours = plain.message;
  }
  const special = specialHoursFromPlainField(read, "specialHours");
  if (special?.ok) raw.specialHours = JSON.stringify(special.special);
  else if (special) fieldErrors.specialHours = special.message;
  return Object.keys(fieldErrors).length ? { raw, fieldErrors } : { raw };
}

export const OWNER_CONFLICT_MESSAGE =
  "Someone changed this listing while you were editing it. The form now shows the listing as it is: please make your change again.";

/**
 * An owner's edit of a listing they own. Phone, website, who may buy and its note, weekly hours and description are
 * published at once, the listing's `verified_at` and `owner_confirmed_at` set to today, audited as the owner's
 * (`wholesaler.owner_update`). A different name, address, city or zipcode is not published: it waits for an admin as
 * a pending change (before and after). The whole edit is refused with field errors (400) as the admin form would
 * refuse it, and with a conflict (409) when the listing changed since `expectedUpdatedAt`.
 */
export async function saveOwnerEdit(
  db: Kysely<Database>,
  email: string,
  wholesalerId: number,
  expectedUpdatedAt: string,
  raw: Record<string, string | undefined>,
  client: { ip?: string | null } = {},
  now: Date = new Date(),
): Promise<{ published: string[]; pending: ReviewedField[] }> {
  const owned = await findOwnedListing(db, email, wholesalerId);
  const parsed = ownerEditSchema.safeParse(raw);
  if (!parsed.success) throw badRequest("Please correct the highlighted fields.", fieldErrorsOf(parsed.error));
  const input = parsed.data;
  const pendingFields = REVIEWED_FIELDS.filter((field) => input[field] !== owned[field]);
  if (pendingFields.includes("zipcode")) {
    const zip = await db.selectFrom("zipcodes").select(["state_code"]).where("zip", "=", input.zipcode).executeTakeFirst();
    const state = await db.selectFrom("states").select("code").where("id", "=", owned.stateId).executeTakeFirst();
    if (!zip) throw badRequest("Please correct the highlighted fields.", { zipcode: `Zipcode ${input.zipcode} does not exist.` });
    if (zip.state_code !== state?.code) {
      throw badRequest("Please correct the highlighted fields.", { zipcode: `Zipcode ${input.zipcode} is not in ${owned.state}.` });
    }
  }
  const today = todayIsoDate(now);
  const at = now.toISOString();
  const values = {
    phone: input.phone ?? null,
    website: input.website ?? null,
    access: input.access ?? null,
    access_note: input.accessNote ?? null,
    opening_hours: input.openingHours ? JSON.stringify(input.openingHours) : null,
    special_hours: specialHoursColumn(input.specialHours),
    description: input.description ?? "",
  };
  const before = {
    phone: owned.phone ?? null,
    website: owned.website ?? null,
    access: owned.access,
    access_note: owned.accessNote,
    opening_hours: owned.openingHours ? JSON.stringify(owned.openingHours) : null,
    special_hours: specialHoursColumn(owned.specialHours),
    description: owned.description,
  };
  const published = (Object.keys(values) as (keyof typeof values)[]).filter((key) => values[key] !== before[key]);
  const ownerEmail = normalizeEmail(email);
  await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("wholesalers")
      .set({ ...values, verified_at: today, owner_confirmed_at: today, updated_at: nextVersion(expectedUpdatedAt, now) })
      .where("id", "=", wholesalerId)
      .where("updated_at", "=", expectedUpdatedAt)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("conflict", OWNER_CONFLICT_MESSAGE);
    if (pendingFields.length) {
      // One pending change a listing: a newer one from an owner replaces the one waiting.
      await trx.deleteFrom("owner_changes").where("wholesaler_id", "=", wholesalerId).where("status", "=", "pending").execute();
      await trx
        .insertInto("owner_changes")
        .values({
          wholesaler_id: wholesalerId,
          owner_email: ownerEmail,
          before: JSON.stringify(Object.fromEntries(REVIEWED_FIELDS.map((field) => [field, owned[field]]))),
          after: JSON.stringify(Object.fromEntries(REVIEWED_FIELDS.map((field) => [field, input[field]]))),
          status: "pending",
          created_at: at,
        })
        .execute();
    }
    await trx
      .updateTable("listing_owners")
      .set({ freshness_answer: "edited", freshness_answered_at: at })
      .where("wholesaler_id", "=", wholesalerId)
      .where("email_normalized", "=", ownerEmail)
      .where("freshness_asked_at", "is not", null)
      .where("freshness_answered_at", "is", null)
      .execute();
    await recordAudit(
      trx,
      {
        action: `${WHOLESALER_ENTITY}.owner_update`,
        actor: ownerEmail,
        entityType: WHOLESALER_ENTITY,
        entityId: wholesalerId,
        ip: client.ip ?? null,
        details: { label: owned.name, published, pending: pendingFields, verifiedAt: today, source: OWNER_SOURCE },
      },
      at,
    );
  });
  return { published, pending: pendingFields };
}

/**
 * An owner's new photo for a listing they own: through the admin's image pipeline (type sniffed, re-encoded, EXIF
 * dropped), published at once and audited as the owner's (`wholesaler.image`, no admin id); the listing is then
 * confirmed by the business today.
 */
export async function saveOwnerPhoto(
  db: Kysely<Database>,
  email: string,
  wholesalerId: number,
  file: Buffer,
  storage: ImageStorage,
  client: { ip?: string | null } = {},
  now: Date = new Date(),
): Promise<{ imageUrl: string }> {
  await findOwnedListing(db, email, wholesalerId);
  const ownerEmail = normalizeEmail(email);
  const { imageUrl, updatedAt } = await setRecordImage(db, "wholesaler", wholesalerId, file, storage, {
    adminId: null,
    email: ownerEmail,
    ip: client.ip ?? "",
  });
  const today = todayIsoDate(now);
  await db
    .updateTable("wholesalers")
    .set({ verified_at: today, owner_confirmed_at: today, updated_at: nextVersion(updatedAt, now) })
    .where("id", "=", wholesalerId)
    .where("updated_at", "=", updatedAt)
    .execute();
  return { imageUrl };
}

export interface PendingChange {
  id: number;
  wholesalerId: number;
  listingName: string;
  ownerEmail: string;
  before: Partial<Record<ReviewedField, string>>;
  after: Partial<Record<ReviewedField, string>>;
  createdAt: string;
}

/** The owners' changes of name, address or zipcode waiting for an admin, oldest first. */
export async function listPendingChanges(db: Kysely<Database>): Promise<PendingChange[]> {
  const rows = await db
    .selectFrom("owner_changes")
    .innerJoin("wholesalers", "wholesalers.id", "owner_changes.wholesaler_id")
    .select([
      "owner_changes.id",
      "owner_changes.wholesaler_id",
      "wholesalers.name as listing_name",
      "owner_changes.owner_email",
      "owner_changes.before",
      "owner_changes.after",
      "owner_changes.created_at",
    ])
    .where("owner_changes.status", "=", "pending")
    .orderBy("owner_changes.created_at")
    .orderBy("owner_changes.id")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    wholesalerId: row.wholesaler_id,
    listingName: row.listing_name,
    ownerEmail: row.owner_email,
    before: JSON.parse(row.before) as PendingChange["before"],
    after: JSON.parse(row.after) as PendingChange["after"],
    createdAt: row.created_at,
  }));
}

const CHANGE_DECIDED = "This change was already decided; the list now shows its current state.";

/**
 * Publishes an owner's pending change of name, address, city or zipcode. A new zipcode must exist in the listing's
 * state; the listing's point moves to its centre unless the listing had a point of its own. Audited as the admin's.
 */
export async function approveChange(db: Kysely<Database>, id: number, actor: Actor, notify: MailNotify, now: Date = new Date()) {
  const at = now.toISOString();
  const result = await inTransaction(db, async (trx) => {
    const change = await trx
      .updateTable("owner_changes")
      .set({ status: "approved", decided_at: at, decided_by: actor.email })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!change) throw new AppError("conflict", CHANGE_DECIDED);
    const after = JSON.parse(change.after) as Record<ReviewedField, string>;
    const listing = await trx
      .selectFrom("wholesalers")
      .innerJoin("states", "states.id", "wholesalers.state_id")
      .select(["wholesalers.updated_at", "wholesalers.zipcode", "wholesalers.location_exact", "states.code", "states.name as state_name"])
      .where("wholesalers.id", "=", change.wholesaler_id)
      .executeTakeFirstOrThrow();
    const location: { latitude?: number; longitude?: number; time_zone?: string | null } = {};
    if (after.zipcode !== listing.zipcode) {
      const zip = await trx.selectFrom("zipcodes").selectAll().where("zip", "=", after.zipcode).executeTakeFirst();
      if (!zip || zip.state_code !== listing.code) {
        throw badRequest(`Zipcode ${after.zipcode} is not a zipcode of ${listing.state_name}: reject the change, or edit the listing.`);
      }
      if (!listing.location_exact) {
        location.latitude = zip.latitude;
        location.longitude = zip.longitude;
        location.time_zone = timeZoneAt(zip.latitude, zip.longitude);
      }
    }
    await trx
      .updateTable("wholesalers")
      .set({
        name: after.name,
        address: after.address,
        city: after.city,
        zipcode: after.zipcode,
        ...location,
        updated_at: nextVersion(listing.updated_at, now),
      })
      .where("id", "=", change.wholesaler_id)
      .execute();
    // A listing that moved is published at its new place: whoever waits for a supplier there is told (decision 044).
    const queued = after.zipcode !== listing.zipcode ? await queueDemandNotices(trx, change.wholesaler_id, notify, now) : 0;
    await recordAdminChange(trx, actor, {
      entity: "owner_change",
      verb: "approve",
      id,
      details: { label: after.name, wholesalerId: change.wholesaler_id, before: JSON.parse(change.before) as unknown, after },
    });
    return { listingName: after.name, queued };
  });
  if (result.queued > 0) wakeMailSender();
  return { listingName: result.listingName };
}

export async function rejectChange(db: Kysely<Database>, id: number, actor: Actor, now: Date = new Date()) {
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const change = await trx
      .updateTable("owner_changes")
      .set({ status: "rejected", decided_at: at, decided_by: actor.email })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!change) throw new AppError("conflict", CHANGE_DECIDED);
    const listing = await trx.selectFrom("wholesalers").select("name").where("id", "=", change.wholesaler_id).executeTakeFirst();
    await recordAdminChange(trx, actor, { entity: "owner_change", verb: "reject", id, details: { label: listing?.name ?? "" } });
    return { listingName: listing?.name ?? "" };
  });
}

// --- freshness ---------------------------------------------------------------------------------------------

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
