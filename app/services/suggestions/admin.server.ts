import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, LocationSuggestionsTable } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import { type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { recordAdminChange } from "../audit/audit.server";
import { AppError, notFound } from "../errors";
import type { MailNotify } from "../mail/digest.server";
import { wakeMailSender } from "../mail/outbox.server";
import { createWholesaler, parseWholesalerInput } from "../wholesalers/admin.server";
import { addressesMatch, describeDuplicate, namesAreSimilar } from "../wholesalers/duplicates";
import { findPossibleDuplicates, refuseUnconfirmedDuplicates } from "../wholesalers/duplicates.server";

export const SUGGESTION_ENTITY = "suggestion";
/** The entity as the audit log names it (`location_suggestion.accept`). */
const AUDIT_ENTITY = "location_suggestion";

export const SUGGESTION_STATUSES = ["pending", "accepted", "rejected"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const SUGGESTION_GONE = "This suggestion no longer exists.";
export const suggestionReviewedMessage = (status: string) =>
  `This suggestion was already marked ${status} by someone else. The list now shows its current state.`;
export const SUGGESTION_ALREADY_ADDED = "This suggestion was already added as a listing. Find that listing under Wholesalers.";

export interface AdminSuggestion {
  id: number;
  businessName: string;
  contactName: string | null;
  email: string | null;
  businessAddress: string;
  additionalInfo: string | null;
  status: SuggestionStatus;
  createdAt: string;
  reviewedAt: string | null;
  /** The listing an accepted suggestion became, while it exists. */
  wholesaler: { id: number; name: string } | null;
}

export interface SuggestionListQuery {
  q?: string;
  status?: string;
  page: number;
}

/** The status a list shows: the one asked for, pending by default. */
export const suggestionStatusFrom = (value: string | null | undefined): SuggestionStatus =>
  (SUGGESTION_STATUSES as readonly string[]).includes(value ?? "") ? (value as SuggestionStatus) : "pending";

type SuggestionRow = Selectable<LocationSuggestionsTable> & { wholesaler_name: string | null };

const toAdminSuggestion = (row: SuggestionRow): AdminSuggestion => ({
  id: row.id,
  businessName: row.business_name,
  contactName: row.contact_name,
  email: row.email,
  businessAddress: row.business_address,
  additionalInfo: row.additional_info,
  status: suggestionStatusFrom(row.status),
  createdAt: row.created_at,
  reviewedAt: row.reviewed_at,
  wholesaler: row.wholesaler_id !== null && row.wholesaler_name !== null ? { id: row.wholesaler_id, name: row.wholesaler_name } : null,
});

/** Suggestions with the name of the listing each became. */
const suggestions = (db: Kysely<Database>) =>
  db
    .selectFrom("location_suggestions")
    .leftJoin("wholesalers", "wholesalers.id", "location_suggestions.wholesaler_id")
    .selectAll("location_suggestions")
    .select("wholesalers.name as wholesaler_name");

/** One page of suggestions with the status, matching the search (business name, address, contact), oldest first while pending. */
export async function listSuggestionsForAdmin(db: Kysely<Database>, query: SuggestionListQuery): Promise<Page<AdminSuggestion>> {
  const status = suggestionStatusFrom(query.status);
  let base = db.selectFrom("location_suggestions").where("status", "=", status);
  if (query.q) {
    const matches = containsText(query.q, ["business_name", "business_address", "contact_name", "email"]);
    base = base.where((eb) => eb.or(matches));
  }
  return loadPage(base, query.page, async (window) => {
    // Pending ones wait in the order they came; reviewed ones show the latest decisions first.
    const page = await base
      .select("id")
      .orderBy(status === "pending" ? "created_at" : "reviewed_at", status === "pending" ? "asc" : "desc")
      .orderBy("id")
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    const ids = page.map((row) => row.id);
    if (ids.length === 0) return [];
    const rows = await suggestions(db).where("location_suggestions.id", "in", ids).execute();
    const byId = new Map(rows.map((row) => [row.id, toAdminSuggestion(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  });
}

/**
 * Marks a pending suggestion rejected. `expectedStatus` is the status the admin saw: if someone else
 * decided in between, nothing changes and the admin is told.
 */
export async function rejectSuggestion(db: Kysely<Database>, id: number, expectedStatus: string, actor: Actor): Promise<AdminSuggestion> {
  return db.transaction().execute(async (trx) => {
    const row = await suggestions(trx).where("location_suggestions.id", "=", id).executeTakeFirst();
    if (!row) throw notFound(SUGGESTION_GONE);
    if (row.status !== expectedStatus) throw new AppError("conflict", suggestionReviewedMessage(row.status));
    if (row.status !== "pending") throw new AppError("conflict", `An ${row.status} suggestion cannot be rejected.`);
    const reviewedAt = nowIso();
    const result = await trx
      .updateTable("location_suggestions")
      .set({ status: "rejected", reviewed_at: reviewedAt })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError("conflict", suggestionReviewedMessage("reviewed"));
    await recordAdminChange(trx, actor, { entity: AUDIT_ENTITY, verb: "reject", id, details: { label: row.business_name } });
    return { ...toAdminSuggestion(row), status: "rejected", reviewedAt };
  });
}

/**
 * Saves the listing an admin made from a suggestion (the add dialog the suggestion prefilled) and marks the
 * suggestion accepted with that listing, in one transaction with its audit rows: closing the dialog unsaved
 * leaves the suggestion as it was. A pending or a rejected suggestion may become a listing, once; while the
 * listing may already exist (findPossibleDuplicates) and `confirmed` is false, nothing is written and the
 * admin is asked to confirm (409).
 */
export async function createWholesalerFromSuggestion(
  db: Kysely<Database>,
  suggestionId: number,
  raw: Record<string, unknown>,
  { confirmed }: { confirmed: boolean },
  actor: Actor,
  notify?: MailNotify,
): Promise<number> {
  const id = await db.transaction().execute(async (trx) => {
    const row = await suggestions(trx).where("location_suggestions.id", "=", suggestionId).executeTakeFirst();
    if (!row) throw notFound(SUGGESTION_GONE);
    if (row.status === "accepted") throw new AppError("conflict", SUGGESTION_ALREADY_ADDED);
    // A form without an admin note keeps what the visitor sent there; one with it keeps what the admin made of it.
    const values = "adminNote" in raw ? raw : { ...raw, adminNote: suggestionNote(toAdminSuggestion(row)) };
    const input = parseWholesalerInput(values);
    await refuseUnconfirmedDuplicates(trx, input, confirmed);
    const wholesalerId = await createWholesaler(trx, values, actor, notify);
    const result = await trx
      .updateTable("location_suggestions")
      .set({ status: "accepted", reviewed_at: nowIso(), wholesaler_id: wholesalerId })
      .where("id", "=", suggestionId)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError("conflict", SUGGESTION_ALREADY_ADDED);
    await recordAdminChange(trx, actor, {
      entity: AUDIT_ENTITY,
      verb: "accept",
      id: suggestionId,
      details: { label: row.business_name, wholesalerId },
    });
    return wholesalerId;
  });
  // The people waiting near it were written to in that transaction (decision 044).
  if (notify) wakeMailSender();
  return id;
}

export interface ParsedAddress {
  street: string;
  city?: string;
  /** The two-letter code or the full name of the state as written. */
  state?: string;
  zipcode?: string;
}

/**
 * Splits an address written as the About form suggests ("123 Flower St, Los Angeles, CA 90014") into its
 * parts. What does not follow that shape stays whole in `street`.
 */
export function parseAddress(text: string): ParsedAddress {
  const parts = text
    .split(/\s*,\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts.at(-1) ?? "";
  const tail = /^([A-Za-z][A-Za-z .]*?)\.?\s*(\d{5})?(?:-\d{4})?$/.exec(last);
  const zipOnly = /^(\d{5})(?:-\d{4})?$/.exec(last);
  if (parts.length >= 4 && zipOnly) {
    // "street, city, state, 12345"
    return { street: parts.slice(0, -3).join(", "), city: parts.at(-3), state: parts.at(-2), zipcode: zipOnly[1] };
  }
  if (parts.length >= 3 && tail) {
    return { street: parts.slice(0, -2).join(", "), city: parts.at(-2), state: tail[1]!.trim(), ...(tail[2] ? { zipcode: tail[2] } : {}) };
  }
  return { street: text.trim() };
}

/** What the admins keep from a suggestion on the listing it becomes: who sent it and what they wrote. */
export function suggestionNote(suggestion: Pick<AdminSuggestion, "contactName" | "email" | "additionalInfo">): string {
  const who = [suggestion.contactName, suggestion.email].filter(Boolean).join(", ");
  const head = who ? `Suggested by a visitor (${who})` : "Suggested by a visitor";
  return suggestion.additionalInfo ? `${head}: ${suggestion.additionalInfo}` : `${head}.`;
}

/**
 * The query of /admin/wholesalers/new that opens the add dialog for a suggestion, filled with what the
 * visitor sent: the suggestion's id (saving the listing accepts it), name, street and, when the address can
 * be read, city, state (looked up by code or name) and zipcode. What the visitor wrote goes into the
 * admin-only note, never into the public description.
 */
export async function wholesalerPrefillFor(
  db: Kysely<Database>,
  suggestion: Pick<AdminSuggestion, "id" | "businessName" | "businessAddress" | "additionalInfo" | "contactName" | "email">,
) {
  const address = parseAddress(suggestion.businessAddress);
  const params = new URLSearchParams({ suggestion: String(suggestion.id), name: suggestion.businessName, address: address.street });
  const stateText = address.state?.replace(/\./g, "").trim();
  const state = stateText
    ? await db
        .selectFrom("states")
        .select("id")
        .where((eb) => eb.or([eb("code", "=", stateText.toUpperCase()), sql<boolean>`lower(name) = ${stateText.toLowerCase()}`]))
        .executeTakeFirst()
    : undefined;
  if (address.city && state) {
    params.set("city", address.city);
    params.set("stateId", state.id);
    if (address.zipcode) params.set("zipcode", address.zipcode);
  } else if (address.state) {
    // Not a state we know: keep the address whole rather than lose part of it.
    params.set("address", suggestion.businessAddress.trim());
  }
  params.set("adminNote", suggestionNote(suggestion));
  return params;
}

/** A listing or another suggestion that may be the same business as a suggestion; `href` finds it in the admin. */
export interface SuggestionDuplicate {
  text: string;
  href: string;
}

/** Where an address says the business is: its zipcode, else its city, else the whole address as written. */
function placeOf(address: ParsedAddress, text: string): string {
  if (address.zipcode) return `zip:${address.zipcode}`;
  if (address.city) return `city:${address.city.toLowerCase()}`;
  return `text:${text.trim().toLowerCase().replace(/\s+/g, " ")}`;
}

/** Whether two suggestions name one business: a similar name or the same street address, in the same place. */
function sameBusiness(a: { name: string; address: string }, b: { name: string; address: string }): boolean {
  const left = parseAddress(a.address);
  const right = parseAddress(b.address);
  const samePlace =
    placeOf(left, a.address) === placeOf(right, b.address) ||
    (left.city !== undefined && right.city !== undefined && left.city.toLowerCase() === right.city.toLowerCase());
  return samePlace && (namesAreSimilar(a.name, b.name) || addressesMatch(left.street, right.street));
}

/**
 * For each pending suggestion of a page, what it may duplicate (issue #37 point 6), shown to the admin before
 * deciding, as business submissions show theirs: listings with a similar name in the address's zipcode or at
 * the same street address (as the add dialog checks again on saving), and other suggestions of the same
 * business, whatever their status ("Rose Market" sent twice, or once already rejected).
 */
export async function suggestionDuplicates(
  db: Kysely<Database>,
  rows: readonly Pick<AdminSuggestion, "id" | "businessName" | "businessAddress" | "status">[],
): Promise<Map<number, SuggestionDuplicate[]>> {
  const pending = rows.filter((row) => row.status === "pending");
  const found = new Map<number, SuggestionDuplicate[]>();
  if (pending.length === 0) return found;
  const others = await db
    .selectFrom("location_suggestions")
    .select(["id", "business_name", "business_address", "status", "created_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of pending) {
    const address = parseAddress(row.businessAddress);
    const listings = await findPossibleDuplicates(db, {
      name: row.businessName,
      address: address.street,
      zipcode: address.zipcode ?? "",
      ...(address.city ? { city: address.city } : {}),
    });
    const suggested = others.filter(
      (other) =>
        other.id !== row.id &&
        sameBusiness(
          { name: row.businessName, address: row.businessAddress },
          { name: other.business_name, address: other.business_address },
        ),
    );
    const items = [
      ...listings.map((listing) => ({
        text: `Listed: ${describeDuplicate(listing)}`,
        href: `/admin/wholesalers?${new URLSearchParams({ q: listing.name }).toString()}`,
      })),
      ...suggested.map((other) => ({
        text: `Also suggested: ${other.business_name}, ${other.business_address} (${suggestionStatusFrom(other.status)}, sent ${other.created_at.slice(0, 10)})`,
        href: `/admin/suggestions?${new URLSearchParams({ status: suggestionStatusFrom(other.status), q: other.business_name }).toString()}`,
      })),
    ];
    if (items.length > 0) found.set(row.id, items);
  }
  return found;
}
