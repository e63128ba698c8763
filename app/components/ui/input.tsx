import type { ComponentProps } from "react";
import { withCallerClasses } from "~/utils/cn";

/** A named class of app/styles/html-pages.css: a utility beside it wins, as tailwind-merge made it win before (issue #39). */
export const fieldClass = "field";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={withCallerClasses(`${fieldClass} h-11`, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={withCallerClasses(`${fieldClass} min-h-28`, className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={withCallerClasses("field-label", className)} {...props} />;
}

export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {children}
    </p>
  );
}
