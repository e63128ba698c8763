import { useId, type ComponentProps, type ReactNode } from "react";
import { RequiredMark, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/input";
import type { SubmissionField } from "~/services/submissions/business-form";
import { clsx } from "clsx";
import { withCallerClasses } from "~/utils/cn";

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

/** A field of the form: its id from its name, its label marked required or optional (components/ui/field.tsx). */
const frame = ({ name, required }: FieldProps) => ({
  id: `business-${name}`,
  name,
  mark: required ? ("required" as const) : ("optional" as const),
});

export function TextInput({ required, ...props }: FieldProps & Omit<ComponentProps<"input">, "name" | "required">) {
  return <TextField {...props} {...frame({ ...props, required })} />;
}

export function TextArea({ required, ...props }: FieldProps & Omit<ComponentProps<"textarea">, "name" | "required">) {
  return <TextAreaField rows={4} {...props} {...frame({ ...props, required })} />;
}

export function SelectInput({
  required,
  ...props
}: FieldProps & Omit<ComponentProps<"select">, "name" | "required"> & { options: { value: string; label: string }[] }) {
  return <SelectField {...props} {...frame({ ...props, required })} />;
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
    <fieldset className={withCallerClasses("min-w-0", className)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={clsx("mb-1.5 text-sm font-medium text-ink", hideLegend && "sr-only")}>
        {legend}
        <RequiredMark />
      </legend>
      <div className={withCallerClasses("grid gap-3", columns)}>
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
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
