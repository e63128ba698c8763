/** "Is this your business? Claim it": claims by the website's domain or by an admin's approval, and the owners of a listing (decision 045). */
import { type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { inTransaction } from "../admin/versioned.server";
import { recordAdminChange, recordAudit } from "../audit/audit.server";
import { decidePending } from "./decide.server";
import { AppError, badRequest, notFound } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { emailDomain, normalizeEmail } from "../mail/address";
import type { MailContext } from "../mail/messages.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import { queueDemandNotices } from "../demand/demand.server";
import { ownerApprovedMail, ownerSignInMail, ownerClaimRejectedMail } from "../mail/owner-messages.server";
import { WHOLESALER_ENTITY } from "../wholesalers/constants";
import { CLAIM_MESSAGES, claimPendingMessage, claimVerifiedMessage, HONEYPOT_FIELD, type ClaimInput } from "./owner-form";
import { claimSchema } from "./claim-schema";
import { CLAIMS_PER_HOUR, HOUR, emailOnWebsiteDomain, ownerLinkUrl } from "./tokens.server";
import { createLink } from "./sign-in.server";

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

/**
 * Approves a pending claim: its address becomes an owner of the listing and is mailed a sign-in link, in one
 * transaction with the audit row. A claim decided meanwhile is a 409.
 */
export async function approveClaim(db: Kysely<Database>, id: number, actor: Actor, context: MailContext, now: Date = new Date()) {
  const at = now.toISOString();
  const result = await inTransaction(db, async (trx) => {
    const claim = await decidePending(trx, "owner_claims", id, "approved", actor, at);
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
    const claim = await decidePending(trx, "owner_claims", id, "rejected", actor, at);
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
