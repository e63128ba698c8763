import { Flag } from "~/components/icons";
import { lazy, Suspense } from "react";
import { buttonVariants } from "~/components/ui/button";
import { reportPath } from "~/services/wholesalers/slug";
import { clsx } from "clsx";
import type { ReportedListing } from "./report-dialog";
import { useHydrated } from "./use-hydrated";

/** The button and its dialog are not part of the page's first load (docs/decisions/018): most visits open none. */
const ReportButton = lazy(() => import("./report-button"));

/**
 * "Report a problem" on a listing: a small button that opens a dialog with the report form (./report-button.tsx).
 * Before the page's script has run, until the button's own has come, or without JavaScript, the same button is a
 * link to that page's form. The switch is a transition (./use-hydrated.ts): the link stays until the button is there.
 */
export function ReportProblem({ wholesaler, className }: { wholesaler: ReportedListing; className?: string }) {
  const hydrated = useHydrated();
  const label = (
    <>
      <Flag aria-hidden="true" />
      Report a problem
      <span className="sr-only">{` with ${wholesaler.name}`}</span>
    </>
  );
  const link = (
    <a href={reportPath(wholesaler.id)} className={clsx(buttonVariants({ variant: "secondary", size: "sm" }), className)}>
      {label}
    </a>
  );
  if (!hydrated) return link;
  return (
    <Suspense fallback={link}>
      <ReportButton wholesaler={wholesaler} className={className}>
        {label}
      </ReportButton>
    </Suspense>
  );
}
