import { data, Form, useNavigation } from "react-router";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { runPublicForm } from "~/http/public-form.server";
import { keepUnsentForm } from "~/http/unsent-form";
import { parseId } from "~/services/ids";
import { REPORT_FIELDS, REPORT_MESSAGES, type ReportResult, reportReceived } from "~/services/reports/report-form";
import { createListingReport } from "~/services/reports/reports.server";
import { findListing } from "~/services/wholesalers/listing.server";
import { listingPath, reportPath } from "~/services/wholesalers/slug";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/report-problem";
import { CircleAlert, CheckCircle2, Send } from "~/components/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { UnsentNotice, useKeptResult } from "~/components/ui/unsent-notice";
import { BackLink } from "~/components/wholesalers/back-link";
import { ReportFields, ReportIntro } from "~/components/wholesalers/report-fields";

export const TITLE = "Report a problem";

/** A report is a few short fields and at most 2000 characters of details. */
const MAX_FORM_BYTES = 16 * 1024;

/** The listing the report is about, or the site's 404 page. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const listing = id === undefined ? undefined : await findListing(getDb(), id);
  if (!listing) throw data(null, { status: 404 });
  return { listing: { id: listing.id, name: listing.name, path: listingPath(listing) } };
}

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
  const noStore = { "Cache-Control": "no-store" };
  const wholesalerId = parseId(params.id);
  if (wholesalerId === undefined) {
    return data<ReportResult>({ ok: false, message: REPORT_MESSAGES.listingGone, fieldErrors: {}, values: {} }, { status: 404, headers: noStore });
  }
  const form = { fields: REPORT_FIELDS, maxBytes: MAX_FORM_BYTES, tooLarge: REPORT_MESSAGES.tooLarge, notAForm: REPORT_MESSAGES.notAForm };
  const outcome = await runPublicForm(request, context, form, (input, ip) =>
    createListingReport(getDb(), wholesalerId, input, ip, new Date(), { siteUrl: getEnv().SITE_URL }),
  );
  if (outcome.ok) return data<ReportResult>({ ok: true, message: REPORT_MESSAGES.saved }, { headers: noStore });
  const { error, status, values } = outcome;
  return data<ReportResult>({ ok: false, message: error.message, fieldErrors: error.fieldErrors ?? {}, values }, { status, headers: noStore });
}

/** Sent without a connection, the form (this page's or a card's dialog) stays, with a notice. */
export const clientAction = (args: Route.ClientActionArgs) => keepUnsentForm(args);

/**
 * The report form as a page of its own: what a card's "Report a problem" opens before its script runs.
 */
export default function ReportProblem({ loaderData, actionData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const { result, unsent } = useKeptResult(actionData);
  const refused = result && !result.ok ? result : undefined;
  const errors = refused?.fieldErrors ?? {};
  const formError = refused && Object.keys(errors).length === 0 ? refused.message : undefined;

  return (
    <section className="mx-auto max-w-xl px-4 py-6 sm:px-6 sm:py-10">
      <BackLink to={listing.path}>{listing.name}</BackLink>
      <div className="mt-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        {result?.ok ? (
          <div role="status" className="grid justify-items-center gap-3 py-4 text-center">
            <CheckCircle2 className="size-12 text-leaf" aria-hidden="true" />
            <h1 className="font-serif text-xl font-semibold text-ink">{result.message}</h1>
            <p className="max-w-sm text-sm text-muted">{reportReceived(listing.name)}</p>
            <a href={listing.path} className={buttonVariants({ variant: "secondary", className: "mt-2" })}>
              Back to the listing
            </a>
          </div>
        ) : (
          <>
            <h1 className="font-serif text-2xl font-semibold text-ink">{TITLE}</h1>
            <p className="mt-1 text-sm text-muted">
              <ReportIntro name={listing.name} />
            </p>
            <Form method="post" action={reportPath(listing.id)} noValidate className="relative mt-5 grid gap-5">
              {formError ? (
                <div role="alert" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                  <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <p>{formError}</p>
                </div>
              ) : null}
              {unsent ? <UnsentNotice /> : null}
              <ReportFields idPrefix="report" errors={errors} kind={refused?.values?.kind ?? ""} values={refused?.values} />
              <div className="flex justify-end">
                <Button type="submit" disabled={sending}>
                  <Send aria-hidden="true" />
                  {sending ? "Sending..." : "Send report"}
                </Button>
              </div>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
