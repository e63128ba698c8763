import { CircleAlert, CheckCircle2, Send } from "~/components/icons";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { SUBMIT_LOCATION_HREF } from "~/components/layout/site-nav";
import { Button } from "~/components/ui/button";
import { Honeypot, TextAreaField, TextField } from "~/components/ui/field";
import { UnsentNotice, useKeptResult } from "~/components/ui/unsent-notice";
import type { Unsent } from "~/http/unsent-form";
import { SUGGESTION_LIMITS, type LocationSuggestionField } from "~/services/suggestions/suggestion-form";

export const SUBMIT_LOCATION = "Submit a Location";

export type SuggestionFormResult =
  | { status: "saved"; message: string; key: string }
  | {
      status: "invalid" | "refused";
      message: string;
      fieldErrors: Partial<Record<LocationSuggestionField, string>>;
      values: Partial<Record<LocationSuggestionField, string>>;
      key: string;
    };

interface FieldSpec {
  name: LocationSuggestionField;
  label: string;
  type?: "text" | "email";
  autoComplete: string;
  placeholder?: string;
  required?: boolean;
  multiline?: boolean;
}

export const SUGGESTION_FORM_FIELDS: FieldSpec[] = [
  {
    name: "businessName",
    label: "Business name",
    autoComplete: "organization",
    placeholder: "e.g. Downtown Flower Market",
    required: true,
  },
  { name: "contactName", label: "Your name", autoComplete: "name" },
  { name: "email", label: "Email address", type: "email", autoComplete: "email", placeholder: "you@example.com" },
  {
    name: "businessAddress",
    label: "Business address",
    // The business's address, not the visitor's: address autofill would offer the wrong one.
    autoComplete: "off",
    placeholder: "123 Flower St, Los Angeles, CA 90014",
    required: true,
  },
  {
    name: "additionalInfo",
    label: "Additional information",
    autoComplete: "off",
    placeholder: "Hours, special features, other details",
    multiline: true,
  },
];

/**
 * The About page's suggestion form. It posts to the page's action, so it works before (and without)
 * JavaScript; with it, a saved suggestion clears the form and focus moves to the outcome.
 */
export function LocationForm({ result: latest }: { result: SuggestionFormResult | Unsent | undefined }) {
  // Sent without a connection, the form stays as it was, what was typed in it, with a notice (~/http/unsent-form.ts).
  const { result, unsent } = useKeptResult(latest);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/about") === true;
  const statusRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!result) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? statusRef.current)?.focus();
  }, [result]);

  const errors = result?.status === "saved" ? {} : (result?.fieldErrors ?? {});
  const values = result?.status === "saved" ? {} : (result?.values ?? {});

  return (
    <Form
      method="post"
      // The page comes back at the form's own heading, where the outcome shows first: without JavaScript too.
      action={SUBMIT_LOCATION_HREF}
      noValidate
      ref={formRef}
      key={result?.key ?? "new"}
      className="relative grid gap-5"
      aria-labelledby="submit-location"
    >
      {result && !unsent ? (
        <div
          ref={statusRef}
          tabIndex={-1}
          role={result.status === "saved" ? "status" : "alert"}
          className={
            result.status === "saved"
              ? "flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900 outline-none"
              : "flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 outline-none"
          }
        >
          {result.status === "saved" ? (
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          ) : (
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          )}
          <p>{result.message}</p>
        </div>
      ) : null}
      {unsent ? <UnsentNotice className="p-4 text-base" /> : null}

      <div className="grid gap-5 sm:grid-cols-2">
        {SUGGESTION_FORM_FIELDS.map((field) => {
          const common = {
            id: `suggestion-${field.name}`,
            label: field.label,
            mark: field.required ? ("required" as const) : ("optional" as const),
            error: errors[field.name],
            className: field.name !== "contactName" && field.name !== "email" ? "sm:col-span-2" : undefined,
            name: field.name,
            autoComplete: field.autoComplete,
            placeholder: field.placeholder,
            maxLength: SUGGESTION_LIMITS[field.name],
            defaultValue: values[field.name] ?? "",
          };
          return field.multiline ? (
            <TextAreaField key={field.name} rows={4} {...common} />
          ) : (
            <TextField key={field.name} type={field.type ?? "text"} {...common} />
          );
        })}
      </div>

      <Honeypot />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          <span className="text-rose-brand" aria-hidden="true">
            *
          </span>{" "}
          Required. We only use your details to follow up on this suggestion.
        </p>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {submitting ? "Sending..." : "Send suggestion"}
        </Button>
      </div>
    </Form>
  );
}
