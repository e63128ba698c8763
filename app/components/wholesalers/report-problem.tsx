import { Flag } from "~/components/icons";
import { lazy, Suspense, useId, useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { reportPath } from "~/services/reports/report-form";
import { cn } from "~/utils/cn";
import type { ReportedListing } from "./report-dialog";
import { useHydrated } from "./use-hydrated";

/** The dialog and its form are not part of the page's first load (docs/decisions/018): most visits never open one. */
const loadDialog = () => import("./report-dialog");
const ReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ReportDialog })));

/**
 * "Report a problem" on a listing: a small button that opens a dialog with the report form. The form is
 * made afresh each time the dialog opens, and it posts to /wholesalers/:id/report without leaving the page.
 * Before the page's script has run (or without JavaScript) the same button is a link to that page's form.
 */
export function ReportProblem({ wholesaler, className }: { wholesaler: ReportedListing; className?: string }) {
  const [open, setOpen] = useState(false);
  /** Once opened the dialog stays mounted, so closing it goes through the dialog's own close (focus back here). */
  const [mounted, setMounted] = useState(false);
  const idPrefix = `report-dialog-${useId()}`;
  const hydrated = useHydrated();
  const label = (
    <>
      <Flag aria-hidden="true" />
      Report a problem
      <span className="sr-only"> with {wholesaler.name}</span>
    </>
  );
  if (!hydrated) {
    return (
      <a href={reportPath(wholesaler.id)} className={cn(buttonVariants({ variant: "secondary", size: "sm" }), className)}>
        {label}
      </a>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className={className}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        {label}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ReportDialog wholesaler={wholesaler} idPrefix={idPrefix} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
