import type { ComponentProps, ReactNode } from "react";
import { HONEYPOT_FIELD } from "~/services/honeypot";
import { withCallerClasses } from "~/utils/cn";
import { FieldError, fieldClass, Input, Label, Textarea } from "./input";

/**
 * The one family of form fields: the admin's forms, "List your business", the location suggestion and the
 * report form all frame their controls with it. A field is its label, its control (whose id is `id`), then its
 * hint (`{id}-hint`) and its error (`{id}-error`), tied to the control for assistive technology.
 */
export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** What the label says of filling it in: "*" when required, "(optional)" otherwise; nothing when left out. */
  mark?: "required" | "optional" | undefined;
  className?: string | undefined;
}

/** The attributes that tie a control to its hint and error, and say whether it is required. */
export function fieldAria(id: string, { error, hint, mark }: Pick<FieldFrameProps, "error" | "hint" | "mark">) {
  // The error first: a screen reader says what is wrong before the standing hint.
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids || undefined,
    "aria-required": mark === "required" ? true : undefined,
  };
}

export function RequiredMark() {
  return (
    <span className="ml-1 text-rose-brand" aria-hidden="true">
      *
    </span>
  );
}

function FieldLabel({ htmlFor, label, mark }: { htmlFor: string; label: ReactNode; mark: FieldFrameProps["mark"] }) {
  return (
    <Label htmlFor={htmlFor}>
      {label}
      {mark === "required" ? <RequiredMark /> : null}
      {mark === "optional" ? (
        <>
          {" "}
          <span className="font-normal text-muted">(optional)</span>
        </>
      ) : null}
    </Label>
  );
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
      {children}
    </p>
  );
}

/** A field's frame around its control: the label, then the hint and the error under it. */
export function Field({ id, label, error, hint, mark, className, children }: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className={withCallerClasses("min-w-0", className)}>
      <FieldLabel htmlFor={id} label={label} mark={mark} />
      {children}
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

type ControlProps<Control extends "input" | "textarea" | "select"> = FieldFrameProps & Omit<ComponentProps<Control>, "id">;

export function TextField({ id, label, error, hint, mark, className, ...props }: ControlProps<"input">) {
  return (
    <Field id={id} label={label} error={error} hint={hint} mark={mark} className={className}>
      <Input id={id} {...fieldAria(id, { error, hint, mark })} {...props} />
    </Field>
  );
}

export function TextAreaField({ id, label, error, hint, mark, className, ...props }: ControlProps<"textarea">) {
  return (
    <Field id={id} label={label} error={error} hint={hint} mark={mark} className={className}>
      <Textarea id={id} {...fieldAria(id, { error, hint, mark })} {...props} />
    </Field>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  mark,
  className,
  options,
  ...props
}: ControlProps<"select"> & { options: { value: string; label: string }[] }) {
  return (
    <Field id={id} label={label} error={error} hint={hint} mark={mark} className={className}>
      <select id={id} className={`${fieldClass} h-11`} {...fieldAria(id, { error, hint, mark })} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A checkbox with its label beside it and its hint under the label. */
export function CheckboxField({ id, label, hint, className, ...props }: Omit<ControlProps<"input">, "type" | "error" | "mark">) {
  return (
    <div className={withCallerClasses("flex items-start gap-3", className)}>
      <input
        id={id}
        type="checkbox"
        value="on"
        className="mt-0.5 size-5 rounded border-stone-300 accent-rose-brand"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...props}
      />
      <div>
        <Label htmlFor={id} className="mb-0">
          {label}
        </Label>
        <FieldHint id={id}>{hint}</FieldHint>
      </div>
    </div>
  );
}

/** The field bots fill and people never see (services/honeypot.ts): a form that comes back with it filled is dropped. */
export function Honeypot({ id = HONEYPOT_FIELD }: { id?: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
