import type { ComponentProps, ReactNode } from "react";
import { FieldError, fieldClass, Input, Label, Textarea } from "~/components/ui/input";
import { cn } from "~/utils/cn";

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

function describedBy(name: string, error?: string, hint?: ReactNode) {
  return [error ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;
}

function Hint({ name, children }: { name: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${name}-hint`} className="mt-1.5 text-xs text-muted">
      {children}
    </p>
  );
}

export function TextField({ name, label, error, hint, className, ...props }: FieldProps & Omit<ComponentProps<"input">, "name">) {
  return (
    <div className={className}>
      <Label htmlFor={`field-${name}`}>{label}</Label>
      <Input
        id={`field-${name}`}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...props}
      />
      <Hint name={name}>{hint}</Hint>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </div>
  );
}

export function TextAreaField({ name, label, error, hint, className, ...props }: FieldProps & Omit<ComponentProps<"textarea">, "name">) {
  return (
    <div className={className}>
      <Label htmlFor={`field-${name}`}>{label}</Label>
      <Textarea
        id={`field-${name}`}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...props}
      />
      <Hint name={name}>{hint}</Hint>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </div>
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  className,
  options,
  ...props
}: FieldProps & Omit<ComponentProps<"select">, "name"> & { options: { value: string; label: string }[] }) {
  return (
    <div className={className}>
      <Label htmlFor={`field-${name}`}>{label}</Label>
      <select
        id={`field-${name}`}
        name={name}
        className={cn(fieldClass, "h-11")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint name={name}>{hint}</Hint>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  hint,
  defaultChecked,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  defaultChecked?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={`field-${name}`}
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={defaultChecked}
        className="mt-0.5 size-5 rounded border-stone-300 accent-rose-brand"
        aria-describedby={hint ? `${name}-hint` : undefined}
      />
      <div>
        <Label htmlFor={`field-${name}`} className="mb-0">
          {label}
        </Label>
        <Hint name={name}>{hint}</Hint>
      </div>
    </div>
  );
}
