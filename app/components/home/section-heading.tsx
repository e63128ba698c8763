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
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children ? <p className="section-lead">{children}</p> : null}
    </div>
  );
}
