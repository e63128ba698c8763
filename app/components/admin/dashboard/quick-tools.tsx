import { DatabaseBackup, Download, FileSpreadsheet, ImageDown, RefreshCcw, type LucideIcon } from "lucide-react";
import { Fragment, useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import type { OptimiseReport } from "~/services/images/types";
import { isActiveJob, JOB_KIND_LABELS, jobPercent, type JobKind, type JobsOverview, type JobView } from "~/services/jobs/types";
import { IMPORT_COLUMNS, KEPT_COLUMNS, NO, REQUIRED_IMPORT_COLUMNS, YES } from "~/services/tools/import-columns";
import type { ClearedCache, ImportRejection, ImportReport, ImportRowRef } from "~/services/tools/types";
import { ACCESS_LABELS, WHOLESALER_ACCESS } from "~/services/wholesalers/constants";
import { HOURS_TEXT_EXAMPLE } from "~/services/wholesalers/opening-hours-schema";
import { cn } from "~/utils/cn";

/** Same limits as the server's (services/tools/import.server.ts), checked here before uploading. */
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

const numberFormat = new Intl.NumberFormat("en-US");

function ToolCard({
  icon: Icon,
  title,
  description,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn("min-w-0 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6", className)}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blush text-rose-brand">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h3 id={headingId} className="font-serif text-lg font-semibold text-ink">
          {title}
        </h3>
      </div>
      <div className="mt-3 text-sm leading-relaxed text-muted">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Alert({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  );
}

/** A plain form post: the browser saves the answer as a file, streamed, however large the site is. */
function BackupTool({ database }: { database: "sqlite" | "postgres" }) {
  return (
    <ToolCard
      icon={DatabaseBackup}
      title="Backup"
      description={
        <>
          <p>
            Downloads the whole site as one <code className="text-ink">.tar.gz</code> file:{" "}
            {database === "sqlite"
              ? "a consistent snapshot of the SQLite database"
              : "every table of the PostgreSQL database, read in one consistent snapshot"}
            , taken while the site keeps running, and every uploaded photo.
          </p>
          <p className="mt-2">
            To restore it, stop the site and run, with the same {database === "sqlite" ? "DATA_DIR" : "DATA_DIR and DATABASE_URL"} as the
            site (add <code className="text-ink">--force</code> to replace data that is there):
          </p>
          <code className="mt-2 block rounded-lg bg-stone-100 px-3 py-2 text-xs text-ink [overflow-wrap:anywhere]">
            npm run db:restore -- wholesale-flower-finder-YYYY-MM-DD.tar.gz
          </code>
        </>
      }
    >
      <form method="post" action="/admin/tools/backup">
        <Button type="submit" variant="secondary">
          <Download aria-hidden="true" />
          Download backup
        </Button>
      </form>
    </ToolCard>
  );
}

interface ClearCacheAnswer {
  ok?: boolean;
  message: string;
  cleared?: ClearedCache[];
}

/**
 * A one-button tool posting to `action`: its answer once the request is done, announced once in a toast
 * (`titles.ok` or `titles.failed`, with the server's message).
 */
function useToolRequest<T extends { ok?: boolean; message: string }>(action: string, titles: { ok: string; failed: string }) {
  const fetcher = useFetcher();
  // The tools answer plain JSON, so the answer is T as sent.
  const answer = fetcher.state === "idle" ? (fetcher.data as T | undefined) : undefined;
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    toast(
      answer.ok
        ? { title: titles.ok, description: answer.message, variant: "success" }
        : { title: titles.failed, description: answer.message, variant: "destructive" },
    );
  }, [answer, titles.ok, titles.failed]);
  return { answer, busy: fetcher.state !== "idle", run: () => void fetcher.submit(null, { method: "post", action }) };
}

function ClearCacheTool() {
  const { answer, busy, run } = useToolRequest<ClearCacheAnswer>("/admin/tools/clear-cache", {
    ok: "Cache cleared",
    failed: "Could not clear the cache",
  });

  return (
    <ToolCard
      icon={RefreshCcw}
      title="Clear cache"
      description="Drops every server-side cache, such as the site settings kept in memory, so that the next page view reads everything fresh from the database."
    >
      <Button type="button" variant="secondary" disabled={busy} onClick={run}>
        <RefreshCcw aria-hidden="true" />
        {busy ? "Clearing..." : "Clear cache"}
      </Button>
      <div role="status" className="mt-3 text-sm text-ink empty:hidden">
        {answer?.ok ? answer.message : null}
      </div>
      <Alert>{answer && !answer.ok ? answer.message : undefined}</Alert>
    </ToolCard>
  );
}

/** How often the Tools screen reads a running job's progress. */
const POLL_MS = 1000;

const whenFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

interface Jobs {
  overview: JobsOverview;
  /** Jobs this page saw queued or running: their end is announced, and their full report shown. */
  watched: ReadonlySet<number>;
  /** A job this page just started (or was told is running): shown at once, then read every second until it ends. */
  track(job: JobView): void;
  /** Reads the jobs now (after a refusal naming another job). */
  refresh(): void;
}

/**
 * The long tools' jobs as the server has them: read from the dashboard's loader, then from /admin/tools/jobs
 * every second while one is queued or running, so that the bars move, and pick up where they are when the
 * page is left and opened again.
 */
function useJobs(initial: JobsOverview): Jobs {
  const [overview, setOverview] = useState(initial);
  const [watched, setWatched] = useState<ReadonlySet<number>>(() => new Set(initial.active ? [initial.active.id] : []));
  // The loader's answer after a revalidation is newer than what this page read before it.
  const [loaded, setLoaded] = useState(initial);
  if (loaded !== initial) {
    setLoaded(initial);
    setOverview(initial);
  }

  const read = useCallback(async () => {
    try {
      const response = await fetch("/admin/tools/jobs", { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const next = (await response.json()) as JobsOverview;
      setOverview(next);
      if (next.active) {
        const id = next.active.id;
        setWatched((ids) => (ids.has(id) ? ids : new Set([...ids, id])));
      }
    } catch {
      // Offline for a moment: the next read catches up.
    }
  }, []);

  const activeId = overview.active?.id;
  useEffect(() => {
    if (activeId === undefined) return;
    const timer = setInterval(() => void read(), POLL_MS);
    return () => clearInterval(timer);
  }, [activeId, read]);

  const track = useCallback((job: JobView) => {
    setWatched((ids) => new Set([...ids, job.id]));
    setOverview((current) => ({ latest: { ...current.latest, [job.kind]: job }, active: job }));
  }, []);
  return { overview, watched, track, refresh: () => void read() };
}

/** The latest job of `kind`, whether it is this page's to report in full, and another kind's job that is running. */
function useJobOf(jobs: Jobs, kind: JobKind, titles: { done: string; failed: string }) {
  const job = jobs.overview.latest[kind];
  const watched = job !== undefined && jobs.watched.has(job.id);
  const other = jobs.overview.active && jobs.overview.active.kind !== kind ? jobs.overview.active : undefined;
  const announced = useRef(new Set<number>());
  useEffect(() => {
    if (!job || !watched || isActiveJob(job) || announced.current.has(job.id)) return;
    announced.current.add(job.id);
    toast(
      job.state === "done"
        ? { title: titles.done, description: job.result?.message ?? "", variant: "success" }
        : { title: titles.failed, description: job.message ?? "", variant: "destructive" },
    );
  }, [job, watched, titles.done, titles.failed]);
  return { job, watched, other };
}

const plural = (count: number, one: string, many = `${one}s`) => `${numberFormat.format(count)} ${count === 1 ? one : many}`;

/** A queued or running job: a progress bar with its percentage, its count and its errors, in words too. */
function JobProgress({ job, unit, listErrors = true }: { job: JobView; unit: string; listErrors?: boolean }) {
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
      <div
        role="progressbar"
        aria-label={`${JOB_KIND_LABELS[job.kind]} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${counts}, ${errors}`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-rose-brand transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
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
function LastJob({ job }: { job: JobView }) {
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
function OtherJobNote({ job }: { job: JobView | undefined }) {
  if (!job) return null;
  return (
    <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {JOB_KIND_LABELS[job.kind]} is running ({jobPercent(job)}%), started by {job.startedBy}. Only one long tool runs at a time: this one
      can start when it has finished.
    </p>
  );
}

/** Starts a job with a POST to `action`: 202 with the job (tracked from then on) or a refusal's message. */
function useStartJob(jobs: Jobs) {
  const fetcher = useFetcher<{ job?: JobView; message?: string }>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef<typeof answer>(undefined);
  const { track, refresh } = jobs;
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.job) track(answer.job);
    // Refused because another job runs: show that one's bar.
    else refresh();
  }, [answer, track, refresh]);
  return {
    busy: fetcher.state !== "idle",
    refusal: answer && !answer.job ? answer.message : undefined,
    submit: (body: FormData | null, action: string) =>
      void fetcher.submit(body, body ? { method: "post", action, encType: "multipart/form-data" } : { method: "post", action }),
  };
}

const TABLE_LABELS: Record<OptimiseReport["missing"][number]["table"], string> = {
  wholesalers: "Wholesaler",
  blog_posts: "Blog post",
  festivals: "Festival",
};

function OptimiseReportView({ report }: { report: OptimiseReport }) {
  const counts = [
    { label: "Re-encoded smaller", value: report.reencoded },
    { label: "Repaired", value: report.repaired },
    { label: "Already optimal", value: report.unchanged },
    { label: "Unused files removed", value: report.orphansRemoved },
  ];
  return (
    <div className="mt-4">
      <p role="status" className="text-sm text-ink">
        {report.message}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2">
        {counts.map(({ label, value }) => (
          <div key={label} className={cn("rounded-xl px-3 py-2", value > 0 ? "bg-green-50 text-leaf" : "bg-stone-100 text-ink")}>
            <dt className="text-xs font-medium">{label}</dt>
            <dd className="font-serif text-xl font-semibold tabular-nums">{numberFormat.format(value)}</dd>
          </div>
        ))}
      </dl>
      {report.missing.length > 0 ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-red-800">Images to upload again</h4>
          <ul className="mt-1 grid gap-1 text-sm">
            {report.missing.map((record) => (
              <li key={`${record.table}-${record.id}`}>
                {TABLE_LABELS[record.table]}: <span className="text-ink">{record.label}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

const OPTIMISE_TITLES = { done: "Images optimized", failed: "Could not optimize the images" };

function OptimiseImagesTool({ className, jobs }: { className?: string; jobs: Jobs }) {
  const { job, watched, other } = useJobOf(jobs, "optimise-images", OPTIMISE_TITLES);
  const start = useStartJob(jobs);
  const running = isActiveJob(job);
  const report = job?.state === "done" && watched ? (job.result as OptimiseReport | null) : null;

  return (
    <ToolCard
      icon={ImageDown}
      title="Image optimization"
      className={className}
      description="Sends every uploaded photo through the image pipeline again: oriented, cropped to 3:2 and saved as WebP in 400, 800 and 1200 pixel widths. A new version replaces the stored one when a size was missing or it is at least 10% smaller; files no record uses any more are removed. It runs in the background."
    >
      <Button
        type="button"
        variant="secondary"
        disabled={start.busy || running || other !== undefined}
        onClick={() => start.submit(null, "/admin/tools/optimise-images")}
      >
        <ImageDown aria-hidden="true" />
        {start.busy || running ? "Optimizing..." : "Optimize images"}
      </Button>
      <OtherJobNote job={other} />
      {job && (running || report) ? <JobProgress job={job} unit="image" /> : null}
      {report ? <OptimiseReportView report={report} /> : null}
      {job && !running && watched && job.state === "failed" ? <Alert>{job.message ?? undefined}</Alert> : null}
      {job && !running && !watched ? <LastJob job={job} /> : null}
      <Alert>{start.refusal}</Alert>
    </ToolCard>
  );
}

type ImportAnswer = ImportReport | { message: string };
const isReport = (answer: ImportAnswer | undefined): answer is ImportReport => answer !== undefined && "fingerprint" in answer;

function RowsTable({ caption, rows, total }: { caption: string; rows: ImportRowRef[]; total: number }) {
  if (total === 0) return null;
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-rose-brand underline-offset-4 hover:underline">
        {caption} ({numberFormat.format(total)})
      </summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-xl border border-stone-200">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-stone-50 text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                City
              </th>
              <th scope="col" className="px-3 py-2">
                State
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.row}>
                <td className="px-3 py-1.5 tabular-nums">{row.row}</td>
                <td className="px-3 py-1.5 text-ink">{row.name}</td>
                <td className="px-3 py-1.5">{row.city}</td>
                <td className="px-3 py-1.5">{row.state}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length < total ? (
          <p className="px-3 py-2 text-xs text-muted">
            The first {rows.length} of {numberFormat.format(total)} rows.
          </p>
        ) : null}
      </div>
    </details>
  );
}

function RejectionsTable({ rejections, total }: { rejections: ImportRejection[]; total: number }) {
  if (total === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-red-800">Rows with errors ({numberFormat.format(total)}): these are not imported</h4>
      <div className="mt-2 max-h-80 overflow-auto rounded-xl border border-red-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows with errors</caption>
          <thead className="sticky top-0 bg-red-50 text-xs uppercase tracking-wide text-red-900">
            <tr>
              <th scope="col" className="w-16 px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Problem
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-red-100">
            {rejections.map((rejection) => (
              <tr key={rejection.row} className="align-top">
                <td className="px-3 py-2 tabular-nums">{rejection.row}</td>
                <td className="px-3 py-2 text-ink [overflow-wrap:anywhere]">{rejection.name || "(no name)"}</td>
                <td className="px-3 py-2">
                  <ul className="grid gap-1">
                    {rejection.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rejections.length < total ? (
          <p className="px-3 py-2 text-xs text-muted">
            The first {rejections.length} of {numberFormat.format(total)} rows with errors.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function ReportView({ report }: { report: ImportReport }) {
  const dryRun = report.mode === "dry-run";
  const counts = [
    { label: dryRun ? "To create" : "Created", value: report.created, tone: "bg-green-50 text-leaf" },
    { label: dryRun ? "To update" : "Updated", value: report.updated, tone: "bg-blush text-rose-brand" },
    { label: "Unchanged", value: report.unchanged, tone: "bg-stone-100 text-ink" },
    { label: dryRun ? "With errors" : "Skipped", value: report.rejected, tone: "bg-red-50 text-red-800" },
  ];
  return (
    <div className="mt-5 border-t border-stone-200 pt-5">
      <p role="status" className="text-sm font-medium text-ink">
        {report.message}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map(({ label, value, tone }) => (
          <div key={label} className={cn("rounded-xl px-3 py-2", value > 0 ? tone : "bg-stone-100 text-ink")}>
            <dt className="text-xs font-medium">{label}</dt>
            <dd className="font-serif text-xl font-semibold tabular-nums">{numberFormat.format(value)}</dd>
          </div>
        ))}
      </dl>
      <RejectionsTable rejections={report.rejections} total={report.rejected} />
      <RowsTable caption={dryRun ? "Rows to create" : "Created"} rows={report.createdRows} total={report.created} />
      <RowsTable caption={dryRun ? "Rows to update" : "Updated"} rows={report.updatedRows} total={report.updated} />
    </div>
  );
}

const Code = ({ children }: { children: ReactNode }) => <code className="text-[0.9em] text-ink">{children}</code>;

/** "a, b or c", each as code. */
function orList(words: readonly string[]) {
  return words.map((word, index) => (
    <span key={word}>
      {index === 0 ? null : index === words.length - 1 ? " or " : ", "}
      <Code>{word}</Code>
    </span>
  ));
}

/** How to write the columns beyond the plain ones: the formats the import reads and the export writes. */
function ImportColumnNotes() {
  const notes: { columns: string[]; text: ReactNode }[] = [
    {
      columns: ["latitude", "longitude"],
      text: "Decimal degrees. Leave both empty to keep a listing's location (unless its zipcode changes), or to use the zipcode's center for a new one.",
    },
    {
      columns: ["access"],
      text: (
        <>
          Who may buy: {orList(WHOLESALER_ACCESS)}, or as the cards say it ({orList(Object.values(ACCESS_LABELS))}). Empty when unknown.
        </>
      ),
    },
    {
      columns: ["opening_hours"],
      text: (
        <>
          The weekly schedule in 24-hour time, such as <Code>{HOURS_TEXT_EXAMPLE}</Code>. Days not named are closed, a closing time at or
          before the opening runs past midnight, and <Code>24:00</Code> is midnight at the end of the day. <Code>hours</Code> is the
          free-text note shown beside it.
        </>
      ),
    },
    { columns: ["verified_at"], text: "The day the facts were last confirmed, as YYYY-MM-DD." },
    { columns: ["source", "admin_note"], text: "Seen by admins only." },
    { columns: ["location_approximate"], text: <>{orList([YES, NO])}: whether the location is only the zipcode's center.</> },
  ];
  return (
    <details className="mt-2">
      <summary className="cursor-pointer font-medium text-rose-brand underline-offset-4 hover:underline">How to write the columns</summary>
      <dl className="mt-2 grid gap-2">
        {notes.map(({ columns, text }) => (
          <div key={columns.join()}>
            <dt className="inline font-medium text-ink">{columns.join(", ")}: </dt>
            <dd className="inline">{text}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2">
        {KEPT_COLUMNS.map((column, index) => (
          <span key={column}>
            {index === 0 ? null : index === KEPT_COLUMNS.length - 1 ? " and " : ", "}
            <Code>{column}</Code>
          </span>
        ))}{" "}
        may be left out of the file: an update then keeps the listing&apos;s own. A column that is there sets the value, and an empty cell
        clears it.
      </p>
    </details>
  );
}

const IMPORT_TITLES = { done: "Import finished", failed: "The import stopped" };

/**
 * Check first (a dry run that writes nothing), then import exactly the file that was checked: a background
 * job whose bar shows the rows written and the rows with errors.
 */
function ImportTool({ className, jobs }: { className?: string; jobs: Jobs }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const dryRun = useFetcher<ImportAnswer>({ key: "import-dry-run" });
  const start = useStartJob(jobs);
  const { job, watched, other } = useJobOf(jobs, "import", IMPORT_TITLES);
  const [shown, setShown] = useState<"dry-run" | "import" | null>(null);

  const checked = isReport(dryRun.data) ? dryRun.data : undefined;
  const running = isActiveJob(job);
  const busy = dryRun.state !== "idle" || start.busy || running;

  const send = (intent: "dry-run" | "import") => {
    if (!file) {
      setFileError("Choose a CSV file to import.");
      return;
    }
    const form = new FormData();
    form.set("intent", intent);
    form.set("file", file);
    if (intent === "import" && checked) form.set("fingerprint", checked.fingerprint);
    setShown(intent);
    if (intent === "dry-run") void dryRun.submit(form, { method: "post", action: "/admin/tools/import", encType: "multipart/form-data" });
    else start.submit(form, "/admin/tools/import");
  };

  const choose = (chosen: File | null) => {
    setShown(null);
    setFile(chosen);
    setFileError(chosen && chosen.size > MAX_IMPORT_BYTES ? "The file is larger than 2 MB. Split it into smaller files." : undefined);
  };

  const dryRunAnswer = shown === "dry-run" && dryRun.state === "idle" ? dryRun.data : undefined;
  const canImport = shown === "dry-run" && checked !== undefined && checked.created + checked.updated > 0 && !busy && !other;
  const importable = checked ? checked.created + checked.updated : 0;
  const imported = job?.state === "done" && watched ? (job.result as ImportReport | null) : null;

  return (
    <ToolCard
      icon={FileSpreadsheet}
      title="Import wholesalers"
      className={className}
      description={
        <>
          <p>
            A CSV file with a header row, such as the one Export CSV on the Wholesalers page downloads; {REQUIRED_IMPORT_COLUMNS.join(", ")}{" "}
            are required. The state may be a two-letter code (CA) or a name (California); the type is Wholesale, Retail or Both (Wholesale
            when empty). A row whose name and address match an existing wholesaler, ignoring case, updates it. Up to 2 MB and 5,000 rows;
            check the file with a dry run first.
          </p>
          {/* The header line wraps after a comma (<wbr>) and still copies as one line. */}
          <code className="mt-2 block rounded-lg bg-stone-100 px-3 py-2 text-xs text-ink">
            {IMPORT_COLUMNS.map((column, index) => (
              <Fragment key={column}>
                {index === 0 ? null : ","}
                <wbr />
                {column}
              </Fragment>
            ))}
          </code>
          <ImportColumnNotes />
        </>
      }
    >
      <div className="grid gap-4 sm:flex sm:flex-wrap sm:items-end">
        <div className="min-w-0 sm:flex-1">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${inputId}-error` : undefined}
            className="block w-full text-sm text-ink file:mr-3 file:h-10 file:rounded-full file:border-0 file:bg-blush file:px-4 file:font-medium file:text-rose-brand hover:file:bg-rose-100"
          />
          {fileError ? (
            <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-700">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="secondary" disabled={busy || !file || Boolean(fileError)} onClick={() => send("dry-run")}>
            {dryRun.state !== "idle" ? "Checking..." : "Check file (dry run)"}
          </Button>
          <Button type="button" disabled={!canImport} onClick={() => send("import")}>
            {start.busy || running
              ? "Importing..."
              : importable > 0 && shown === "dry-run"
                ? `Import ${numberFormat.format(importable)} ${importable === 1 ? "row" : "rows"}`
                : "Import"}
          </Button>
        </div>
      </div>
      <OtherJobNote job={other} />
      {dryRunAnswer && !isReport(dryRunAnswer) ? <Alert>{dryRunAnswer.message}</Alert> : null}
      <Alert>{start.refusal}</Alert>
      {job && running ? (
        <JobProgress job={job} unit="row" />
      ) : dryRunAnswer && isReport(dryRunAnswer) ? (
        <ReportView report={dryRunAnswer} />
      ) : job && imported ? (
        <>
          {/* The report lists the rows with errors itself. */}
          <JobProgress job={job} unit="row" listErrors={false} />
          <ReportView report={imported} />
        </>
      ) : job && watched && job.state === "failed" ? (
        <Alert>{job.message ?? undefined}</Alert>
      ) : job && !watched ? (
        <LastJob job={job} />
      ) : null}
    </ToolCard>
  );
}

export function QuickTools({ database, jobs: initialJobs }: { database: "sqlite" | "postgres"; jobs: JobsOverview }) {
  const jobs = useJobs(initialJobs);
  return (
    <div className="grid gap-6 lg:grid-cols-2 xl:grid-cols-3">
      <BackupTool database={database} />
      <ClearCacheTool />
      <OptimiseImagesTool className="lg:col-span-2 xl:col-span-1" jobs={jobs} />
      <ImportTool className="lg:col-span-2 xl:col-span-3" jobs={jobs} />
    </div>
  );
}
