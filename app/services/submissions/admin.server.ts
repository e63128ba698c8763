import { sql, type Kysely, type Selectable } from "kysely";
import type { BusinessSubmissionsTable, Database } from "~/db/schema";
import { nowIso, todayIsoDate } from "~/utils/dates";
import { type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { recordAdminChange } from "../audit/audit.server";
import { AppError, badRequest, notFound } from "../errors";
import { mailContext } from "../mail/context.server";
import type { MailNotify } from "../mail/digest.server";
import { listingApprovedMail, listingDeclinedMail } from "../mail/listing-messages.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import { WHOLESALER_ACCESS, WHOLESALER_TYPES, type WholesalerAccess, type WholesalerType } from "../wholesalers/constants";
import { createWholesaler } from "../wholesalers/admin.server";
import { refuseUnconfirmedDuplicates } from "../wholesalers/duplicates.server";
import { parseWeeklyHours } from "../wholesalers/opening-hours-schema";
import { listingPath } from "../wholesalers/slug";
import { SUBMITTER_ROLE_LABELS, SUBMITTER_ROLES, type SubmitterRole } from "./business-form";
import { SUBMISSION_STATUSES, type AdminSubmission, type SubmissionStatus } from "./types";

export type { AdminSubmission, SubmissionStatus };
export { SUBMISSION_STATUSES };

/** The entity as the audit log names it (`business_submission.approve`). */
const AUDIT_ENTITY = "business_submission";

/** The `source` of a listing an approval creates. */
export const SUBMITTED_BY_BUSINESS = "Submitted by the business";

export const SUBMISSION_GONE = "This listing request no longer exists.";
export const submissionReviewedMessage = (status: string) =>
  `This listing request was already ${status} by someone else. The list now shows its current state.`;

/** The statuses a list can show: one of them, or all with the pending ones first. */
export type SubmissionFilter = SubmissionStatus | "all";
export const SUBMISSION_FILTERS: readonly SubmissionFilter[] = [...SUBMISSION_STATUSES, "all"];

/** The list the admin asked for, the pending ones by default. */
export const submissionFilterFrom = (value: string | null | undefined): SubmissionFilter =>
  (SUBMISSION_FILTERS as readonly string[]).includes(value ?? "") ? (value as SubmissionFilter) : "pending";

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : fallback;

type SubmissionRow = Selectable<BusinessSubmissionsTable> & { state_name: string };

const toAdminSubmission = (row: SubmissionRow): AdminSubmission => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city: row.city,
  stateId: row.state_id,
  state: row.state_name,
  zipcode: row.zipcode,
  type: oneOf<WholesalerType>(WHOLESALER_TYPES, row.type, "Wholesale"),
  access: row.access ? oneOf<WholesalerAccess>(WHOLESALER_ACCESS, row.access, "trade-only") : null,
  accessNote: row.access_note,
  phone: row.phone,
  website: row.website,
  openingHours: parseWeeklyHours(row.opening_hours),
  description: row.description,
  submitterName: row.submitter_name,
  submitterEmail: row.submitter_email,
  submitterRole: oneOf<SubmitterRole>(SUBMITTER_ROLES, row.submitter_role, "other"),
  status: oneOf<SubmissionStatus>(SUBMISSION_STATUSES, row.status, "pending"),
  wholesalerId: row.wholesaler_id,
  createdAt: row.created_at,
  reviewedAt: row.reviewed_at,
});

const submissions = (db: Kysely<Database>) =>
  db.selectFrom("business_submissions").innerJoin("states", "states.id", "business_submissions.state_id");

export interface SubmissionListQuery {
  q?: string;
  status?: string;
  page: number;
}

/**
 * One page of listing requests with the status asked for (all of them: pending first), matching the search
 * (business, address, city, submitter). Pending ones wait in the order they came; decided ones show the
 * latest decisions first.
 */
export async function listSubmissionsForAdmin(db: Kysely<Database>, query: SubmissionListQuery): Promise<Page<AdminSubmission>> {
  const filter = submissionFilterFrom(query.status);
  let base = submissions(db);
  if (filter !== "all") base = base.where("business_submissions.status", "=", filter);
  if (query.q) {
    const matches = containsText(query.q, [
      "business_submissions.name",
      "business_submissions.address",
      "business_submissions.city",
      "business_submissions.submitter_name",
      "business_submissions.submitter_email",
    ]);
    base = base.where((eb) => eb.or(matches));
  }
  return loadPage(base, query.page, async (window) => {
    const rows = await base
      .selectAll("business_submissions")
      .select("states.name as state_name")
      .orderBy(sql`case when business_submissions.status = 'pending' then 0 else 1 end`)
      .orderBy(sql`case when business_submissions.status = 'pending' then business_submissions.created_at end`)
      .orderBy("business_submissions.reviewed_at", "desc")
      .orderBy("business_submissions.id")
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map(toAdminSubmission);
  });
}

/** How many listing requests wait for an admin (for a count beside the navigation). */
export async function countPendingSubmissions(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom("business_submissions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Who asked for the listing, for the listing's admin note: "Submitted by Ana Ruiz (Owner, ana@example.com) on 2026-05-01." */
export const submitterNote = (submission: Pick<AdminSubmission, "submitterName" | "submitterRole" | "submitterEmail" | "createdAt">) =>
  `Submitted by ${submission.submitterName} (${SUBMITTER_ROLE_LABELS[submission.submitterRole]}, ${submission.submitterEmail}) on ${todayIsoDate(new Date(submission.createdAt))}.`;

/** The pending request `id` at the status the admin saw, in the transaction; a conflict if someone decided meanwhile. */
async function pendingSubmission(db: Kysely<Database>, id: number, expectedStatus: string): Promise<AdminSubmission> {
  const row = await submissions(db)
    .selectAll("business_submissions")
    .select("states.name as state_name")
    .where("business_submissions.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(SUBMISSION_GONE);
  if (row.status !== expectedStatus) throw new AppError("conflict", submissionReviewedMessage(row.status));
  if (row.status !== "pending") throw new AppError("conflict", `This listing request was already ${row.status}.`);
  return toAdminSubmission(row);
}

async function markReviewed(db: Kysely<Database>, id: number, status: "approved" | "rejected", wholesalerId: number | null) {
  const reviewedAt = nowIso();
  const result = await db
    .updateTable("business_submissions")
    .set({ status, reviewed_at: reviewedAt, wholesaler_id: wholesalerId })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("conflict", submissionReviewedMessage("decided"));
  return reviewedAt;
}

/**
 * Approves a pending request: creates the listing from what the business sent, verified today, with the
 * source "Submitted by the business" and the submitter in the admin note, and marks the request approved,
 * all in one transaction with both audit rows. While the listing may already exist (findPossibleDuplicates)
 * and `confirmed` is false, nothing is written and the admin is asked to confirm (409). With `notify` (the
 * route's SITE_URL), the submitter's message with the listing's public address is queued in that transaction.
 */
export async function approveSubmission(
  db: Kysely<Database>,
  id: number,
  { expectedStatus, confirmed }: { expectedStatus: string; confirmed: boolean },
  actor: Actor,
  notify?: MailNotify,
): Promise<{ submission: AdminSubmission; wholesalerId: number }> {
  const context = notify ? await mailContext(db, notify.siteUrl) : undefined;
  const result = await db.transaction().execute(async (trx) => {
    const submission = await pendingSubmission(trx, id, expectedStatus);
    await refuseUnconfirmedDuplicates(trx, submission, confirmed);
    const listing = {
      name: submission.name,
      address: submission.address,
      city: submission.city,
      stateId: submission.stateId,
      zipcode: submission.zipcode,
      type: submission.type,
      access: submission.access ?? "",
      accessNote: submission.accessNote ?? "",
      phone: submission.phone ?? "",
      website: submission.website ?? "",
      openingHours: submission.openingHours ? JSON.stringify(submission.openingHours) : "",
      description: submission.description,
      verifiedAt: todayIsoDate(),
      source: SUBMITTED_BY_BUSINESS,
      adminNote: submitterNote(submission),
    };
    let wholesalerId: number;
    try {
      wholesalerId = await createWholesaler(trx, listing, actor, notify);
    } catch (error) {
      // The request passed the same checks when it was sent; a state or zipcode may have changed since.
      if (error instanceof AppError && error.code === "bad_request") {
        const first = Object.values(error.fieldErrors ?? {})[0] ?? error.message;
        throw badRequest(`The listing could not be created: ${first}`);
      }
      throw error;
    }
    const reviewedAt = await markReviewed(trx, id, "approved", wholesalerId);
    await recordAdminChange(trx, actor, { entity: AUDIT_ENTITY, verb: "approve", id, details: { label: submission.name, wholesalerId } });
    if (context) {
      const listingUrl = `${context.siteUrl}${listingPath({ id: wholesalerId, name: submission.name })}`;
      await enqueueMail(trx, await listingApprovedMail(context, submission, listingUrl));
    }
    return { submission: { ...submission, status: "approved" as const, wholesalerId, reviewedAt }, wholesalerId };
  });
  if (context) wakeMailSender();
  return result;
}

/**
 * Rejects a pending request, audited; nothing of it becomes public. With `notify`, the submitter's message that
 * it was declined is queued in the same transaction (the admin gives no reason, so the message states none).
 */
export async function rejectSubmission(
  db: Kysely<Database>,
  id: number,
  expectedStatus: string,
  actor: Actor,
  notify?: MailNotify,
): Promise<AdminSubmission> {
  const context = notify ? await mailContext(db, notify.siteUrl) : undefined;
  const result = await db.transaction().execute(async (trx) => {
    const submission = await pendingSubmission(trx, id, expectedStatus);
    const reviewedAt = await markReviewed(trx, id, "rejected", null);
    await recordAdminChange(trx, actor, { entity: AUDIT_ENTITY, verb: "reject", id, details: { label: submission.name } });
    if (context) await enqueueMail(trx, await listingDeclinedMail(context, submission));
    return { ...submission, status: "rejected" as const, reviewedAt };
  });
  if (context) wakeMailSender();
  return result;
}
