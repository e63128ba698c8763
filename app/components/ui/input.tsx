import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

export const fieldClass =
  "block w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-stone-400 shadow-xs focus:border-rose-brand focus:outline-none focus:ring-2 focus:ring-rose-brand/25 disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:ring-red-600/20";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClass, "h-11", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClass, "min-h-28", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("mb-1.5 block text-sm font-medium text-ink", className)} {...props} />;
}

export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {children}
    </p>
  );
}
