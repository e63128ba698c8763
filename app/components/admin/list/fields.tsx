import type { ComponentProps, ReactNode } from "react";
import * as field from "~/components/ui/field";

/**
 * The admin forms' fields: the site's one field family (components/ui/field.tsx), each control's id
 * `field-{name}` from its name.
 */
interface FieldProps {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string | undefined;
}

const idOf = (name: string) => `field-${name}`;

export function TextField(props: FieldProps & Omit<ComponentProps<"input">, "name">) {
  return <field.TextField id={idOf(props.name)} {...props} />;
}

export function TextAreaField(props: FieldProps & Omit<ComponentProps<"textarea">, "name">) {
  return <field.TextAreaField id={idOf(props.name)} {...props} />;
}

export function SelectField(props: FieldProps & Omit<ComponentProps<"select">, "name"> & { options: { value: string; label: string }[] }) {
  return <field.SelectField id={idOf(props.name)} {...props} />;
}

export function CheckboxField(props: Omit<FieldProps, "error"> & { defaultChecked?: boolean }) {
  return <field.CheckboxField id={idOf(props.name)} {...props} />;
}
