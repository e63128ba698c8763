import { Check, Mail, Store, X, Phone } from "~/components/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { PossibleDuplicates, type DuplicateItem } from "~/components/admin/wholesalers/possible-duplicates";
import { Button, buttonVariants } from "~/components/ui/button";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { ActionResult } from "~/http/action-result";
import { SUBMITTER_ROLE_LABELS } from "~/services/submissions/business-form";
import type { AdminSubmission, SubmissionStatus } from "~/services/submissions/types";
import { ACCESS_LABELS } from "~/services/wholesalers/constants";
import { CONFIRM_DUPLICATES_FIELD } from "~/services/wholesalers/duplicates";
import type { WeeklyHoursRow } from "~/services/wholesalers/opening-hours";
import { clsx } from "clsx";

/** A listing request as its card shows it: the request, when it came and was decided, and what it may duplicate. */
export interface SubmissionCardData extends AdminSubmission {
  sentWhen: string;
  reviewedWhen: string | null;
  hours: Omit<WeeklyHoursRow, "weekdays">[] | null;
  /** Listings it may duplicate (pending requests only). */
  duplicates: DuplicateItem[];
  /** The listing an approval created, in the admin's wholesaler list. */
  listingHref: string | null;
}

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

const STATUS_BADGE: Record<SubmissionStatus, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-300",
  approved: "bg-green-50 text-leaf ring-green-200",
  rejected: "bg-stone-100 text-stone-700 ring-stone-300",
};

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={clsx("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="mt-1 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted">Not given</span>;

/** One business's request to be listed: everything it sent, and the admin's decision. */
export function SubmissionCard({ submission }: { submission: SubmissionCardData }) {
  const s = submission;
  const headingId = `submission-${s.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-serif text-xl font-semibold text-ink [overflow-wrap:anywhere]">
            {s.name}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {s.address}, {s.city}, {s.state} {s.zipcode}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded-full bg-stone-100 px-2.5 py-0.5 font-semibold text-stone-700">{s.type}</span>
          <span className={clsx("rounded-full px-2.5 py-0.5 font-semibold ring-1 ring-inset", STATUS_BADGE[s.status])}>
            {SUBMISSION_STATUS_LABELS[s.status]}
          </span>
        </div>
      </header>

      <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Who may buy">
          {s.access ? ACCESS_LABELS[s.access] : none}
          {s.accessNote ? <span className="block text-muted">{s.accessNote}</span> : null}
        </Fact>
        <Fact label="Phone">
          {s.phone ? (
            <a href={`tel:${s.phone}`} className="inline-flex items-center gap-1.5 text-rose-brand hover:underline">
              <Phone className="size-3.5" aria-hidden="true" />
              {s.phone}
            </a>
          ) : (
            none
          )}
        </Fact>
        <Fact label="Website">
          {s.website ? (
            <a href={s.website} target="_blank" rel="noreferrer noopener" className="text-rose-brand hover:underline">
              {s.website.replace(/^https?:\/\//, "")}
            </a>
          ) : (
            none
          )}
        </Fact>
        <Fact label="Opening hours">
          {s.hours ? (
            <ul>
              {s.hours.map((row) => (
                <li key={row.days}>
                  <span className="font-medium">{row.days}</span> {row.text}
                </li>
              ))}
            </ul>
          ) : (
            none
          )}
        </Fact>
        <Fact label="Description" wide>
          {s.description ? <p className="whitespace-pre-line">{s.description}</p> : none}
        </Fact>
        <Fact label="Sent by" wide>
          <span className="font-medium">{s.submitterName}</span> ({SUBMITTER_ROLE_LABELS[s.submitterRole]}),{" "}
          <a href={`mailto:${s.submitterEmail}`} className="inline-flex items-center gap-1 text-rose-brand hover:underline">
            <Mail className="size-3.5" aria-hidden="true" />
            {s.submitterEmail}
          </a>
          <span className="block text-xs text-muted">
            Sent <time dateTime={s.createdAt}>{s.sentWhen}</time>
            {s.reviewedAt ? (
              <>
                {" · "}
                {SUBMISSION_STATUS_LABELS[s.status]} <time dateTime={s.reviewedAt}>{s.reviewedWhen}</time>
              </>
            ) : null}
          </span>
        </Fact>
      </dl>

      {s.status === "pending" ? <ReviewActions submission={s} /> : null}
      {s.listingHref ? (
        <div className="mt-5 flex justify-end">
          <Link to={s.listingHref} className={buttonVariants({ variant: "secondary", size: "sm" })} aria-label={`View listing: ${s.name}`}>
            <Store aria-hidden="true" />
            View listing
          </Link>
        </div>
      ) : null}
    </article>
  );
}

/**
 * Approve and Reject. Approving a request that may duplicate a listing is answered with the duplicates
 * (409): the button then becomes "Approve anyway", which sends the confirmation.
 */
function ReviewActions({ submission }: { submission: SubmissionCardData }) {
  const fetcher = useFetcher<ActionResult>();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const result = fetcher.data;
  const duplicatesFound = result && !result.ok ? result.fieldErrors?.[CONFIRM_DUPLICATES_FIELD] : undefined;
  const busy = fetcher.state !== "idle";
  const focusedFor = useRef<ActionResult | undefined>(undefined);

  // The answer can arrive while the fetcher is still busy and the button still disabled, which takes no
  // focus: move it to "Approve anyway" once the button is enabled again.
  useEffect(() => {
    if (!duplicatesFound || busy || focusedFor.current === result) return;
    focusedFor.current = result;
    confirmRef.current?.focus();
  }, [result, duplicatesFound, busy]);

  // Possible duplicates are shown beside the buttons, not toasted.
  useActionToast(duplicatesFound ? undefined : result, {
    ok: (answer) => (answer.intent === "approve" ? "Approved" : "Rejected"),
    failed: "Could not update the listing request",
    revalidateOnFailure: true,
  });

  const duplicates = submission.duplicates.length ? submission.duplicates : (duplicatesFound?.split("\n").map((text) => ({ text })) ?? []);
  const pendingIntent = busy ? String(fetcher.formData?.get("intent") ?? "") : "";

  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={submission.id} />
      <input type="hidden" name="status" value={submission.status} />
    </>
  );

  return (
    <div className="mt-5 grid gap-4">
      {duplicates.length ? <PossibleDuplicates items={duplicates} /> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p className="sr-only" aria-live="polite">
          {duplicatesFound ? "Possible duplicates found. Check them, then choose Approve anyway." : ""}
        </p>
        <fetcher.Form method="post">
          {hidden("approve")}
          {duplicatesFound ? <input type="hidden" name={CONFIRM_DUPLICATES_FIELD} value="1" /> : null}
          <Button
            ref={confirmRef}
            type="submit"
            size="sm"
            variant="leaf"
            disabled={busy}
            aria-label={duplicatesFound ? `Approve anyway: ${submission.name}` : `Approve ${submission.name}`}
          >
            <Check aria-hidden="true" />
            {pendingIntent === "approve" ? "Approving..." : duplicatesFound ? "Approve anyway" : "Approve"}
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post">
          {hidden("reject")}
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={busy}
            className="text-red-800"
            aria-label={`Reject ${submission.name}`}
          >
            <X aria-hidden="true" />
            {pendingIntent === "reject" ? "Rejecting..." : "Reject"}
          </Button>
        </fetcher.Form>
      </div>
    </div>
  );
}
