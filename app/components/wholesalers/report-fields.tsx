import { Honeypot, RequiredMark, TextAreaField, TextField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/input";
import { HONEYPOT_FIELD, REPORT_KIND_LABELS, REPORT_KINDS, REPORT_LIMITS, type ReportField } from "~/services/reports/report-form";
import { clsx } from "clsx";

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
          <RequiredMark />
        </legend>
        <div className="grid gap-2">
          {REPORT_KINDS.map((value) => (
            <label
              key={value}
              className={clsx(
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

      <TextAreaField
        id={ids("details")}
        label="Details"
        mark={detailsRequired ? "required" : "optional"}
        error={errors.details}
        name="details"
        rows={3}
        maxLength={REPORT_LIMITS.details}
        placeholder="The right address, phone number or hours, or what you found when you went there"
        defaultValue={values?.details}
        className="[&_textarea]:min-h-24"
      />

      <TextField
        id={ids("email")}
        label="Your email"
        mark="optional"
        error={errors.email}
        hint={errors.email ? undefined : "Only if we may ask you about this report. We never share it."}
        type="email"
        name="email"
        autoComplete="email"
        maxLength={REPORT_LIMITS.email}
        placeholder="you@example.com"
        defaultValue={values?.email}
      />

      <Honeypot id={ids(HONEYPOT_FIELD)} />
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
