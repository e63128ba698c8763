/** Types of the background jobs that the browser also uses (the *.server modules re-export them). */
import type { OptimiseReport } from "../images/types";
import type { ImportReport } from "../tools/types";

export const JOB_KINDS = ["import", "optimise-images"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobState = "queued" | "running" | "done" | "failed";

export const JOB_KIND_LABELS: Record<JobKind, string> = {
  import: "CSV import",
  "optimise-images": "Image optimization",
};

/** What the Tools screen shows of a job: its progress while it runs, its report once done. */
export interface JobView {
  id: number;
  kind: JobKind;
  state: JobState;
  /** What it works on (the CSV file's name), or "". */
  label: string;
  total: number;
  done: number;
  errorCount: number;
  /** The first errors, in words. */
  errors: string[];
  startedBy: string;
  createdAt: string;
  finishedAt: string | null;
  /** Why a failed job stopped. */
  message: string | null;
  result: ImportReport | OptimiseReport | null;
}

/** The latest job of each kind, and the one queued or running if any. */
export interface JobsOverview {
  latest: Partial<Record<JobKind, JobView>>;
  active: JobView | null;
}

export const isActiveJob = (job: JobView | null | undefined): boolean => job?.state === "queued" || job?.state === "running";

/** The share done, 0 to 100; a finished job is at 100 whatever its count. */
export function jobPercent(job: JobView): number {
  if (job.state === "done") return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.done / job.total) * 100));
}
