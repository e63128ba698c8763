import { Link } from "react-router";
import { Mail } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { UnsentNotice } from "~/components/ui/unsent-notice";
import { HONEYPOT_FIELD } from "~/services/honeypot";
import { withCallerClasses } from "~/utils/cn";
import { useNotifyMeSending } from "./notify-me-sending";

/** "Know a supplier? List it": "List your business" with the zipcode, so it can say how many people wait there. */
export const listYourBusinessHref = (zipcode: string | undefined) =>
  zipcode ? `/list-your-business?zip=${encodeURIComponent(zipcode)}` : "/list-your-business";

/**
 * "Tell me when a supplier is listed within N miles of {zipcode}" under an empty results page (decision 044): the
 * search's zipcode and radius, and an email. A form posted to /notify-me, which answers with a page (it works
 * without JavaScript); the page shows any problem with the address and the form again. Sent without a connection, it
 * stays here with a notice (useNotifyMeSending). Kept small: it is part of the results pages' first load
 * (tests/integration/budgets.test.ts).
 */
export function NotifyMeForm({ zipcode, radius, className }: { zipcode: string; radius: number; className?: string }) {
  const { fetcher, formProps, unsent, busy } = useNotifyMeSending();
  return (
    <section
      aria-labelledby="notify-heading"
      className={withCallerClasses("rounded-2xl border border-rose-brand/20 bg-blush/50 p-5 sm:p-6", className)}
      data-testid="notify-me"
    >
      <h2 id="notify-heading" className="flex gap-2 font-serif text-lg font-semibold text-ink">
        <Mail className="mt-1 size-5 shrink-0 text-rose-brand" aria-hidden="true" />
        Tell me when a supplier is listed within {radius} miles of {zipcode}
      </h2>
      <p className="mt-1 text-sm text-muted">We write once, when one is added, and the request ends after 12 months.</p>
      {unsent ? <UnsentNotice className="mt-4" /> : null}
      <fetcher.Form {...formProps} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="zipcode" value={zipcode} />
        <input type="hidden" name="radius" value={radius} />
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" className="hidden" />
        <div className="min-w-0 flex-1">
          <Label htmlFor="notify-email">Your email</Label>
          <Input id="notify-email" name="email" type="email" autoComplete="email" required maxLength={254} />
        </div>
        <Button type="submit" disabled={busy}>
          Tell me
        </Button>
      </fetcher.Form>
      <p className="mt-4 text-sm text-muted">
        Know a supplier here?{" "}
        <Link to={listYourBusinessHref(zipcode)} className="font-semibold text-rose-brand hover:underline">
          List it
        </Link>
      </p>
    </section>
  );
}
