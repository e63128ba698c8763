import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { openTestDatabase, TEST_DATABASES } from "../../../tests/support/test-databases";
import {
  claimJob,
  createJob,
  findStalledJobs,
  findUnclaimedJobs,
  markJobSentAgain,
  finishJob,
  GIVEN_UP_MESSAGE,
  jobsOverview,
  MAX_JOB_ATTEMPTS,
  recoverStalledJob,
  saveJobProgress,
  JobLostError,
} from "./jobs.server";

const actor = { adminId: 1, email: "admin@example.com", ip: "127.0.0.1" };

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`background jobs' records on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "jobs");
      db = opened.handle.db;
      cleanup = opened.cleanup;
    });
    afterAll(async () => cleanup());
    beforeEach(async () => {
      await db.deleteFrom("jobs").execute();
    });

    it("lets one job be active at a time, even when two are started at the same moment", async () => {
      const results = await Promise.allSettled([
        createJob(db, { kind: "import", label: "a.csv", input: "x", total: 10, actor }),
        createJob(db, { kind: "optimise-images", total: 0, actor }),
        createJob(db, { kind: "import", label: "b.csv", input: "y", total: 5, actor }),
      ]);
      const started = results.filter((result) => result.status === "fulfilled");
      expect(started).toHaveLength(1);
      for (const result of results) {
        if (result.status === "rejected")
          expect(result.reason).toMatchObject({ code: "conflict", message: expect.stringMatching(/is running/) });
      }
      const overview = await jobsOverview(db);
      expect(overview.active?.id).toBe(started[0]!.value.id);
    });

    it("frees the slot when the job ends, and keeps the report for the Tools screen", async () => {
      const job = await createJob(db, { kind: "optimise-images", total: 0, actor });
      const claimed = (await claimJob(db, job.id))!;
      expect(claimed).toMatchObject({ state: "running", attempts: 1 });
      const run = { id: job.id, attempt: claimed.attempts };
      await saveJobProgress(db, run, { done: 1, total: 2 });
      expect(await finishJob(db, run, { result: JSON.stringify({ message: "Done." }), done: 2, error_count: 0, errors: "[]" })).toBe(true);
      const overview = await jobsOverview(db);
      expect(overview.active).toBeNull();
      expect(overview.latest["optimise-images"]).toMatchObject({ state: "done", done: 2, total: 2, result: { message: "Done." } });
      await expect(createJob(db, { kind: "optimise-images", total: 0, actor })).resolves.toMatchObject({ state: "queued" });
    });

    it("takes over a job whose run stopped writing, and stops the old run at its next write", async () => {
      const job = await createJob(db, { kind: "import", label: "a.csv", input: "x", total: 10, actor });
      const first = (await claimJob(db, job.id))!;
      const firstRun = { id: job.id, attempt: first.attempts };
      expect(await findStalledJobs(db, 20_000)).toHaveLength(0);
      const stalled = await findStalledJobs(db, 20_000, Date.now() + 21_000);
      expect(stalled.map((row) => row.id)).toEqual([job.id]);
      expect(await recoverStalledJob(db, stalled[0]!)).toBe("requeued");
      // Another server saw the same stalled row: only one takes it over.
      expect(await recoverStalledJob(db, stalled[0]!)).toBe("taken");

      const second = (await claimJob(db, job.id))!;
      expect(second.attempts).toBe(2);
      await expect(saveJobProgress(db, firstRun, { done: 5 })).rejects.toBeInstanceOf(JobLostError);
      await saveJobProgress(db, { id: job.id, attempt: 2 }, { done: 5 });
    });

    it("gives a job up after it was started MAX_JOB_ATTEMPTS times", async () => {
      const job = await createJob(db, { kind: "import", label: "a.csv", input: "x", total: 10, actor });
      for (let attempt = 1; attempt <= MAX_JOB_ATTEMPTS; attempt += 1) {
        await claimJob(db, job.id);
        const [stalled] = await findStalledJobs(db, 20_000, Date.now() + 21_000);
        expect(await recoverStalledJob(db, stalled!)).toBe(attempt < MAX_JOB_ATTEMPTS ? "requeued" : "failed");
      }
      const overview = await jobsOverview(db);
      expect(overview.active).toBeNull();
      expect(overview.latest.import).toMatchObject({ state: "failed", message: GIVEN_UP_MESSAGE });
    });

    it("finds a job left queued and unclaimed for 20 s, and lets one server send it again, not twice", async () => {
      const job = await createJob(db, { kind: "import", label: "a.csv", input: "x", total: 10, actor });
      expect(await findUnclaimedJobs(db, 20_000)).toHaveLength(0);
      const later = Date.now() + 21_000;
      const [unclaimed] = await findUnclaimedJobs(db, 20_000, later);
      expect(unclaimed?.id).toBe(job.id);
      // Two servers found it at once: one sends it.
      const sent = await Promise.all([markJobSentAgain(db, unclaimed!), markJobSentAgain(db, unclaimed!)]);
      expect(sent.sort()).toEqual([false, true]);
      // Sent now: unclaimed again only 20 s after that.
      expect(await findUnclaimedJobs(db, 20_000)).toHaveLength(0);
      expect(await findUnclaimedJobs(db, 20_000, Date.now() + 21_000)).toHaveLength(1);
      // A claimed job is not unclaimed, however old.
      await claimJob(db, job.id);
      expect(await findUnclaimedJobs(db, 20_000, Date.now() + 60_000)).toHaveLength(0);
    });

    it("counts a job queued again after its server stopped answering as queued from then", async () => {
      const job = await createJob(db, { kind: "import", label: "a.csv", input: "x", total: 10, actor });
      await claimJob(db, job.id);
      const [stalled] = await findStalledJobs(db, 20_000, Date.now() + 21_000);
      expect(await recoverStalledJob(db, stalled!)).toBe("requeued");
      // Just sent again by the server that took it over: not unclaimed yet.
      expect(await findUnclaimedJobs(db, 20_000, Date.now() + 1_000)).toHaveLength(0);
      expect(await findUnclaimedJobs(db, 20_000, Date.now() + 21_000)).toHaveLength(1);
    });
  });
}
