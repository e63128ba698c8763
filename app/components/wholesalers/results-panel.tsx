import { SearchX } from "~/components/icons";
import type { ReactNode } from "react";

/**
 * The panel every search's results or message sits in; apart from near-results.tsx, so that the finder can say
 * what went wrong without loading the results' code.
 */
export function ResultsPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="mt-6 rounded-2xl border border-stone-200 bg-cream/60 p-4 sm:p-5" data-testid="zipcode-results">
      {children}
    </section>
  );
}

export function ResultsNotice({ children, tone = "plain" }: { children: ReactNode; tone?: "plain" | "error" }) {
  return (
    <p
      role={tone === "error" ? "alert" : undefined}
      className={
        tone === "error" ? "flex items-start gap-2 text-sm font-medium text-red-700" : "flex items-start gap-2 text-sm font-medium text-ink"
      }
    >
      <SearchX className={tone === "error" ? "mt-0.5 size-4 shrink-0" : "mt-0.5 size-4 shrink-0 text-rose-brand"} aria-hidden="true" />
      {children}
    </p>
  );
}
