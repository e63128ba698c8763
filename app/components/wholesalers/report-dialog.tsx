import { CircleAlert, CheckCircle2, Send, X } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { UnsentNotice, useKeptResult } from "~/components/ui/unsent-notice";
import type { Unsent } from "~/http/unsent-form";
import { reportReceived, type ReportResult } from "~/services/reports/report-form";
import { reportPath } from "~/services/wholesalers/slug";
import { ReportFields, ReportIntro } from "./report-fields";

export interface ReportedListing {
  id: number;
  name: string;
}

/**
 * The "Report a problem" dialog of a listing (its button loads this module when it is first pointed at,
 * focused or pressed: docs/decisions/018). Its form is made afresh each time it opens and posts to
 * /wholesalers/:id/report without leaving the page.
 */
export function ReportDialog({
  wholesaler,
  idPrefix,
  open,
  onClose,
}: {
  wholesaler: ReportedListing;
  idPrefix: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={`${idPrefix}-title`}
      describedBy={`${idPrefix}-description`}
      className="m-auto max-h-[92dvh] w-[calc(100vw-1.5rem)] max-w-lg"
    >
      <div className="rounded-2xl bg-white p-5 shadow-2xl sm:p-6">
        <ReportForm wholesaler={wholesaler} idPrefix={idPrefix} onClose={onClose} />
      </div>
    </Modal>
  );
}

function ReportForm({ wholesaler, idPrefix, onClose }: { wholesaler: ReportedListing; idPrefix: string; onClose: () => void }) {
  // A report changes nothing the visitor sees, so the page's data is not reloaded after it.
  const fetcher = useFetcher<ReportResult | Unsent>();
  const [kind, setKind] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // Sent without a connection, the form stays as it was, what was typed in it, with a notice (~/http/unsent-form.ts).
  const { result, unsent } = useKeptResult(fetcher.state === "idle" ? fetcher.data : undefined);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!result) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? outcomeRef.current)?.focus();
  }, [result]);

  if (result?.ok) {
    return (
      <div ref={outcomeRef} tabIndex={-1} role="status" className="grid justify-items-center gap-3 py-4 text-center outline-none">
        <CheckCircle2 className="size-12 text-leaf" aria-hidden="true" />
        <h2 id={`${idPrefix}-title`} className="font-serif text-xl font-semibold text-ink">
          {result.message}
        </h2>
        <p id={`${idPrefix}-description`} className="max-w-sm text-sm text-muted">
          {reportReceived(wholesaler.name)}
        </p>
        <Button type="button" variant="secondary" className="mt-2" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }

  const errors = result && !result.ok ? result.fieldErrors : {};
  const formError = result && !result.ok && Object.keys(errors).length === 0 ? result.message : undefined;
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={`${idPrefix}-title`} className="font-serif text-xl font-semibold text-ink">
            Report a problem
          </h2>
          <p id={`${idPrefix}-description`} className="mt-1 text-sm text-muted">
            <ReportIntro name={wholesaler.name} />
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="-mr-2 -mt-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-stone-100"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>

      <fetcher.Form
        ref={formRef}
        method="post"
        action={reportPath(wholesaler.id)}
        defaultShouldRevalidate={false}
        noValidate
        className="relative mt-5 grid gap-5"
      >
        {formError ? (
          <div
            ref={outcomeRef}
            tabIndex={-1}
            role="alert"
            className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 outline-none"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>{formError}</p>
          </div>
        ) : null}
        {unsent ? <UnsentNotice /> : null}

        <ReportFields idPrefix={`report-${wholesaler.id}`} errors={errors} kind={kind} onKindChange={setKind} />

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            <Send aria-hidden="true" />
            {busy ? "Sending..." : "Send report"}
          </Button>
        </div>
      </fetcher.Form>
    </>
  );
}
