import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import { nextVersion, type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { recordAdminChange } from "../audit/audit.server";
import { AppError, notFound } from "../errors";
import { reportKindLabel } from "./report-form";

/** The entity as the audit log names it (`listing_report.resolve`). */
const AUDIT_ENTITY = "listing_report";

export const REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What the admin list can show: one status, or every report with the open ones first. */
export const REPORT_FILTERS = [...REPORT_STATUSES, "all"] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export const REPORT_GONE = "This report no longer exists.";
export const reportClosedMessage = (status: string) =>
  `This report was already marked ${status}, so it was left as it is. The list now shows its current state.`;

export interface AdminReport {
  id: number;
  wholesalerId: number;
  listingName: string;
  listingCity: string;
  listingState: string;
  kind: string;
  details: string;
  email: string | null;
  status: ReportStatus;
  createdAt: string;
  reviewedAt: string | null;
  /** True when the listing is already marked permanently closed. */
  listingClosed: boolean;
}

export interface ReportListQuery {
  q?: string;
  status?: string;
  page: number;
}

/** The filter a list shows: the one asked for, open reports by default. */
export const reportFilterFrom = (value: string | null | undefined): ReportFilter =>
  (REPORT_FILTERS as readonly string[]).includes(value ?? "") ? (value as ReportFilter) : "open";

const statusFrom = (value: string): ReportStatus =>
  (REPORT_STATUSES as readonly string[]).includes(value) ? (value as ReportStatus) : "open";

const reportsWithListing = (db: Kysely<Database>) =>
  db
    .selectFrom("listing_reports")
    .innerJoin("wholesalers", "wholesalers.id", "listing_reports.wholesaler_id")
    .innerJoin("states", "states.id", "wholesalers.state_id");

/**
 * One page of reports with the status asked for ("all": open ones first), newest first, matching the search
 * (listing name or city, details, email).
 */
export async function listReportsForAdmin(db: Kysely<Database>, query: ReportListQuery): Promise<Page<AdminReport>> {
  const filter = reportFilterFrom(query.status);
  let base = reportsWithListing(db);
  if (filter !== "all") base = base.where("listing_reports.status", "=", filter);
  if (query.q) {
    const matches = containsText(query.q, ["wholesalers.name", "wholesalers.city", "listing_reports.details", "listing_reports.email"]);
    base = base.where((eb) => eb.or(matches));
  }
  return loadPage(base, query.page, async (window) => {
    const rows = await base
      .select([
        "listing_reports.id",
        "listing_reports.wholesaler_id",
        "listing_reports.kind",
        "listing_reports.details",
        "listing_reports.email",
        "listing_reports.status",
        "listing_reports.created_at",
        "listing_reports.reviewed_at",
        "wholesalers.name as listing_name",
        "wholesalers.city as listing_city",
        "states.name as listing_state",
        "wholesalers.status as listing_status",
      ])
      .orderBy(sql`case when listing_reports.status = 'open' then 0 else 1 end`)
      .orderBy("listing_reports.created_at", "desc")
      .orderBy("listing_reports.id", "desc")
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      wholesalerId: row.wholesaler_id,
      listingName: row.listing_name,
      listingCity: row.listing_city,
      listingState: row.listing_state,
      kind: row.kind,
      details: row.details,
      email: row.email,
      status: statusFrom(row.status),
      createdAt: row.created_at,
      reviewedAt: row.reviewed_at,
      listingClosed: row.listing_status === "permanently-closed",
    }));
  });
}

/** Reports waiting for an admin, for the navigation's count. */
export async function countOpenReports(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom("listing_reports")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Closes an open report as resolved (the listing was corrected) or dismissed (nothing to correct), with its
 * audit entry. A report someone already closed is left as it is and the admin is told (409).
 */
async function close(
  db: Kysely<Database>,
  id: number,
  status: "resolved" | "dismissed",
  actor: Actor,
  /** Runs in the same transaction once the report is known to be open: the correction the report asked for. */
  correct?: (trx: Kysely<Database>, wholesalerId: number, listingName: string) => Promise<void>,
): Promise<{ listingName: string; status: ReportStatus; reviewedAt: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await reportsWithListing(trx)
      .select(["listing_reports.status", "listing_reports.kind", "listing_reports.wholesaler_id", "wholesalers.name as listing_name"])
      .where("listing_reports.id", "=", id)
      .executeTakeFirst();
    if (!row) throw notFound(REPORT_GONE);
    if (row.status !== "open") throw new AppError("conflict", reportClosedMessage(row.status));
    const reviewedAt = nowIso();
    const result = await trx
      .updateTable("listing_reports")
      .set({ status, reviewed_at: reviewedAt })
      .where("id", "=", id)
      .where("status", "=", "open")
      .executeTakeFirst();
    // Someone else closed it between the read and this update.
    if (Number(result.numUpdatedRows) === 0) throw new AppError("conflict", reportClosedMessage("closed"));
    await correct?.(trx, row.wholesaler_id, row.listing_name);
    await recordAdminChange(trx, actor, {
      entity: AUDIT_ENTITY,
      verb: status === "resolved" ? "resolve" : "dismiss",
      id,
      details: { label: row.listing_name, kind: reportKindLabel(row.kind) },
    });
    return { listingName: row.listing_name, status, reviewedAt };
  });
}

export const resolveReport = (db: Kysely<Database>, id: number, actor: Actor) => close(db, id, "resolved", actor);

export const dismissReport = (db: Kysely<Database>, id: number, actor: Actor) => close(db, id, "dismissed", actor);

/**
 * "Mark permanently closed": what a visitor's "closed for good" report asks, done by the admin who checked it.
 * The listing becomes permanently closed (a new version, audited as wholesaler.close) and the report resolved,
 * in one transaction. A visitor's report never changes a listing by itself.
 */
export const closeListingFromReport = (db: Kysely<Database>, id: number, actor: Actor) =>
  close(db, id, "resolved", actor, async (trx, wholesalerId, listingName) => {
    const { updated_at: version } = await trx
      .selectFrom("wholesalers")
      .select("updated_at")
      .where("id", "=", wholesalerId)
      .executeTakeFirstOrThrow();
    // A new version even within the millisecond of the last, so that an editor open on the old one is refused.
    await trx
      .updateTable("wholesalers")
      .set({ status: "permanently-closed", closed_until: null, updated_at: nextVersion(version) })
      .where("id", "=", wholesalerId)
      .execute();
    await recordAdminChange(trx, actor, {
      entity: "wholesaler",
      verb: "close",
      id: wholesalerId,
      details: { label: listingName, status: "permanently-closed", report: id },
    });
  });
