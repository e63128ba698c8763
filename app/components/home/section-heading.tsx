import type { ReactNode } from "react";
import { clsx } from "clsx";

/** A section's eyebrow label, heading and lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "left",
}: {
  id?: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: "left" | "center";
}) {
  return (
    <div className={clsx("max-w-2xl", align === "center" && "mx-auto text-center")}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children ? <p className="section-lead">{children}</p> : null}
    </div>
  );
}
