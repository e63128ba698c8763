import { useId, type ComponentProps, type ReactNode } from "react";
import { FieldError, fieldClass, Input, Label, Textarea } from "~/components/ui/input";
import type { SubmissionField } from "~/services/submissions/business-form";
import { cn } from "~/utils/cn";

export function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
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

/** A field's props and its control's own attributes. */
type ControlProps<Control extends "input" | "textarea" | "select"> = FieldProps & Omit<ComponentProps<Control>, "name">;

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

/** A field's frame around its control (whose id is `id`): the label, then the hint and the error under it. */
function Field({ id, label, error, hint, required, className, children }: Omit<FieldProps, "name"> & { id: string; children: ReactNode }) {
  return (
    <div className={cn("min-w-0", className)}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {children}
      <Hint id={id}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function TextInput({ name, label, error, hint, required, className, ...props }: ControlProps<"input">) {
  const id = `business-${name}`;
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <Input id={id} name={name} aria-required={required || undefined} {...described(id, error, hint)} {...props} />
    </Field>
  );
}

export function TextArea({ name, label, error, hint, required, className, ...props }: ControlProps<"textarea">) {
  const id = `business-${name}`;
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <Textarea id={id} name={name} rows={4} aria-required={required || undefined} {...described(id, error, hint)} {...props} />
    </Field>
  );
}

export function SelectInput({
  name,
  label,
  error,
  hint,
  required,
  className,
  options,
  ...props
}: ControlProps<"select"> & { options: { value: string; label: string }[] }) {
  const id = `business-${name}`;
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <select
        id={id}
        name={name}
        aria-required={required || undefined}
        className={cn(fieldClass, "h-11")}
        {...described(id, error, hint)}
        {...props}
      >
        {options.map(({ value, label: text }) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A required choice as radio cards: each option with a line on what it means. */
export function ChoiceGroup({
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
