import { island, withIslands, type Island } from "~/components/ui/island";
import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { clientIpContext, refuseIfRateLimited } from "~/http/request-context.server";
import { AppError, notFound, STATUS_BY_CODE } from "~/services/errors";
import { parseId } from "~/services/ids";
import { REPORT_FIELDS, REPORT_HONEYPOT_FIELD, REPORT_MESSAGES, type ListingReportInput, type ReportResult } from "~/services/reports/report-form";
import { createListingReport } from "~/services/reports/reports.server";
import { findListing } from "~/services/wholesalers/listing.server";
import { listingPath } from "~/services/wholesalers/slug";
import { readFormWithLimit } from "~/http/form-body.server";
import { TITLE } from "./pages/report-problem-texts";
import type { Route } from "./+types/report-problem";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/report-problem");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.ReportProblemPage, import.meta.env.SSR ? await loadPage() : undefined);

/** A report is a few short fields and at most 2000 characters of details. */
const MAX_FORM_BYTES = 16 * 1024;

/** The listing the report is about, or the site's 404 page. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const listing = id === undefined ? undefined : await findListing(getDb(), id);
  if (!listing) throw data(null, { status: 404 });
  return { listing: { id: listing.id, name: listing.name, path: listingPath(listing) } };
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

export const meta: Route.MetaFunction = ({ matches, data: page, params }) =>
  pageMeta(matches, {
    title: page ? `${TITLE}: ${page.listing.name}` : TITLE,
    description: "Tell us that a listing is closed, has the wrong address, phone or hours, or is not a flower supplier.",
    path: `/wholesalers/${params.id}/report`,
    noindex: true,
  });

/**
 * "Report a problem" on a listing: the card's dialog posts its form here (as a fetcher, staying on its page),
 * and without JavaScript this page's own form does. Bad input, an unknown listing and too many reports
 * answer their message and field errors with a 4xx; a cross-site POST never gets here (server/origin-check.ts).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  let input: ListingReportInput = {};
  try {
    const wholesalerId = parseId(params.id);
    if (wholesalerId === undefined) throw notFound(REPORT_MESSAGES.listingGone);
    input = await readReportForm(request);
    refuseIfRateLimited(context);
    await createListingReport(getDb(), wholesalerId, input, context.get(clientIpContext));
    return data<ReportResult>({ ok: true, message: REPORT_MESSAGES.saved }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { [REPORT_HONEYPOT_FIELD]: _honeypot, ...values } = input;
    return data<ReportResult>(
      { ok: false, message: error.message, fieldErrors: error.fieldErrors ?? {}, values },
      { status: STATUS_BY_CODE[error.code], headers: { "Cache-Control": "no-store" } },
    );
  }
}

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

export default function ReportProblem(props: Route.ComponentProps) {
  return <Page {...props} />;
}
