import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/db/schema";
import type { Actor } from "../admin/list";
import { AppError } from "../errors";
import { optimiseStoredImages } from "../images/optimise.server";
import { imageStorage } from "../images/storage.server";
import { getEnv } from "~/utils/env.server";
import { invalidateEverywhere } from "../tools/cache.server";
import { importRows, type ImportCheckpoint } from "../tools/import.server";
import type { ImportRejection } from "../tools/types";
import {
  failJob,
  finishJob,
  heartbeatJob,
  JobLostError,
  LISTED_JOB_ERRORS,
  saveJobProgress,
  type JobRow,
  type JobRun,
} from "./jobs.server";

/** How often a running job says it is alive, besides its progress writes (a slow step writes none). */
export const JOB_HEARTBEAT_MS = 3_000;

export interface JobContext {
  dataDir: string;
  logger?: Logger | undefined;
  /**
   * A pause after each step (an import's batch of rows, an image), leaving the database to visitors on a busy
   * site: JOB_STEP_PAUSE_MS, 0 by default.
   */
  stepPauseMs?: number;
  /** Set when the server is stopping: the run stops at its next write. */
  stopping?: () => boolean;
}

const rejectionText = (rejection: ImportRejection) =>
  `Row ${rejection.row}${rejection.name ? ` (${rejection.name})` : ""}: ${rejection.messages.join(" ")}`;

const actorOf = (job: JobRow): Actor => ({ adminId: job.admin_id ?? 0, email: job.started_by, ip: job.ip ?? "" });

function parseCheckpoint(text: string | null): ImportCheckpoint | undefined {
  return text ? (JSON.parse(text) as ImportCheckpoint) : undefined;
}

/**
 * Runs a claimed job to its end: its progress and checkpoints written as it goes, then done with its report or
 * failed with the reason. A run that loses the job (taken over, or the server stopping) returns without
 * ending it; another run resumes it from its checkpoint.
 */
export async function executeJob(db: Kysely<Database>, job: JobRow, context: JobContext): Promise<void> {
  const run: JobRun = { id: job.id, attempt: job.attempts };
  const owned = () => {
    if (context.stopping?.()) throw new JobLostError("the server is stopping");
  };
  const pause = context.stepPauseMs ? () => new Promise<void>((resolve) => setTimeout(resolve, context.stepPauseMs)) : undefined;
  const heartbeat = setInterval(() => {
    heartbeatJob(db, run).catch(() => undefined);
  }, JOB_HEARTBEAT_MS);
  try {
    if (job.kind === "import") {
      const report = await importRows(db, job.input ?? "", job.label, actorOf(job), {
        from: parseCheckpoint(job.checkpoint),
        afterBatch: pause,
        notify: { siteUrl: getEnv().SITE_URL },
        commit: async (trx, checkpoint, rowCount) => {
          owned();
          await saveJobProgress(trx, run, {
            checkpoint: JSON.stringify(checkpoint),
            total: rowCount,
            done: checkpoint.handled,
            error_count: checkpoint.rejected,
            errors: JSON.stringify(checkpoint.rejections.slice(0, LISTED_JOB_ERRORS).map(rejectionText)),
          });
        },
      });
      await finishJob(db, run, {
        result: JSON.stringify(report),
        done: report.rows,
        error_count: report.rejected,
        errors: JSON.stringify(report.rejections.slice(0, LISTED_JOB_ERRORS).map(rejectionText)),
      });
    } else if (job.kind === "optimise-images") {
      // Safe to run again from the start: an image already optimised is left as it is.
      const report = await optimiseStoredImages(db, imageStorage(getEnv()), actorOf(job), Date.now, async (done, total) => {
        owned();
        await saveJobProgress(db, run, { done, total });
        await pause?.();
      });
      const errors = report.missing.map((record) => `${record.label}: the image's files are gone; upload a new one.`);
      await finishJob(db, run, {
        result: JSON.stringify(report),
        done: report.checked + report.bundled,
        error_count: errors.length,
        errors: JSON.stringify(errors.slice(0, LISTED_JOB_ERRORS)),
      });
    } else {
      await failJob(db, run, `Unknown kind of job "${job.kind}".`);
    }
    // What the job wrote shows on every server at once (pages and settings caches emptied everywhere).
    await invalidateEverywhere(`${job.kind} job ended`);
  } catch (error) {
    if (error instanceof JobLostError) {
      context.logger?.info({ job: job.id, reason: error.message }, "job left to another run");
      return;
    }
    if (error instanceof AppError) {
      await failJob(db, run, error.message);
    } else {
      context.logger?.error({ err: error, job: job.id }, "job failed");
      await failJob(db, run, "The job stopped on an error on our side. Try again; the server's log has the details.");
    }
    // Rows an import wrote before it failed are in the database: the caches must not hide them.
    await invalidateEverywhere(`${job.kind} job stopped`);
  } finally {
    clearInterval(heartbeat);
  }
}
