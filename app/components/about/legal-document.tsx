import type { ReactNode } from "react";
import { PageIntro } from "~/components/blog/page-intro";
import { formatPostDate } from "~/components/blog/format";

/** When the current privacy policy and terms took effect (YYYY-MM-DD). */
export const LEGAL_EFFECTIVE_DATE = "2026-11-01";

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

const sectionId = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A policy page: title, effective date, a table of contents and numbered sections set for reading. */
export function LegalDocument({
  eyebrow,
  title,
  intro,
  sections,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageIntro eyebrow={eyebrow} title={title}>
        <p>
          Effective <time dateTime={LEGAL_EFFECTIVE_DATE}>{formatPostDate(LEGAL_EFFECTIVE_DATE)}</time>
        </p>
      </PageIntro>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav aria-label="On this page" className="lg:sticky lg:top-28 lg:self-start">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-muted">On this page</h2>
          <ol className="mt-3 grid gap-1 border-l border-stone-200 text-sm">
            {sections.map((section, index) => (
              <li key={section.heading}>
                <a
                  href={`#${sectionId(section.heading)}`}
                  className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 lg:py-1 text-muted hover:border-rose-brand hover:text-rose-brand"
                >
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl rounded-3xl border border-stone-200 bg-white p-6 leading-relaxed text-stone-800 shadow-sm sm:p-10 [&_a]:font-medium [&_a]:text-rose-brand [&_a]:underline [&_a]:underline-offset-4 [&_li+li]:mt-2 [&_p+p]:mt-4 [&_ul+p]:mt-4 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:marker:text-rose-brand">
          <div className="text-lg text-muted">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={sectionId(section.heading)} className="mt-10 scroll-mt-28">
              <h2 id={sectionId(section.heading)} className="font-serif text-2xl font-semibold text-ink">
                {index + 1}. {section.heading}
              </h2>
              <div className="mt-4">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}
