import type { Kysely, Selectable } from "kysely";
import type { Database, JobsTable } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import type { Actor } from "../admin/list";
import { AppError } from "../errors";
import { JOB_KIND_LABELS, JOB_KINDS, type JobKind, type JobsOverview, type JobState, type JobView } from "./types";

export type { JobKind, JobsOverview, JobState, JobView };

export type JobRow = Selectable<JobsTable>;

/** How many errors a job keeps, in words, for its report (its count is always complete). */
export const LISTED_JOB_ERRORS = 50;
/** How many times a job is started before it is given up: each start after the first follows a server that died running it. */
export const MAX_JOB_ATTEMPTS = 3;

/** Another job is queued or running: one at a time, whichever server runs it. */
export function anotherJobRunning(active: Pick<JobView, "kind" | "startedBy" | "done" | "total"> | undefined): AppError {
  const what = active
    ? `${JOB_KIND_LABELS[active.kind]}, started by ${active.startedBy}, is running (${active.done.toLocaleString("en-US")} of ${active.total.toLocaleString("en-US")} done)`
    : "Another job is running";
  return new AppError("conflict", `${what}. Only one long tool runs at a time: start this one when it has finished.`);
}

const isJobKind = (kind: string): kind is JobKind => (JOB_KINDS as readonly string[]).includes(kind);

function parseList(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

export function toJobView(row: JobRow): JobView {
  return {
    id: row.id,
    kind: isJobKind(row.kind) ? row.kind : "import",
    state: row.state as JobState,
    label: row.label,
    total: row.total,
    done: row.done,
    errorCount: row.error_count,
    errors: parseList(row.errors),
    startedBy: row.started_by,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    message: row.message,
    result: row.result ? (JSON.parse(row.result) as JobView["result"]) : null,
  };
}

export async function findActiveJob(db: Kysely<Database>): Promise<JobRow | undefined> {
  return db.selectFrom("jobs").selectAll().where("active", "=", 1).executeTakeFirst();
}

export interface NewJob {
  kind: JobKind;
  label?: string;
  /** What the job reads (the CSV file's text). */
  input?: string;
  total: number;
  actor: Actor;
}

/**
 * Records a job as queued, unless one is already queued or running (the unique `active` slot decides, on any
 * number of servers at once): then a conflict naming it.
 */
export async function createJob(db: Kysely<Database>, job: NewJob): Promise<JobRow> {
  const active = await findActiveJob(db);
  if (active) throw anotherJobRunning(toJobView(active));
  try {
    return await db
      .insertInto("jobs")
      .values({
        kind: job.kind,
        state: "queued",
        active: 1,
        label: job.label ?? "",
        total: job.total,
        input: job.input ?? null,
        admin_id: job.actor.adminId,
        started_by: job.actor.email,
        ip: job.actor.ip,
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Another admin's job took the slot between the check and the insert.
    const winner = await findActiveJob(db);
    if (winner) throw anotherJobRunning(toJobView(winner));
    throw error;
  }
}

export async function setQueueId(db: Kysely<Database>, id: number, queueId: string): Promise<void> {
  await db.updateTable("jobs").set({ queue_id: queueId }).where("id", "=", id).execute();
}

export async function getJob(db: Kysely<Database>, id: number): Promise<JobRow | undefined> {
  return db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** What the Tools screen shows: the latest job of each kind and the active one. */
export async function jobsOverview(db: Kysely<Database>): Promise<JobsOverview> {
  const latest: JobsOverview["latest"] = {};
  for (const kind of JOB_KINDS) {
    const row = await db.selectFrom("jobs").selectAll().where("kind", "=", kind).orderBy("id", "desc").limit(1).executeTakeFirst();
    if (row) latest[kind] = toJobView(row);
  }
  const active = await findActiveJob(db);
  return { latest, active: active ? toJobView(active) : null };
}

/** The oldest queued job (the in-process queue's next). */
export async function nextQueuedJob(db: Kysely<Database>): Promise<JobRow | undefined> {
  return db.selectFrom("jobs").selectAll().where("state", "=", "queued").orderBy("id").limit(1).executeTakeFirst();
}

/** One run of a job: its id and the attempt that owns it. A write of an older attempt changes nothing. */
export interface JobRun {
  id: number;
  attempt: number;
}

/** The job was taken over (its server was thought dead) or the server is stopping: this run must stop. */
export class JobLostError extends Error {
  override name = "JobLostError";
}

/** Starts a queued job: the run that claims it owns it until it ends or another server takes it over. */
export async function claimJob(db: Kysely<Database>, id: number): Promise<JobRow | undefined> {
  const now = nowIso();
  const claimed = await db
    .updateTable("jobs")
    .set((eb) => ({ state: "running", attempts: eb("attempts", "+", 1), heartbeat_at: now }))
    .where("id", "=", id)
    .where("state", "=", "queued")
    .returningAll()
    .executeTakeFirst();
  if (claimed && !claimed.started_at) {
    await db.updateTable("jobs").set({ started_at: now }).where("id", "=", id).execute();
  }
  return claimed;
}

type JobUpdate = Partial<Pick<JobRow, "total" | "done" | "error_count" | "errors" | "checkpoint">>;

/** Writes a run's progress (and its heartbeat); throws JobLostError when the run no longer owns the job. */
export async function saveJobProgress(db: Kysely<Database>, run: JobRun, update: JobUpdate): Promise<void> {
  const result = await db
    .updateTable("jobs")
    .set({ ...update, heartbeat_at: nowIso() })
    .where("id", "=", run.id)
    .where("attempts", "=", run.attempt)
    .where("state", "=", "running")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new JobLostError(`job ${run.id} is no longer run by attempt ${run.attempt}`);
}

export const heartbeatJob = (db: Kysely<Database>, run: JobRun) => saveJobProgress(db, run, {});

async function endJob(db: Kysely<Database>, run: JobRun, state: "done" | "failed", values: Partial<JobRow>): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ ...values, state, active: null, input: null, checkpoint: null, finished_at: nowIso(), heartbeat_at: nowIso() })
    .where("id", "=", run.id)
    .where("attempts", "=", run.attempt)
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const finishJob = (db: Kysely<Database>, run: JobRun, values: Pick<JobRow, "result" | "done" | "error_count" | "errors">) =>
  endJob(db, run, "done", values);

export const failJob = (db: Kysely<Database>, run: JobRun, message: string) => endJob(db, run, "failed", { message });

/** Fails a job that never started (the queue refused it), so that it does not hold the slot. */
export async function abandonJob(db: Kysely<Database>, id: number, message: string): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ state: "failed", active: null, input: null, message, finished_at: nowIso() })
    .where("id", "=", id)
    .where("state", "=", "queued")
    .execute();
}

/** Hands a running job back to the queue (its server is stopping), for another run to resume. */
export async function releaseJob(db: Kysely<Database>, run: JobRun): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ state: "queued" })
    .where("id", "=", run.id)
    .where("attempts", "=", run.attempt)
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Jobs marked running whose run has not written for `staleMs`: their server died. */
export async function findStalledJobs(db: Kysely<Database>, staleMs: number, now = Date.now()): Promise<JobRow[]> {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("state", "=", "running")
    .where("heartbeat_at", "<", new Date(now - staleMs).toISOString())
    .execute();
}

export const GIVEN_UP_MESSAGE = `The server running this job stopped ${MAX_JOB_ATTEMPTS} times before it finished. Start it again.`;

/**
 * Takes over a stalled job: queued again for another run to resume, or failed after MAX_JOB_ATTEMPTS starts.
 * Only the server whose update matches the stalled row (same attempt, same heartbeat) acts on it.
 */
export async function recoverStalledJob(db: Kysely<Database>, stalled: JobRow): Promise<"requeued" | "failed" | "taken"> {
  const giveUp = stalled.attempts >= MAX_JOB_ATTEMPTS;
  const now = nowIso();
  const result = await db
    .updateTable("jobs")
    .set(
      giveUp
        ? { state: "failed", active: null, input: null, message: GIVEN_UP_MESSAGE, finished_at: now }
        : // While queued, heartbeat_at is when it was queued again (see findUnclaimedJobs).
          { state: "queued", heartbeat_at: now },
    )
    .where("id", "=", stalled.id)
    .where("attempts", "=", stalled.attempts)
    .where("state", "=", "running")
    .where("heartbeat_at", "=", stalled.heartbeat_at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return "taken";
  return giveUp ? "failed" : "requeued";
}

/**
 * Jobs queued for `staleMs` that no server has claimed (since they were created, queued again or sent again):
 * their delivery is lost, as when the database was restored from a backup taken while a job waited. With a
 * server alive, a queued job is claimed within a second or two.
 */
export async function findUnclaimedJobs(db: Kysely<Database>, staleMs: number, now = Date.now()): Promise<JobRow[]> {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("state", "=", "queued")
    .where((eb) => eb(eb.fn.coalesce("heartbeat_at", "created_at"), "<", new Date(now - staleMs).toISOString()))
    .execute();
}

/**
 * Marks an unclaimed job as sent again now; answers whether this server did it (and so sends it), when several
 * servers found it at once.
 */
export async function markJobSentAgain(db: Kysely<Database>, unclaimed: JobRow): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ heartbeat_at: nowIso() })
    .where("id", "=", unclaimed.id)
    .where("state", "=", "queued")
    .where((eb) => (unclaimed.heartbeat_at === null ? eb("heartbeat_at", "is", null) : eb("heartbeat_at", "=", unclaimed.heartbeat_at)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** On SQLite's single server: jobs left running by a process that stopped are queued again at start. */
export async function requeueInterruptedJobs(db: Kysely<Database>): Promise<number> {
  const result = await db.updateTable("jobs").set({ state: "queued" }).where("state", "=", "running").executeTakeFirst();
  return Number(result.numUpdatedRows);
}
