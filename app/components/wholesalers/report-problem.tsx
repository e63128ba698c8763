import { AlertCircle, CheckCircle2, Flag, Send, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import {
  REPORT_HONEYPOT_FIELD,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  REPORT_LIMITS,
  reportPath,
  reportReceived,
  type ReportField,
  type ReportResult,
} from "~/services/reports/report-form";
import { cn } from "~/utils/cn";
import { useHydrated } from "./use-hydrated";

interface ReportedListing {
  id: number;
  name: string;
}

/**
 * "Report a problem" on a listing: a small button that opens a dialog with the report form. The form is
 * made afresh each time the dialog opens, and it posts to /wholesalers/:id/report without leaving the page.
 * Before the page's script has run (or without JavaScript) the same button is a link to that page's form.
 */
export function ReportProblem({ wholesaler, className }: { wholesaler: ReportedListing; className?: string }) {
  const [open, setOpen] = useState(false);
  const idPrefix = `report-dialog-${useId()}`;
  const hydrated = useHydrated();
  const label = (
    <>
      <Flag aria-hidden="true" />
      Report a problem
      <span className="sr-only"> with {wholesaler.name}</span>
    </>
  );
  if (!hydrated) {
    return (
      <a href={reportPath(wholesaler.id)} className={cn(buttonVariants({ variant: "secondary", size: "sm" }), className)}>
        {label}
      </a>
    );
  }
  return (
    <>
      <Button variant="secondary" size="sm" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog" aria-expanded={open}>
        {label}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={`${idPrefix}-title`}
        describedBy={`${idPrefix}-description`}
        className="m-auto max-h-[92dvh] w-[calc(100vw-1.5rem)] max-w-lg"
      >
        <div className="rounded-2xl bg-white p-5 shadow-2xl sm:p-6">
          <ReportForm wholesaler={wholesaler} idPrefix={idPrefix} onClose={() => setOpen(false)} />
        </div>
      </Modal>
    </>
  );
}

function ReportForm({ wholesaler, idPrefix, onClose }: { wholesaler: ReportedListing; idPrefix: string; onClose: () => void }) {
  // A report changes nothing the visitor sees, so the page's data is not reloaded after it.
  const fetcher = useFetcher<ReportResult>();
  const [kind, setKind] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!result) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? outcomeRef.current)?.focus();
  }, [result]);

  if (result?.ok) {
    return (
      <div ref={outcomeRef} tabIndex={-1} role="status" className="grid justify-items-center gap-3 py-4 text-center outline-none">
        <CheckCircle2 className="size-12 text-leaf" aria-hidden="true" />
        <h2 id={`${idPrefix}-title`} className="font-serif text-xl font-semibold text-ink">
          {result.message}
        </h2>
        <p id={`${idPrefix}-description`} className="max-w-sm text-sm text-muted">
          {reportReceived(wholesaler.name)}
        </p>
        <Button type="button" variant="secondary" className="mt-2" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }

  const errors = result && !result.ok ? result.fieldErrors : {};
  const formError = result && !result.ok && Object.keys(errors).length === 0 ? result.message : undefined;
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={`${idPrefix}-title`} className="font-serif text-xl font-semibold text-ink">
            Report a problem
          </h2>
          <p id={`${idPrefix}-description`} className="mt-1 text-sm text-muted">
            <ReportIntro name={wholesaler.name} />
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="-mr-2 -mt-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-stone-100"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>

      <fetcher.Form
        ref={formRef}
        method="post"
        action={reportPath(wholesaler.id)}
        defaultShouldRevalidate={false}
        noValidate
        className="relative mt-5 grid gap-5"
      >
        {formError ? (
          <div
            ref={outcomeRef}
            tabIndex={-1}
            role="alert"
            className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 outline-none"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>{formError}</p>
          </div>
        ) : null}

        <ReportFields idPrefix={`report-${wholesaler.id}`} errors={errors} kind={kind} onKindChange={setKind} />

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            <Send aria-hidden="true" />
            {busy ? "Sending..." : "Send report"}
          </Button>
        </div>
      </fetcher.Form>
    </>
  );
}

/**
 * The report's fields: what is wrong, details, an optional email and the honeypot. The dialog passes the
 * chosen kind and follows changes (details become required for "Something else"); the page without
 * JavaScript passes what was sent, to keep it after a refusal.
 */
export function ReportFields({
  idPrefix,
  errors,
  kind,
  onKindChange,
  values,
}: {
  idPrefix: string;
  errors: Partial<Record<ReportField, string>>;
  kind: string;
  onKindChange?: (kind: string) => void;
  values?: Partial<Record<ReportField, string>>;
}) {
  const ids = (field: string) => `${idPrefix}-${field}`;
  const detailsRequired = kind === "other";
  return (
    <>
      <fieldset aria-describedby={errors.kind ? ids("kind-error") : undefined}>
        <legend className="mb-2 text-sm font-medium text-ink">
          What is wrong?
          <span className="ml-1 text-rose-brand" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="grid gap-2">
          {REPORT_KINDS.map((value) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm text-ink transition-colors hover:bg-stone-50 has-[:checked]:border-rose-brand has-[:checked]:bg-blush/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-rose-brand/40",
                errors.kind ? "border-red-600" : "border-stone-300",
              )}
            >
              <input
                type="radio"
                name="kind"
                value={value}
                checked={onKindChange ? kind === value : undefined}
                defaultChecked={onKindChange ? undefined : kind === value}
                onChange={onKindChange ? () => onKindChange(value) : undefined}
                aria-invalid={errors.kind ? true : undefined}
                className="size-4 shrink-0 accent-rose-brand"
              />
              {REPORT_KIND_LABELS[value]}
            </label>
          ))}
        </div>
        <FieldError id={ids("kind-error")}>{errors.kind}</FieldError>
      </fieldset>

      <div>
        <Label htmlFor={ids("details")}>
          Details
          {detailsRequired ? (
            <span className="ml-1 text-rose-brand" aria-hidden="true">
              *
            </span>
          ) : (
            <span className="ml-1.5 font-normal text-muted">(optional)</span>
          )}
        </Label>
        <Textarea
          id={ids("details")}
          name="details"
          rows={3}
          maxLength={REPORT_LIMITS.details}
          placeholder="The right address, phone number or hours, or what you found when you went there"
          aria-required={detailsRequired ? true : undefined}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? ids("details-error") : undefined}
          defaultValue={values?.details}
          className="min-h-24"
        />
        <FieldError id={ids("details-error")}>{errors.details}</FieldError>
      </div>

      <div>
        <Label htmlFor={ids("email")}>
          Your email
          <span className="ml-1.5 font-normal text-muted">(optional)</span>
        </Label>
        <Input
          id={ids("email")}
          type="email"
          name="email"
          autoComplete="email"
          maxLength={REPORT_LIMITS.email}
          placeholder="you@example.com"
          defaultValue={values?.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? ids("email-error") : ids("email-hint")}
        />
        {errors.email ? (
          <FieldError id={ids("email-error")}>{errors.email}</FieldError>
        ) : (
          <p id={ids("email-hint")} className="mt-1.5 text-xs text-muted">
            Only if we may ask you about this report. We never share it.
          </p>
        )}
      </div>

      {/* Bots fill every field they find; people never see this one. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor={ids(REPORT_HONEYPOT_FIELD)}>Website (leave this empty)</label>
        <input id={ids(REPORT_HONEYPOT_FIELD)} type="text" name={REPORT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}

/** What the form is for, above it in the dialog and on the report page. */
export function ReportIntro({ name }: { name: string }) {
  return (
    <>
      Help us keep <span className="font-medium text-ink">{name}</span> accurate. We check every report.
    </>
  );
}
