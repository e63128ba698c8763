import { AlertCircle, CheckCircle2, Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { BackLink } from "~/components/wholesalers/back-link";
import { ReportFields, ReportIntro } from "~/components/wholesalers/report-fields";
import { reportPath, reportReceived } from "~/services/reports/report-form";
import type { Route } from "../+types/report-problem";
import { TITLE } from "./report-problem-texts";

/**
 * The report form as a page of its own: what a card's "Report a problem" opens before its script runs.
 * The content of routes/public/report-problem.tsx, an island (docs/decisions/033).
 */
export function ReportProblemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const errors = refused?.fieldErrors ?? {};
  const formError = refused && Object.keys(errors).length === 0 ? refused.message : undefined;

  return (
    <section className="mx-auto max-w-xl px-4 py-6 sm:px-6 sm:py-10">
      <BackLink to={listing.path}>{listing.name}</BackLink>
      <div className="mt-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        {actionData?.ok ? (
          <div role="status" className="grid justify-items-center gap-3 py-4 text-center">
            <CheckCircle2 className="size-12 text-leaf" aria-hidden="true" />
            <h1 className="font-serif text-xl font-semibold text-ink">{actionData.message}</h1>
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
                  <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <p>{formError}</p>
                </div>
              ) : null}
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
