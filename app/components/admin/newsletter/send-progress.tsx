import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { numberFormat } from "~/components/admin/tools/format";
import { toast } from "~/components/ui/use-toast";
import { issuePercent, type IssueProgress } from "~/services/newsletter/issue-form";
import { ProgressBar } from "~/components/ui/progress-bar";

/** How often the Newsletter screen reads a send's progress. */
const POLL_MS = 1000;

/**
 * A send's figures as the server has them: the list's at first, then read from /admin/newsletter/{id}/progress every
 * second while its messages are queued or being sent. Its end is announced once, and the list reloaded with it.
 */
function useIssueProgress(initial: IssueProgress, title: string): IssueProgress {
  const [progress, setProgress] = useState(initial);
  // The list's answer after a reload is newer than what this bar read before it.
  const [loaded, setLoaded] = useState(initial);
  if (loaded !== initial) {
    setLoaded(initial);
    setProgress(initial);
  }
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const sending = progress.status === "sending";
  const id = progress.id;

  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      void (async () => {
        try {
          const response = await fetch(`/admin/newsletter/${id}/progress`, { headers: { Accept: "application/json" } });
          if (response.ok) setProgress((await response.json()) as IssueProgress);
        } catch {
          // Offline for a moment: the next read catches up.
        }
      })();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [sending, id]);

  const announced = useRef(!sending);
  useEffect(() => {
    if (sending || announced.current) return;
    announced.current = true;
    toast({ title: "Newsletter sent", description: `Nothing of “${title}” is left to send.`, variant: "success" });
    void revalidate();
  }, [sending, title, revalidate]);
  return progress;
}

const count = (n: number, one: string, many = `${one}s`) => `${numberFormat.format(n)} ${n === 1 ? one : many}`;

/** The bar of one send, like the Tools screen's: sent, failed and left, in words too. */
export function SendProgress({ initial, title }: { initial: IssueProgress; title: string }) {
  const progress = useIssueProgress(initial, title);
  const percent = issuePercent(progress);
  const sending = progress.status === "sending";
  const counts = `${numberFormat.format(progress.delivered)} sent, ${numberFormat.format(progress.failed)} failed, ${numberFormat.format(progress.left)} left`;
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 p-4" data-testid={`send-progress-${progress.id}`}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="min-w-0 font-medium text-ink [overflow-wrap:anywhere]">
          {sending ? "Sending" : "Finished"}: {title}
        </p>
        <p className="shrink-0 font-serif text-lg font-semibold tabular-nums text-rose-brand">{percent}%</p>
      </div>
      <ProgressBar
        percent={percent}
        label={`Sending of “${title}”`}
        valueText={`${percent}%: ${counts} of ${count(progress.recipients, "recipient")}`}
      />
      <p className="mt-2 text-sm tabular-nums text-ink">
        {counts} <span className="text-muted">of {count(progress.recipients, "recipient")}</span>
      </p>
      <p className="mt-1 text-xs text-muted">
        {sending ? (
          "The server sends it in the background: you can leave this page and come back to it."
        ) : progress.kept > 0 ? (
          <>
            {count(progress.kept, "message was", "messages were")} kept in the outbox, not sent: SMTP_URL is not set. Read them under{" "}
            <Link to="/admin/mail?kind=newsletter" className="font-medium text-rose-brand underline-offset-4 hover:underline">
              Mail
            </Link>
            .
          </>
        ) : (
          "Nothing is left to send."
        )}
      </p>
    </div>
  );
}
