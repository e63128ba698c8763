import { isActiveJob, JOB_KIND_LABELS, jobPercent, type JobView } from "~/services/jobs/types";
import { numberFormat } from "./format";
import { ProgressBar } from "~/components/ui/progress-bar";

const whenFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

const plural = (count: number, one: string, many = `${one}s`) => `${numberFormat.format(count)} ${count === 1 ? one : many}`;

/** A queued or running job: a progress bar with its percentage, its count and its errors, in words too. */
export function JobProgress({ job, unit, listErrors = true }: { job: JobView; unit: string; listErrors?: boolean }) {
  const percent = jobPercent(job);
  const counts = job.total > 0 ? `${numberFormat.format(job.done)} of ${plural(job.total, unit)}` : `Counting the ${unit}s`;
  const errors = job.errorCount === 0 ? "no errors" : plural(job.errorCount, "error");
  return (
    <div className="mt-4 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="min-w-0 font-medium text-ink [overflow-wrap:anywhere]">
          {{ queued: "Queued", running: "Running", done: "Finished", failed: "Stopped" }[job.state]}
          {job.label ? `: ${job.label}` : ""}
        </p>
        <p className="shrink-0 font-serif text-lg font-semibold tabular-nums text-rose-brand">{percent}%</p>
      </div>
      <ProgressBar percent={percent} label={`${JOB_KIND_LABELS[job.kind]} progress`} valueText={`${percent}%: ${counts}, ${errors}`} />
      <p className="mt-2 text-sm tabular-nums text-ink">
        {counts}, <span className={job.errorCount > 0 ? "text-red-800" : undefined}>{errors}</span>
      </p>
      <p className="mt-1 text-xs text-muted">
        {isActiveJob(job)
          ? `Started by ${job.startedBy}. It runs on the server: you can leave this page and come back to it.`
          : `Started by ${job.startedBy}.`}
      </p>
      {listErrors ? <JobErrors job={job} /> : null}
    </div>
  );
}

function JobErrors({ job }: { job: JobView }) {
  if (job.errors.length === 0) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-red-800 underline-offset-4 hover:underline">
        Errors ({numberFormat.format(job.errorCount)})
      </summary>
      <ul className="mt-2 grid max-h-48 gap-1 overflow-auto">
        {job.errors.map((error) => (
          <li key={error} className="[overflow-wrap:anywhere]">
            {error}
          </li>
        ))}
      </ul>
      {job.errors.length < job.errorCount ? <p className="mt-1 text-xs text-muted">The first {job.errors.length}.</p> : null}
    </details>
  );
}

/** A job this page did not watch end (it ended before the page was opened): one line on how it went. */
export function LastJob({ job }: { job: JobView }) {
  const when = whenFormat.format(new Date(job.finishedAt ?? job.createdAt));
  return (
    <div className="mt-4 text-sm">
      <p className={job.state === "failed" ? "text-red-800" : "text-muted"}>
        Last run {when}, by {job.startedBy}
        {job.label ? ` (${job.label})` : ""}: {job.state === "failed" ? `stopped. ${job.message ?? ""}` : (job.result?.message ?? "")}
      </p>
      <JobErrors job={job} />
    </div>
  );
}

/** Another kind of job holds the one slot: this tool waits for it. */
export function OtherJobNote({ job }: { job: JobView | undefined }) {
  if (!job) return null;
  return (
    <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {JOB_KIND_LABELS[job.kind]} is running ({jobPercent(job)}%), started by {job.startedBy}. Only one long tool runs at a time: this one
      can start when it has finished.
    </p>
  );
}
