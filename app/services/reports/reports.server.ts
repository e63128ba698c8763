import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { inTransaction } from "../admin/versioned.server";
import { AppError, badRequest, notFound } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { newItemNotices, type MailNotify } from "../mail/digest.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import { HONEYPOT_FIELD, REPORT_MESSAGES, REPORTS_PER_HOUR, reportKindLabel, type ListingReportInput } from "./report-form";
import { listingReportSchema } from "./report-schema";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Stores a visitor's report that a listing is wrong, for the admins to review. A filled honeypot is answered
 * as a success but stores nothing, so a bot learns nothing; a listing that no longer exists is a 404; at most
 * REPORTS_PER_HOUR are accepted per client address each hour, across all listings. With `notify` (the route's
 * SITE_URL) and the admin digest set to "instant", a message to each admin is queued in the report's transaction.
 */
export async function createListingReport(
  db: Kysely<Database>,
  wholesalerId: number,
  input: ListingReportInput,
  ip: string,
  now: Date = new Date(),
  notify?: MailNotify,
): Promise<{ stored: boolean }> {
  if (input[HONEYPOT_FIELD]?.trim()) return { stored: false };

  const listing = await db.selectFrom("wholesalers").select(["id", "name"]).where("id", "=", wholesalerId).executeTakeFirst();
  if (!listing) throw notFound(REPORT_MESSAGES.listingGone);

  const parsed = listingReportSchema.safeParse(input);
  if (!parsed.success) throw badRequest(REPORT_MESSAGES.invalid, fieldErrorsOf(parsed.error));

  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const { n } = await db
    .selectFrom("listing_reports")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("ip", "=", ip)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(n) >= REPORTS_PER_HOUR) throw new AppError("too_many_requests", REPORT_MESSAGES.tooMany);

  const report = parsed.data;
  const mails = await newItemNotices(db, notify, {
    kind: "report",
    listing: listing.name,
    problem: reportKindLabel(report.kind),
    details: report.details,
  });
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("listing_reports")
      .values({
        wholesaler_id: wholesalerId,
        kind: report.kind,
        details: report.details,
        email: report.email,
        status: "open",
        ip,
        created_at: now.toISOString(),
        reviewed_at: null,
      })
      .execute();
    await enqueueMail(trx, mails, now);
  });
  if (mails.length > 0) wakeMailSender();
  return { stored: true };
}
