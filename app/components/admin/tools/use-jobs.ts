import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/use-toast";
import { isActiveJob, type JobKind, type JobsOverview, type JobView } from "~/services/jobs/types";

/** How often the Tools screen reads a running job's progress. */
const POLL_MS = 1000;

export interface Jobs {
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
export function useJobs(initial: JobsOverview): Jobs {
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

/**
 * The latest job of `kind`, whether it is this page's to report in full (and then its report, once it is done), and
 * another kind's job that is running.
 */
export function useJobOf<Report extends NonNullable<JobView["result"]>>(
  jobs: Jobs,
  kind: JobKind,
  titles: { done: string; failed: string },
) {
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
  const report = job?.state === "done" && watched ? (job.result as Report | null) : null;
  return { job, watched, other, report };
}

/** Starts a job with a POST to `action`: 202 with the job (tracked from then on) or a refusal's message. */
export function useStartJob(jobs: Jobs) {
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
