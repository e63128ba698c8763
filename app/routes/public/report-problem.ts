import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { methodNotAllowed } from "~/http/api.server";
import { clientIpContext } from "~/http/request-context.server";
import { AppError, notFound, STATUS_BY_CODE } from "~/services/errors";
import { parseId } from "~/services/ids";
import {
  REPORT_FIELDS,
  REPORT_HONEYPOT_FIELD,
  REPORT_MESSAGES,
  type ListingReportInput,
  type ReportResult,
} from "~/services/reports/report-form";
import { createListingReport } from "~/services/reports/reports.server";
import { readFormWithLimit } from "~/services/tools/form-body.server";
import type { Route } from "./+types/report-problem";

/** A report is a few short fields and at most 2000 characters of details. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * "Report a problem" on a listing: the card's dialog posts its form here (POST /wholesalers/:id/report).
 * Bad input, an unknown listing and too many reports answer their message and field errors with a 4xx;
 * a cross-site POST never gets here (server/origin-check.ts).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST")();
  try {
    const wholesalerId = parseId(params.id);
    if (wholesalerId === undefined) throw notFound(REPORT_MESSAGES.listingGone);
    await createListingReport(getDb(), wholesalerId, await readReportForm(request), context.get(clientIpContext));
    return data<ReportResult>({ ok: true, message: REPORT_MESSAGES.saved }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ReportResult>(
      { ok: false, message: error.message, fieldErrors: error.fieldErrors ?? {} },
      { status: STATUS_BY_CODE[error.code], headers: { "Cache-Control": "no-store" } },
    );
  }
}

export const loader = methodNotAllowed("POST");

/** The form's fields (urlencoded or multipart), read up to MAX_FORM_BYTES; anything else (or a NUL in a field) is a 400 or 413. */
async function readReportForm(request: Request): Promise<ListingReportInput> {
  const form = await readFormWithLimit(request, MAX_FORM_BYTES, REPORT_MESSAGES.tooLarge, REPORT_MESSAGES.notAForm);
  const input: ListingReportInput = {};
  for (const field of [...REPORT_FIELDS, REPORT_HONEYPOT_FIELD] as const) {
    const value = form.get(field);
    if (typeof value === "string") input[field] = value;
  }
  return input;
}
