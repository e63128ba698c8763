import { lazy, Suspense, useId, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { ReportedListing } from "./report-dialog";

/** The dialog and its form load when the button is first pointed at, focused or pressed (docs/decisions/018). */
const loadDialog = () => import("./report-dialog");
const ReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ReportDialog })));

/**
 * "Report a problem" once the page's script runs (./report-problem.tsx): a button that opens the dialog with the
 * report form, made afresh each time it opens, which posts to /wholesalers/:id/report without leaving the page.
 */
export default function ReportButton({
  wholesaler,
  className,
  children,
}: {
  wholesaler: ReportedListing;
  className: string | undefined;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  /** Once opened the dialog stays mounted, so closing it goes through the dialog's own close (focus back here). */
  const [mounted, setMounted] = useState(false);
  const idPrefix = `report-dialog-${useId()}`;
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
        {children}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ReportDialog wholesaler={wholesaler} idPrefix={idPrefix} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
