import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/** A section's eyebrow label, heading and lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "left",
  className,
}: {
  id?: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: "left" | "center";
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      <p className="text-sm font-semibold uppercase tracking-[0.14em] text-rose-brand">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-3 text-base leading-relaxed text-muted sm:text-lg">{children}</p> : null}
    </div>
  );
}
