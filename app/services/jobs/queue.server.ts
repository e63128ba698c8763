import type { Kysely } from "kysely";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { withStartupLock } from "~/db/startup-lock.server";
import {
  claimJob,
  abandonJob,
  createJob,
  findStalledJobs,
  findUnclaimedJobs,
  markJobSentAgain,
  MAX_JOB_ATTEMPTS,
  nextQueuedJob,
  recoverStalledJob,
  releaseJob,
  requeueInterruptedJobs,
  setQueueId,
  toJobView,
  type JobRow,
  type JobRun,
  type NewJob,
} from "./jobs.server";
import { inProcessChannel, WORK_QUEUES, type WorkChannel, type WorkQueue } from "./channel.server";
import { executeJob, type JobContext } from "./run.server";
import type { JobView } from "./types";

/** pg-boss's queue of the admin's tools: one queue, so that its singleton policy lets one job be active at a time. */
export const JOB_QUEUE = "admin-tools";
/** pg-boss's own tables live in this schema of the site's PostgreSQL database. */
export const JOB_QUEUE_SCHEMA = "pgboss";
/** A running job whose run has not written for this long is taken over: its server died. */
export const JOB_STALL_MS = 20_000;
/** How often each server looks for stalled jobs. */
const STALL_CHECK_MS = 5_000;

export interface JobQueue {
  kind: "in-process" | "pg-boss";
  /** Hands a queued job to whichever server will run it. */
  dispatch(job: JobRow): Promise<void>;
  /** Work any server may do when asked (the mail that is due): pg-boss carries the requests, or this process runs them. */
  channel(queue: WorkQueue, run: () => Promise<void>, onError: (error: unknown) => void): Promise<WorkChannel>;
  close(): Promise<void>;
}

// Kept on globalThis so that the request handlers reach the queue the server started (and dev reloads keep one).
const store = globalThis as typeof globalThis & { __wffJobQueue?: JobQueue };

/**
 * Queues a job for the background: recorded first (one active at a time), then handed to the queue. A job the
 * queue refuses is failed at once, so that it does not hold the slot.
 */
export async function startJob(db: Kysely<Database>, job: NewJob): Promise<JobView> {
  const queue = store.__wffJobQueue;
  if (!queue) throw new Error("The job queue has not been started");
  const row = await createJob(db, job);
  try {
    await queue.dispatch(row);
  } catch (error) {
    await abandonJob(db, row.id, "The job could not be queued. Try again.");
    throw error;
  }
  return toJobView(row);
}

interface QueueOptions {
  dataDir: string;
  /** JOB_STEP_PAUSE_MS: the pause after each batch or image of a job. */
  stepPauseMs?: number;
  logger: Logger;
  databaseUrl?: string | undefined;
}

/** Starts the queue that runs the admin's long tools: pg-boss on PostgreSQL, this process on SQLite. */
export async function startJobQueue(handle: DatabaseHandle, options: QueueOptions): Promise<JobQueue> {
  await store.__wffJobQueue?.close();
  const queue =
    handle.dialect === "postgres" && options.databaseUrl
      ? await startPgBossQueue(handle, options.databaseUrl, options)
      : await startInProcessQueue(handle.db, options);
  store.__wffJobQueue = queue;
  options.logger.info({ queue: queue.kind }, `background jobs run ${queue.kind === "pg-boss" ? "through pg-boss" : "in this process"}`);
  return queue;
}

/** Tracks the one run this server has going, so that a stopping server hands it back. */
function runTracker(db: Kysely<Database>, options: QueueOptions) {
  let stopping = false;
  let current: { run: JobRun; done: Promise<void> } | undefined;
  const context: JobContext = {
    dataDir: options.dataDir,
    logger: options.logger,
    stepPauseMs: options.stepPauseMs ?? 0,
    stopping: () => stopping,
  };
  return {
    get stopping() {
      return stopping;
    },
    async run(job: JobRow) {
      options.logger.info({ job: job.id, kind: job.kind, attempt: job.attempts }, "job started");
      const done = executeJob(db, job, context);
      current = { run: { id: job.id, attempt: job.attempts }, done };
      try {
        await done;
      } finally {
        current = undefined;
      }
    },
    /** Stops taking jobs and hands the running one back to the queue; answers whether there was one. */
    async stop(): Promise<boolean> {
      stopping = true;
      const running = current;
      if (!running) return false;
      const released = await releaseJob(db, running.run).catch(() => false);
      if (released) options.logger.info({ job: running.run.id }, "job handed back to the queue: this server is stopping");
      return released;
    },
  };
}

async function startInProcessQueue(db: Kysely<Database>, options: QueueOptions): Promise<JobQueue> {
  const tracker = runTracker(db, options);
  let draining: Promise<void> | undefined;
  let again = false;

  const drain = async () => {
    for (;;) {
      if (tracker.stopping) return;
      const next = await nextQueuedJob(db);
      if (!next) return;
      const claimed = await claimJob(db, next.id);
      if (claimed) await tracker.run(claimed);
    }
  };
  const kick = () => {
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => options.logger.error({ err: error }, "the job queue stopped on an error"))
      .finally(() => {
        draining = undefined;
        if (again && !tracker.stopping) {
          again = false;
          kick();
        }
      });
  };

  // One server per SQLite file: a job marked running was interrupted by this server's last stop. It resumes.
  const interrupted = await requeueInterruptedJobs(db);
  if (interrupted > 0) options.logger.info({ jobs: interrupted }, "interrupted jobs queued again");
  kick();

  return {
    kind: "in-process",
    async dispatch() {
      kick();
    },
    channel: async (_queue, run, onError) => inProcessChannel(run, onError),
    async close() {
      await tracker.stop();
      await draining;
    },
  };
}

async function startPgBossQueue(handle: DatabaseHandle, databaseUrl: string, options: QueueOptions): Promise<JobQueue> {
  const db = handle.db;
  const tracker = runTracker(db, options);
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: JOB_QUEUE_SCHEMA,
    max: 3,
    application_name: "wholesale-flower-finder-jobs",
    // Scheduling (cron) is not used; maintenance archives and expires pg-boss's own rows.
    schedule: false,
  });
  // While PostgreSQL does not answer, pg-boss's polling fails every second: said once, and once when it is back.
  let degraded = false;
  const trouble = (error: unknown) => {
    if (degraded) return;
    degraded = true;
    options.logger.warn({ err: error }, "background jobs degraded: PostgreSQL does not answer the job queue");
  };
  const healthy = () => {
    if (!degraded) return;
    degraded = false;
    options.logger.info("background jobs running again");
  };
  boss.on("error", trouble);
  // pg-boss's schema and the queue (a partition of its job table, attached by DDL) are created under the site's
  // start-up lock: servers starting at once take turns, so the first creates them before any other polls the
  // job table (DDL racing another server's polling can deadlock, which would stop that server's start).
  await withStartupLock(handle, async () => {
    await boss.start();
    await boss.createQueue(JOB_QUEUE, {
      name: JOB_QUEUE,
      // One job active at a time in the queue, whichever server fetched it.
      policy: "singleton",
      // A retry follows a server that died running the job (the stall check fails it in pg-boss); an error in
      // the job itself ends it as failed in the jobs table and completes pg-boss's job, so it is not retried.
      retryLimit: MAX_JOB_ATTEMPTS,
      retryDelay: 0,
      // A backstop: the stall check takes a dead server's job over long before this.
      expireInSeconds: 6 * 60 * 60,
    });
    for (const queue of WORK_QUEUES) {
      await boss.createQueue(queue, {
        name: queue,
        // At most one request waiting (per time it falls due): a burst of requests is one run. Runs are not limited:
        // servers fetching requests at once share the work (the mail sender's claims skip each other's rows).
        policy: "short",
        // A run that fails is asked for again by its sender's next check, not retried here.
        retryLimit: 0,
        // A run ends itself within a minute or two; this frees pg-boss's record of one whose server died.
        expireInSeconds: 15 * 60,
      });
    }
  });

  await boss.work<{ jobId: number }>(JOB_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
    if (!job || tracker.stopping) return;
    const claimed = await claimJob(db, job.data.jobId);
    // Not queued: already done, failed, or run by another server after a duplicate delivery.
    if (!claimed) return;
    await tracker.run(claimed);
    // Handed back to the queue: failing pg-boss's job (rather than completing it) lets another server fetch it again.
    if (tracker.stopping) throw new Error("the server stopped while running the job");
  });

  const dispatch = async (row: JobRow) => {
    const id = await boss.send(JOB_QUEUE, { jobId: row.id });
    if (!id) throw new Error("pg-boss did not queue the job");
    await setQueueId(db, row.id, id);
  };

  const checkStalled = async () => {
    const stalledJobs = await findStalledJobs(db, JOB_STALL_MS);
    healthy();
    for (const stalled of stalledJobs) {
      const outcome = await recoverStalledJob(db, stalled);
      if (outcome === "taken") continue;
      options.logger.warn({ job: stalled.id, attempts: stalled.attempts, outcome }, "took over a job whose server stopped answering");
      // pg-boss still counts the job as active on the dead server: failing it frees the queue's one active place.
      if (stalled.queue_id) await boss.fail(JOB_QUEUE, stalled.queue_id, { message: "its server stopped answering" });
      // A new delivery, rather than pg-boss's retry alone, also reaches a job whose pg-boss job is gone (a database
      // restored from a backup taken while it ran). A second delivery of one job finds nothing to claim.
      if (outcome === "requeued") await dispatch(stalled);
    }
    for (const unclaimed of await findUnclaimedJobs(db, JOB_STALL_MS)) {
      if (!(await markJobSentAgain(db, unclaimed))) continue;
      options.logger.warn({ job: unclaimed.id }, "sent a queued job again: no server had claimed it");
      await dispatch(unclaimed);
    }
  };
  let checking: Promise<void> | undefined;
  const stallTimer = setInterval(() => {
    checking ??= checkStalled()
      .catch(trouble)
      .finally(() => (checking = undefined));
  }, STALL_CHECK_MS);
  stallTimer.unref();

  const channel = async (queue: WorkQueue, run: () => Promise<void>, onError: (error: unknown) => void): Promise<WorkChannel> => {
    let running: Promise<void> | undefined;
    const workerId = await boss.work(queue, { pollingIntervalSeconds: 1, batchSize: 1 }, async () => {
      running = run().catch(onError);
      await running;
      running = undefined;
    });
    return {
      request(at) {
        const later = at !== undefined && at.getTime() > Date.now();
        // A request for later is kept by its time, so that it does not take the place of one for now.
        const options = later ? { startAfter: at, singletonKey: `at-${at.toISOString()}` } : {};
        boss.send(queue, {}, options).then(() => {
          // This server's worker looks at once instead of at its next poll (it may take the request, or another may).
          if (!later) boss.notifyWorker(workerId);
        }, onError);
      },
      async close() {
        await boss.offWork(queue);
        while (running) await running;
      },
    };
  };

  return {
    kind: "pg-boss",
    dispatch,
    channel,
    async close() {
      clearInterval(stallTimer);
      await checking;
      await tracker.stop();
      // Not graceful: pg-boss fails the job it had handed this server, which makes it a retry another server fetches.
      await boss.stop({ graceful: false, close: true, timeout: 1000 });
    },
  };
}
