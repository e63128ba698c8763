import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, LocationSuggestionsTable } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import { likePattern, type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { recordAdminChange } from "../audit/audit.server";
import { AppError, notFound } from "../errors";

export const SUGGESTION_ENTITY = "suggestion";
/** The entity as the audit log names it (`location_suggestion.accept`). */
const AUDIT_ENTITY = "location_suggestion";

export const SUGGESTION_STATUSES = ["pending", "accepted", "rejected"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const SUGGESTION_GONE = "This suggestion no longer exists.";
export const suggestionReviewedMessage = (status: string) =>
  `This suggestion was already marked ${status} by someone else. The list now shows its current state.`;

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
}

export interface SuggestionListQuery {
  q?: string;
  status?: string;
  page: number;
}

/** The status a list shows: the one asked for, pending by default. */
export const suggestionStatusFrom = (value: string | null | undefined): SuggestionStatus =>
  (SUGGESTION_STATUSES as readonly string[]).includes(value ?? "") ? (value as SuggestionStatus) : "pending";

const toAdminSuggestion = (row: Selectable<LocationSuggestionsTable>): AdminSuggestion => ({
  id: row.id,
  businessName: row.business_name,
  contactName: row.contact_name,
  email: row.email,
  businessAddress: row.business_address,
  additionalInfo: row.additional_info,
  status: suggestionStatusFrom(row.status),
  createdAt: row.created_at,
  reviewedAt: row.reviewed_at,
});

/** One page of suggestions with the status, matching the search (business name, address, contact), oldest first while pending. */
export async function listSuggestionsForAdmin(db: Kysely<Database>, query: SuggestionListQuery): Promise<Page<AdminSuggestion>> {
  const status = suggestionStatusFrom(query.status);
  let base = db.selectFrom("location_suggestions").where("status", "=", status);
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(business_name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(business_address) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(contact_name, '')) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(email, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return loadPage(base, query.page, async (window) => {
    // Pending ones wait in the order they came; reviewed ones show the latest decisions first.
    const rows = await base
      .selectAll()
      .orderBy(status === "pending" ? "created_at" : "reviewed_at", status === "pending" ? "asc" : "desc")
      .orderBy("id")
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map(toAdminSuggestion);
  });
}

/**
 * Marks a suggestion accepted or rejected. `expectedStatus` is the status the admin saw: if someone else
 * decided in between, nothing changes and the admin is told. A rejected suggestion may still be accepted.
 */
async function review(
  db: Kysely<Database>,
  id: number,
  expectedStatus: string,
  status: "accepted" | "rejected",
  actor: Actor,
): Promise<AdminSuggestion> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("location_suggestions").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound(SUGGESTION_GONE);
    const allowedFrom = status === "accepted" ? ["pending", "rejected"] : ["pending"];
    if (row.status !== expectedStatus) throw new AppError("conflict", suggestionReviewedMessage(row.status));
    if (!allowedFrom.includes(row.status)) throw new AppError("conflict", `An ${row.status} suggestion cannot be ${status}.`);
    const reviewedAt = nowIso();
    const result = await trx
      .updateTable("location_suggestions")
      .set({ status, reviewed_at: reviewedAt })
      .where("id", "=", id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError("conflict", suggestionReviewedMessage("reviewed"));
    await recordAdminChange(trx, actor, {
      entity: AUDIT_ENTITY,
      verb: status === "accepted" ? "accept" : "reject",
      id,
      details: { label: row.business_name },
    });
    return { ...toAdminSuggestion(row), status, reviewedAt };
  });
}

export const acceptSuggestion = (db: Kysely<Database>, id: number, expectedStatus: string, actor: Actor) =>
  review(db, id, expectedStatus, "accepted", actor);

export const rejectSuggestion = (db: Kysely<Database>, id: number, expectedStatus: string, actor: Actor) =>
  review(db, id, expectedStatus, "rejected", actor);

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

/**
 * The query of /admin/wholesalers/new that opens the add dialog filled with what the visitor sent:
 * name, street, the additional information as description and, when the address can be read, city,
 * state (looked up by code or name) and zipcode.
 */
export async function wholesalerPrefillFor(
  db: Kysely<Database>,
  suggestion: Pick<AdminSuggestion, "businessName" | "businessAddress" | "additionalInfo">,
) {
  const address = parseAddress(suggestion.businessAddress);
  const params = new URLSearchParams({ name: suggestion.businessName, address: address.street });
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
  if (suggestion.additionalInfo) params.set("description", suggestion.additionalInfo);
  return params;
}
