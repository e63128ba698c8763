import { MAIL_STATUS_LABELS, type MailStatus } from "~/services/mail/types";
import { clsx } from "clsx";
import { withCallerClasses } from "~/utils/cn";

const STATUS_BADGE: Record<MailStatus, string> = {
  kept: "bg-sky-50 text-sky-900 ring-sky-200",
  queued: "bg-amber-50 text-amber-900 ring-amber-200",
  sending: "bg-indigo-50 text-indigo-900 ring-indigo-200",
  sent: "bg-green-50 text-green-900 ring-green-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

export function MailStatusBadge({ status, className }: { status: MailStatus; className?: string }) {
  return (
    <span
      className={withCallerClasses(
        clsx("inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", STATUS_BADGE[status]),
        className,
      )}
    >
      {MAIL_STATUS_LABELS[status]}
    </span>
  );
}

/** A message's status as the outbox knows it, with the times the loader formatted on the server's clock. */
export interface MailStatusView {
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string | null;
  nextAttemptWhen: string | null;
  lastError: string | null;
  interrupted: number;
}

/** The badge, then what the admin may need to know: attempts, the next one, the last error, an interrupted send. */
export function MailStatusDetails({ message }: { message: MailStatusView }) {
  return (
    <div className="grid min-w-0 justify-items-start gap-1 text-xs">
      <MailStatusBadge status={message.status} />
      {message.attempts > 0 ? (
        <p className="text-muted">
          {message.attempts} {message.attempts === 1 ? "attempt" : "attempts"}
        </p>
      ) : null}
      {message.nextAttemptAt ? (
        <p className="text-muted">
          Next attempt <time dateTime={message.nextAttemptAt}>{message.nextAttemptWhen}</time>
        </p>
      ) : null}
      {message.lastError ? <p className="text-red-800 [overflow-wrap:anywhere]">{message.lastError}</p> : null}
      {message.interrupted > 0 ? (
        <p className="text-amber-900">
          Sent again after an interrupted send{message.interrupted > 1 ? ` (${message.interrupted} times)` : ""}
        </p>
      ) : null}
    </div>
  );
}
