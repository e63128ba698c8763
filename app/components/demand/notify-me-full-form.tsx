import type { ReactNode } from "react";
import { Link } from "react-router";
import { Mail, Store } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { FieldError, fieldClass, Input, Label } from "~/components/ui/input";
import { UnsentNotice } from "~/components/ui/unsent-notice";
import { HONEYPOT_FIELD } from "~/services/honeypot";
import { DEMAND_DEFAULT_RADIUS, DEMAND_RADIUS_CHOICES, demandHeading } from "~/services/demand/demand-text";
import { clsx } from "clsx";
import { withCallerClasses } from "~/utils/cn";
import { useNotifyMeSending } from "./notify-me-sending";

// As in notify-me-form.tsx; not imported from it, so that the results page's form stays in that page's own chunk.
const listYourBusinessHref = (zipcode: string | undefined) =>
  zipcode ? `/list-your-business?zip=${encodeURIComponent(zipcode)}` : "/list-your-business";

export interface NotifyMeFormProps {
  /** The zipcode the results page measured from; absent where the visitor types it (a state without listings). */
  zipcode?: string | undefined;
  radius?: number | undefined;
  /** What the page answered last time, when the form comes back with a problem. */
  email?: string | undefined;
  fieldErrors?: Record<string, string> | undefined;
  /** Ids on the page are unique: a prefix per form. */
  idPrefix?: string;
  className?: string;
  /** The heading's level on its page. */
  headingLevel?: 2 | 3;
}

/**
 * "Tell me when a supplier is listed within N miles of {zipcode}" (decision 044) where the visitor may type the
 * zipcode and choose the radius: a state without listings, and the form's own page after a refused post. The results
 * pages, whose zipcode and radius are known, use the lighter NotifyMeForm. A form posted to /notify-me, which answers
 * with a page: it works without JavaScript. Sent without a connection, it stays where it is with a notice
 * (useNotifyMeSending). Double opt-in: the page asks the visitor to confirm from their mail.
 */
export function NotifyMeFullForm({
  zipcode,
  radius,
  email,
  fieldErrors,
  idPrefix = "notify",
  className,
  headingLevel = 2,
}: NotifyMeFormProps) {
  const Heading = `h${headingLevel}` as const;
  const miles = radius ?? DEMAND_DEFAULT_RADIUS;
  const askZipcode = !zipcode || Boolean(fieldErrors?.zipcode);
  const { fetcher, formProps, unsent, busy } = useNotifyMeSending();
  return (
    <section
      aria-labelledby={`${idPrefix}-heading`}
      className={withCallerClasses("rounded-2xl border border-rose-brand/20 bg-blush/50 p-5 text-left sm:p-6", className)}
      data-testid="notify-me"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-rose-brand ring-1 ring-rose-brand/20">
          <Mail className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <Heading id={`${idPrefix}-heading`} className="font-serif text-lg font-semibold text-ink text-balance">
            {demandHeading(miles, askZipcode ? undefined : zipcode)}
          </Heading>
          <p className="mt-1 text-sm text-muted">
            We write once, when one is added, and the request ends after 12 months. Nothing else is sent.
          </p>
        </div>
      </div>
      {unsent ? <UnsentNotice className="mt-4" /> : null}
      <fetcher.Form {...formProps} className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end" noValidate>
        {/* The honeypot (services/honeypot.ts), written out here: the results pages do not load the forms' field kit. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
          <label htmlFor={`${idPrefix}-hp`}>Website (leave this empty)</label>
          <input id={`${idPrefix}-hp`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className={clsx("grid gap-3", askZipcode && "sm:grid-cols-[minmax(0,1fr)_8rem_8rem]")}>
          <Field id={`${idPrefix}-email`} label="Your email" error={fieldErrors?.email}>
            <Input
              id={`${idPrefix}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={email}
              {...invalid(`${idPrefix}-email`, fieldErrors?.email)}
            />
          </Field>
          {askZipcode ? (
            <>
              <Field id={`${idPrefix}-zipcode`} label="Zipcode" error={fieldErrors?.zipcode}>
                <Input
                  id={`${idPrefix}-zipcode`}
                  name="zipcode"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  pattern="[0-9]{5}"
                  maxLength={5}
                  required
                  defaultValue={zipcode}
                  {...invalid(`${idPrefix}-zipcode`, fieldErrors?.zipcode)}
                />
              </Field>
              <Field id={`${idPrefix}-radius`} label="Within" error={fieldErrors?.radius}>
                <select
                  id={`${idPrefix}-radius`}
                  name="radius"
                  defaultValue={String(miles)}
                  className={`${fieldClass} h-11`}
                  {...invalid(`${idPrefix}-radius`, fieldErrors?.radius)}
                >
                  {DEMAND_RADIUS_CHOICES.map((choice) => (
                    <option key={choice} value={String(choice)}>
                      {choice} miles
                    </option>
                  ))}
                </select>
              </Field>
            </>
          ) : (
            <>
              <input type="hidden" name="zipcode" value={zipcode} />
              <input type="hidden" name="radius" value={String(miles)} />
            </>
          )}
        </div>
        <Button type="submit" disabled={busy} className={fieldErrors?.email ? "sm:mb-7" : undefined}>
          Tell me
        </Button>
      </fetcher.Form>
      <p className="mt-4 text-sm text-muted">
        Know a supplier here?{" "}
        <Link
          to={listYourBusinessHref(askZipcode ? undefined : zipcode)}
          className="inline-flex items-center gap-1 font-semibold text-rose-brand hover:underline"
        >
          <Store className="size-3.5" aria-hidden="true" />
          List it
        </Link>
      </p>
    </section>
  );
}

const invalid = (id: string, error: string | undefined) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

/** A label, its control and its error under it (the forms' field frame, without its kit). */
function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
