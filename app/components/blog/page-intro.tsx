import type { ReactNode } from "react";

/** The opening of a content page: an eyebrow, the page's one h1 and a lead paragraph. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="max-w-3xl">
      <p className="text-sm font-semibold uppercase tracking-[0.18em] text-rose-brand">{eyebrow}</p>
      <h1 className="mt-3 font-serif text-4xl font-semibold leading-tight text-ink sm:text-5xl">{title}</h1>
      {children ? <div className="mt-5 text-lg leading-relaxed text-muted">{children}</div> : null}
    </div>
  );
}
