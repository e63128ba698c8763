import { AlertCircle, CheckCircle2, Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from "react";
import { Form, Link, useNavigation } from "react-router";
import { WeeklyHoursEditor } from "~/components/admin/wholesalers/weekly-hours-editor";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError, fieldClass, Input, Label, Textarea } from "~/components/ui/input";
import { ACCESS_HINT } from "~/components/wholesalers/listing-facts";
import {
  HONEYPOT_FIELD,
  LIST_YOUR_BUSINESS_PATH,
  SUBMISSION_LIMITS,
  SUBMITTER_ROLE_LABELS,
  SUBMITTER_ROLES,
  type SubmissionField,
} from "~/services/submissions/business-form";
import { ACCESS_LABELS, WHOLESALER_ACCESS, WHOLESALER_TYPES } from "~/services/wholesalers/constants";
import { WEEKDAYS, type WeeklyHours } from "~/services/wholesalers/opening-hours";
import { cn } from "~/utils/cn";

export type BusinessFormValues = Partial<Record<SubmissionField, string>>;

export type BusinessFormResult =
  | { status: "saved"; message: string; email: string; key: string }
  | {
      status: "invalid" | "refused";
      message: string;
      fieldErrors: Partial<Record<SubmissionField, string>>;
      values: BusinessFormValues;
      key: string;
    };

const TYPE_HINTS: Record<(typeof WHOLESALER_TYPES)[number], string> = {
  Wholesale: "Sells mainly to florists and businesses.",
  Retail: "A shop or market that sells to everyone.",
  Both: "Sells wholesale and retail.",
};

/**
 * The "List your business" form. It posts to the page's action, so it works before (and without) JavaScript;
 * with it, focus moves to the first field to correct, or to the confirmation once the listing is received.
 */
export function BusinessForm({ states, result }: { states: { id: string; name: string }[]; result: BusinessFormResult | undefined }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === LIST_YOUR_BUSINESS_PATH;
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!result) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? statusRef.current)?.focus();
  }, [result]);

  if (result?.status === "saved") return <Received result={result} statusRef={statusRef} />;

  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const field = (name: SubmissionField) => ({
    name,
    error: errors[name],
    defaultValue: values[name] ?? "",
  });

  return (
    <Form
      method="post"
      action={LIST_YOUR_BUSINESS_PATH}
      noValidate
      ref={formRef}
      key={result?.key ?? "new"}
      className="relative grid gap-10"
      aria-label="List your business"
    >
      {result ? (
        <div
          ref={statusRef}
          tabIndex={-1}
          role="alert"
          className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 outline-none"
        >
          <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>{result.message}</p>
        </div>
      ) : null}

      <Section title="Your business" description="As it should appear in the directory.">
        <div className="grid gap-5 sm:grid-cols-6">
          <TextInput
            {...field("name")}
            label="Business name"
            required
            autoComplete="organization"
            maxLength={SUBMISSION_LIMITS.name}
            className="sm:col-span-6"
          />
          <TextInput
            {...field("address")}
            label="Street address"
            required
            autoComplete="address-line1"
            placeholder="754 Wall St"
            maxLength={SUBMISSION_LIMITS.address}
            className="sm:col-span-6"
          />
          <TextInput
            {...field("city")}
            label="City"
            required
            autoComplete="address-level2"
            maxLength={SUBMISSION_LIMITS.city}
            className="sm:col-span-2"
          />
          <SelectInput
            {...field("stateId")}
            label="State"
            required
            autoComplete="off"
            options={[{ value: "", label: "Choose a state" }, ...states.map((s) => ({ value: s.id, label: s.name }))]}
            className="sm:col-span-2"
          />
          <TextInput
            {...field("zipcode")}
            label="Zipcode"
            required
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={SUBMISSION_LIMITS.zipcode}
            className="sm:col-span-2"
          />
          <TextInput
            {...field("phone")}
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="(213) 627-3696"
            maxLength={SUBMISSION_LIMITS.phone}
            className="sm:col-span-3"
          />
          <TextInput
            {...field("website")}
            label="Website"
            type="url"
            autoComplete="url"
            placeholder="https://"
            maxLength={SUBMISSION_LIMITS.website}
            className="sm:col-span-3"
          />
          <ChoiceGroup
            {...field("type")}
            legend="Type of business"
            className="sm:col-span-6"
            columns="sm:grid-cols-3"
            options={WHOLESALER_TYPES.map((type) => ({ value: type, label: type, hint: TYPE_HINTS[type] }))}
          />
          <TextArea
            {...field("description")}
            label="Description"
            hint="What you sell and what buyers should know. It appears on your listing."
            maxLength={SUBMISSION_LIMITS.description}
            className="sm:col-span-6"
          />
        </div>
      </Section>

      <Section title="Who may buy" description="Shoppers filter the directory by this, so please be exact.">
        <div className="grid gap-5">
          <ChoiceGroup
            {...field("access")}
            legend="Who may buy from the business"
            hideLegend
            options={WHOLESALER_ACCESS.map((access) => ({ value: access, label: ACCESS_LABELS[access], hint: ACCESS_HINT[access] }))}
          />
          <TextInput
            {...field("accessNote")}
            label="A short note for buyers"
            placeholder="e.g. Bring a resale certificate"
            maxLength={SUBMISSION_LIMITS.accessNote}
          />
        </div>
      </Section>

      <Section title="When you are open" description="Your regular weekly hours. Leave the box unchecked if they change from week to week.">
        <HoursField initial={values.openingHours} error={errors.openingHours} />
      </Section>

      <Section title="About you" description="Only our team sees this. We use it to confirm the listing with you.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            {...field("submitterName")}
            label="Your name"
            required
            autoComplete="name"
            maxLength={SUBMISSION_LIMITS.submitterName}
          />
          <TextInput
            {...field("submitterEmail")}
            label="Your email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            maxLength={SUBMISSION_LIMITS.submitterEmail}
          />
          <SelectInput
            {...field("submitterRole")}
            label="Your role at the business"
            required
            options={[
              { value: "", label: "Choose your role" },
              ...SUBMITTER_ROLES.map((role) => ({ value: role, label: SUBMITTER_ROLE_LABELS[role] })),
            ]}
          />
        </div>
      </Section>

      {/* Bots fill every field they find; people never see this one. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Website (leave this empty)</label>
        <input id={HONEYPOT_FIELD} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="flex flex-col gap-4 border-t border-stone-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          <span className="text-rose-brand" aria-hidden="true">
            *
          </span>{" "}
          Required. Listing is free. Nothing appears in the directory before we have checked it.
        </p>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {submitting ? "Sending..." : "Send for review"}
        </Button>
      </div>
    </Form>
  );
}

function Received({
  result,
  statusRef,
}: {
  result: Extract<BusinessFormResult, { status: "saved" }>;
  statusRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div ref={statusRef} tabIndex={-1} role="status" className="py-6 text-center outline-none sm:py-10">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-50 text-leaf ring-1 ring-green-200">
        <CheckCircle2 className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-5 font-serif text-3xl font-semibold text-ink">Listing received</h2>
      <p className="mx-auto mt-3 max-w-xl text-lg leading-relaxed text-muted">{result.message}</p>
      {result.email ? (
        <p className="mx-auto mt-3 max-w-xl text-muted">
          If we have questions, we will write to <span className="font-medium text-ink [overflow-wrap:anywhere]">{result.email}</span>.
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants()}>
          Back to the directory
        </Link>
        <Link to={LIST_YOUR_BUSINESS_PATH} className={buttonVariants({ variant: "secondary" })}>
          List another business
        </Link>
      </div>
    </div>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-5">
      <div>
        <h2 id={id} className="font-serif text-2xl font-semibold text-ink">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
      {children}
    </section>
  );
}

interface FieldProps {
  name: SubmissionField;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <Label htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="ml-1 text-rose-brand" aria-hidden="true">
          *
        </span>
      ) : (
        <>
          {" "}
          <span className="font-normal text-muted">(optional)</span>
        </>
      )}
    </Label>
  );
}

/** The attributes that tie a field to its hint and error, for assistive technology. */
function described(id: string, error?: string, hint?: string) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
}

function Hint({ id, children }: { id: string; children?: string }) {
  return children ? (
    <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
      {children}
    </p>
  ) : null;
}

function TextInput({ name, label, error, hint, required, className, ...props }: FieldProps & Omit<ComponentProps<"input">, "name">) {
  const id = `business-${name}`;
  return (
    <div className={cn("min-w-0", className)}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <Input id={id} name={name} aria-required={required || undefined} {...described(id, error, hint)} {...props} />
      <Hint id={id}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function TextArea({ name, label, error, hint, required, className, ...props }: FieldProps & Omit<ComponentProps<"textarea">, "name">) {
  const id = `business-${name}`;
  return (
    <div className={cn("min-w-0", className)}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <Textarea id={id} name={name} rows={4} aria-required={required || undefined} {...described(id, error, hint)} {...props} />
      <Hint id={id}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function SelectInput({
  name,
  label,
  error,
  hint,
  required,
  className,
  options,
  ...props
}: FieldProps & Omit<ComponentProps<"select">, "name"> & { options: { value: string; label: string }[] }) {
  const id = `business-${name}`;
  return (
    <div className={cn("min-w-0", className)}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        aria-required={required || undefined}
        className={cn(fieldClass, "h-11")}
        {...described(id, error, hint)}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={id}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A required choice as radio cards: each option with a line on what it means. */
function ChoiceGroup({
  name,
  legend,
  hideLegend,
  error,
  defaultValue,
  options,
  columns,
  className,
}: {
  name: SubmissionField;
  legend: string;
  hideLegend?: boolean;
  error?: string;
  defaultValue: string;
  options: { value: string; label: string; hint: string }[];
  columns?: string;
  className?: string;
}) {
  const id = `business-${name}`;
  return (
    <fieldset className={cn("min-w-0", className)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={cn("mb-1.5 text-sm font-medium text-ink", hideLegend && "sr-only")}>
        {legend}
        <span className="ml-1 text-rose-brand" aria-hidden="true">
          *
        </span>
      </legend>
      <div className={cn("grid gap-3", columns)}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-3.5 transition-colors hover:border-rose-brand/60 has-[:checked]:border-rose-brand has-[:checked]:bg-blush/30 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-rose-brand/30",
              error ? "border-red-600" : "border-stone-300",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              aria-invalid={error ? true : undefined}
              required
              className="mt-0.5 size-4 shrink-0 accent-rose-brand"
            />
            <span>
              <span className="block font-medium text-ink">{option.label}</span>
              <span className="mt-0.5 block text-sm text-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** The hours as last sent, mistakes included, so that a refused send shows them again to be corrected. */
function sentHours(json: string | undefined): WeeklyHours | null {
  try {
    const value: unknown = JSON.parse(json ?? "");
    const isRange = (range: unknown) =>
      typeof range === "object" &&
      range !== null &&
      typeof (range as Record<string, unknown>).open === "string" &&
      typeof (range as Record<string, unknown>).close === "string";
    const isWeek = (week: unknown): week is WeeklyHours =>
      typeof week === "object" &&
      week !== null &&
      WEEKDAYS.every((day) => {
        const ranges = (week as Record<string, unknown>)[day];
        return Array.isArray(ranges) && ranges.every(isRange);
      });
    return isWeek(value) ? value : null;
  } catch {
    return null;
  }
}

/** The weekly hours editor, holding what was entered across a refused send. */
function HoursField({ initial, error }: { initial?: string; error?: string }) {
  const [hours, setHours] = useState(() => sentHours(initial));
  return <WeeklyHoursEditor name="openingHours" value={hours} onChange={setHours} errors={error} />;
}
