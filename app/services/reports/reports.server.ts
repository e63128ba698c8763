import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { AppError, badRequest, notFound } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { HONEYPOT_FIELD, REPORT_MESSAGES, REPORTS_PER_HOUR, type ListingReportInput } from "./report-form";
import { listingReportSchema } from "./report-schema";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Stores a visitor's report that a listing is wrong, for the admins to review. A filled honeypot is answered
 * as a success but stores nothing, so a bot learns nothing; a listing that no longer exists is a 404; at most
 * REPORTS_PER_HOUR are accepted per client address each hour, across all listings.
 */
export async function createListingReport(
  db: Kysely<Database>,
  wholesalerId: number,
  input: ListingReportInput,
  ip: string,
  now: Date = new Date(),
): Promise<{ stored: boolean }> {
  if (input[HONEYPOT_FIELD]?.trim()) return { stored: false };

  const listing = await db.selectFrom("wholesalers").select("id").where("id", "=", wholesalerId).executeTakeFirst();
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
  await db
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
  return { stored: true };
}
