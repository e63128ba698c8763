import { CircleAlert, CheckCircle2, Send } from "~/components/icons";
import { useEffect, useRef, type RefObject } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Honeypot } from "~/components/ui/field";
import { UnsentNotice, useKeptResult } from "~/components/ui/unsent-notice";
import type { Unsent } from "~/http/unsent-form";
import { ACCESS_HINT } from "~/components/wholesalers/listing-facts";
import {
  LIST_YOUR_BUSINESS_PATH,
  SUBMISSION_LIMITS,
  SUBMITTER_ROLE_LABELS,
  SUBMITTER_ROLES,
  type SubmissionField,
} from "~/services/submissions/business-form";
import { ACCESS_LABELS, WHOLESALER_ACCESS, WHOLESALER_TYPES } from "~/services/wholesalers/constants";
import { ChoiceGroup, Section, SelectInput, TextArea, TextInput } from "./business-form-fields";
import { WEEKDAYS } from "~/services/wholesalers/opening-hours";
import { HoursField } from "./business-hours-field";

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
export function BusinessForm({
  states,
  result: latest,
}: {
  states: { id: string; name: string }[];
  result: BusinessFormResult | Unsent | undefined;
}) {
  // Sent without a connection, the form stays as it was, what was typed in it, with a notice (~/http/unsent-form.ts).
  const { result, unsent } = useKeptResult(latest);
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
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>{result.message}</p>
        </div>
      ) : null}
      {unsent ? <UnsentNotice className="p-4 text-base" /> : null}

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
        <HoursField
          initial={values.openingHours}
          plainDays={Object.fromEntries(WEEKDAYS.map((day) => [day, values[`openingHours.${day}`]]))}
          error={errors.openingHours}
        />
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
      <Honeypot />

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
