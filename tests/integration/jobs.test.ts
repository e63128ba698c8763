import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, signIn } from "../support/admin-session";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, untilLogged, type RunningServer } from "../support/server";
import { JOB_QUEUE, JOB_QUEUE_SCHEMA } from "~/services/jobs/queue.server";
import type { JobsOverview, JobView } from "~/services/jobs/types";

/**
 * The admin's long tools as background jobs (#15), through the production build: an import runs to done with
 * the right counts, only one job runs at a time, and on PostgreSQL a server killed while it runs the job
 * leaves it to another server, which resumes it without writing a row twice.
 */

const HEADER = "name,address,city,state,zipcode,type";
/** Oregon and California zipcodes of the seeded data, so that every good row resolves. */
const PLACES = [
  ["Portland", "OR", "97201"],
  ["Portland", "OR", "97205"],
  ["Eugene", "OR", "97401"],
  ["Los Angeles", "CA", "90012"],
  ["San Francisco", "CA", "94103"],
] as const;

/** `rows` listings named after `mark`, every `badEvery`th with a zipcode outside its state (rejected). */
function generatedCsv(mark: string, rows: number, badEvery: number) {
  const lines = [HEADER];
  for (let i = 1; i <= rows; i += 1) {
    const [city, state, zip] = PLACES[i % PLACES.length]!;
    const bad = i % badEvery === 0;
    lines.push(`${mark} Growers ${i},${i} Market St,${city},${state},${bad ? (state === "OR" ? "90012" : "97201") : zip},Wholesale`);
  }
  return { text: `${lines.join("\r\n")}\r\n`, bad: Math.floor(rows / badEvery) };
}

const ENV = {
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  SESSION_SECRET: "jobs-test-session-secret-0123456789abcdef",
};

async function post(server: RunningServer, cookie: string, path: string, form?: FormData) {
  const response = await fetch(server.url + path, { method: "POST", headers: { cookie }, body: form ?? new FormData() });
  return { status: response.status, body: (await response.json()) as { job?: JobView; message?: string; fingerprint?: string } };
}

async function importForm(server: RunningServer, cookie: string, text: string) {
  const form = (intent: string, fingerprint = "") => {
    const body = new FormData();
    body.append("intent", intent);
    body.append("fingerprint", fingerprint);
    body.append("file", new Blob([text], { type: "text/csv" }), "generated.csv");
    return body;
  };
  const dryRun = await post(server, cookie, "/admin/tools/import", form("dry-run"));
  expect(dryRun.status).toBe(200);
  return form("import", dryRun.body.fingerprint);
}

async function overview(server: RunningServer, cookie: string): Promise<JobsOverview> {
  const response = await fetch(`${server.url}/admin/tools/jobs`, { headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return (await response.json()) as JobsOverview;
}

/** The refusal of a start while a CSV import of `total` rows, started by the test admin, is queued or running. */
const refusedForImport = (total: string) =>
  new RegExp(
    `^CSV import, started by admin@example\\.com, is running \\([\\d,]+ of ${total} done\\)\\. Only one long tool runs at a time: start this one when it has finished\\.$`,
  );

/** Reads the job's progress until it ends (as the Tools screen does); answers it and the progress seen. */
async function untilEnded(server: RunningServer, cookie: string, id: number, timeoutMs = 90_000) {
  const seen: { done: number; total: number; state: string }[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { latest } = await overview(server, cookie);
    const job = Object.values(latest).find((candidate) => candidate.id === id);
    if (job) {
      seen.push({ done: job.done, total: job.total, state: job.state });
      if (job.state === "done" || job.state === "failed") return { job, seen };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not end in ${timeoutMs} ms: ${JSON.stringify(seen.at(-1))}`);
}

for (const database of ["sqlite", "postgres"] as const) {
  describe.runIf(database === "sqlite" || runPostgres)(`background jobs on ${database}`, () => {
    let server: RunningServer;
    let cookie: string;
    let created: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

    beforeAll(async () => {
      created = database === "postgres" ? await createTestDatabase() : undefined;
      server = await startServer({ ...ENV, ...(created ? { DATABASE_URL: created.url } : {}) });
      cookie = await signIn(server);
    });
    afterAll(async () => {
      await server?.stop();
      await created?.drop();
    });

    it("an import runs in the background to done, counting its rows and its errors as it goes", async () => {
      const { text, bad } = generatedCsv("Background", 1200, 40);
      const started = await post(server, cookie, "/admin/tools/import", await importForm(server, cookie, text));
      expect(started.status).toBe(202);
      expect(started.body.job).toMatchObject({ kind: "import", state: "queued", total: 1200, done: 0, label: "generated.csv" });

      const { job, seen } = await untilEnded(server, cookie, started.body.job!.id);
      expect(job).toMatchObject({ state: "done", total: 1200, done: 1200, errorCount: bad, startedBy: TEST_ADMIN.email });
      expect(job.result).toMatchObject({
        mode: "import",
        rows: 1200,
        created: 1200 - bad,
        updated: 0,
        rejected: bad,
        message: `Imported 1,200 rows: ${(1200 - bad).toLocaleString("en-US")} created, 0 updated, 0 unchanged, ${bad} skipped for errors.`,
      });
      expect(job.errors[0]).toMatch(/^Row 41 \(Background Growers 40\): Zipcode 90012 is in Los Angeles, CA, not in Oregon\.$/);
      // The bar only moves forward.
      const counts = seen.map((progress) => progress.done);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));

      // Each good row is a listing, once.
      const exported = await fetch(`${server.url}/admin/wholesalers.csv`, { headers: { cookie } });
      const names = (await exported.text()).match(/^Background Growers \d+,/gm) ?? [];
      expect(names).toHaveLength(1200 - bad);
      expect(new Set(names).size).toBe(1200 - bad);
    }, 120_000);

    it("only one job runs at a time: a second is refused with the running one's name, and starts once it has finished", async () => {
      const { text } = generatedCsv("Single", 3000, 1000);
      const importing = await post(server, cookie, "/admin/tools/import", await importForm(server, cookie, text));
      expect(importing.status).toBe(202);
      const refused = await post(server, cookie, "/admin/tools/optimise-images");
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(refusedForImport("3,000"));
      // The refused one left no job behind.
      expect((await overview(server, cookie)).latest["optimise-images"]).toBeUndefined();

      expect((await untilEnded(server, cookie, importing.body.job!.id)).job.state).toBe("done");
      const optimise = await post(server, cookie, "/admin/tools/optimise-images");
      expect(optimise.status).toBe(202);
      const { job } = await untilEnded(server, cookie, optimise.body.job!.id);
      expect(job).toMatchObject({ kind: "optimise-images", state: "done", errorCount: 0 });
      expect(job.result?.message).toMatch(/^No uploaded images to optimize/);
      expect((await overview(server, cookie)).active).toBeNull();
    }, 120_000);

    it("the jobs' progress is for signed-in admins only", async () => {
      const response = await fetch(`${server.url}/admin/tools/jobs`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Please sign in to continue." });
    });
  });
}

/** The pause after each batch of 100 rows on the two servers below, so that a 2,000-row import runs for 2 s at least. */
const SLOW_STEP_MS = 100;

describe.runIf(runPostgres)("two PostgreSQL servers: one job at a time across them", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: RunningServer;
  let b: RunningServer;
  let cookieA: string;
  let cookieB: string;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ...ENV, DATABASE_URL: database.url, JOB_STEP_PAUSE_MS: String(SLOW_STEP_MS) };
    // The first migrates and seeds; the second finds it done.
    a = await startServer(env);
    b = await startServer(env);
    [cookieA, cookieB] = [await signIn(a), await signIn(b)];
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const listingsNamed = async (mark: string) =>
    (await client.query<{ n: number }>("select count(*)::int as n from wholesalers where name like $1", [`${mark} Growers %`])).rows[0]!.n;

  it("an import started on A makes B refuse any other start, naming it, until it has finished", async () => {
    const { text, bad } = generatedCsv("AcrossA", 2000, 100);
    const importing = await post(a, cookieA, "/admin/tools/import", await importForm(a, cookieA, text));
    expect(importing.status).toBe(202);
    const id = importing.body.job!.id;

    const optimise = await post(b, cookieB, "/admin/tools/optimise-images");
    expect(optimise.status).toBe(409);
    expect(optimise.body.message).toMatch(refusedForImport("2,000"));
    const otherImport = await post(b, cookieB, "/admin/tools/import", await importForm(b, cookieB, generatedCsv("AcrossB", 10, 100).text));
    expect(otherImport.status).toBe(409);
    expect(otherImport.body.message).toMatch(refusedForImport("2,000"));
    // B's Tools screen shows A's job as the one running, and the refused starts left no job behind.
    const seenOnB = await overview(b, cookieB);
    expect(seenOnB.active).toMatchObject({ id, kind: "import", label: "generated.csv" });
    expect(seenOnB.latest["optimise-images"]).toBeUndefined();
    expect((await client.query<{ id: number }>("select id from jobs")).rows).toEqual([{ id }]);

    const { job } = await untilEnded(b, cookieB, id);
    expect(job).toMatchObject({ state: "done", total: 2000, done: 2000, errorCount: bad });
    expect(await listingsNamed("AcrossA")).toBe(2000 - bad);
    expect(await listingsNamed("AcrossB")).toBe(0);
    // Once it has finished, B starts one.
    const after = await post(b, cookieB, "/admin/tools/optimise-images");
    expect(after.status).toBe(202);
    expect((await untilEnded(b, cookieB, after.body.job!.id)).job).toMatchObject({ kind: "optimise-images", state: "done" });
  }, 120_000);

  it("two imports sent to A and B at the same moment: exactly one is accepted, the other refused naming it, and only its rows are written", async () => {
    const [before] = (await client.query<{ last: number }>("select coalesce(max(id), 0)::int as last from jobs")).rows;
    const csvA = { mark: "TwinA", ...generatedCsv("TwinA", 2000, 100) };
    const csvB = { mark: "TwinB", ...generatedCsv("TwinB", 2000, 100) };
    const [formA, formB] = [await importForm(a, cookieA, csvA.text), await importForm(b, cookieB, csvB.text)];
    const answers = await Promise.all([post(a, cookieA, "/admin/tools/import", formA), post(b, cookieB, "/admin/tools/import", formB)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const accepted = answers.find((answer) => answer.status === 202)!;
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.message).toMatch(refusedForImport("2,000"));
    const { rows: created } = await client.query<{ id: number }>("select id from jobs where id > $1", [before!.last]);
    expect(created).toEqual([{ id: accepted.body.job!.id }]);

    const [winner, loser] = accepted === answers[0] ? [csvA, csvB] : [csvB, csvA];
    const { job } = await untilEnded(a, cookieA, accepted.body.job!.id);
    expect(job).toMatchObject({ state: "done", done: 2000, errorCount: winner.bad });
    expect(await listingsNamed(winner.mark)).toBe(2000 - winner.bad);
    expect(await listingsNamed(loser.mark)).toBe(0);
  }, 120_000);
});

describe.runIf(runPostgres)("a PostgreSQL server killed while it runs a job", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: RunningServer[] = [];
  let client: pg.Client;
  /** The server left running by the first test. */
  let survivor: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The first migrates and seeds; the second finds it done.
    servers.push(await startServer({ ...ENV, DATABASE_URL: database.url }));
    servers.push(await startServer({ ...ENV, DATABASE_URL: database.url }));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it("leaves the job to the other server, which resumes it from its last batch: every row once, the counts right", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const cookie = await signIn(a);
    const rows = 5000;
    const { text, bad } = generatedCsv("Resumed", rows, 50);
    const started = await post(a, cookie, "/admin/tools/import", await importForm(a, cookie, text));
    expect(started.status).toBe(202);
    const id = started.body.job!.id;
    // The job went to pg-boss's queue of the admin's tools, in its own schema: the jobs row names its pg-boss job.
    const { rows: queued } = await client.query<{ queue_id: string | null }>("select queue_id from jobs where id = $1", [id]);
    const delivery = queued[0]!.queue_id;
    expect(delivery).toMatch(/^[0-9a-f-]{36}$/);
    const pgBossJob = async (queueId: string) =>
      (
        await client.query<{ name: string; data: unknown; state: string; retry_count: number }>(
          `select name, data, state, retry_count from ${JOB_QUEUE_SCHEMA}.job where id = $1`,
          [queueId],
        )
      ).rows[0];

    // Whichever server's pg-boss worker fetched the job runs it: that one is killed once some batches are in.
    await Promise.race(
      servers.map((server) => untilLogged(server, (logs) => logs.some((entry) => entry.msg === "job started" && entry.job === id))),
    );
    // The running server got it from pg-boss, which holds it as active (fetched, not yet completed).
    expect(await pgBossJob(delivery!)).toEqual({ name: JOB_QUEUE, data: { jobId: id }, state: "active", retry_count: 0 });
    const runner = servers.find((server) => server.logs.some((entry) => entry.msg === "job started" && entry.job === id))!;
    survivor = runner === a ? b : a;
    survivor.expectLog(/^took over a job whose server stopped answering$/);
    let doneAtKill = 0;
    for (;;) {
      const { rows: found } = await client.query<{ done: number; state: string }>("select done, state from jobs where id = $1", [id]);
      doneAtKill = found[0]!.done;
      expect(found[0]!.state).toBe("running");
      if (doneAtKill > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    runner.process.kill("SIGKILL");
    await runner.stop();
    expect(doneAtKill).toBeLessThan(rows);

    const survivorCookie = await signIn(survivor);
    const { job } = await untilEnded(survivor, survivorCookie, id, 120_000);
    expect(job).toMatchObject({ state: "done", total: rows, done: rows, errorCount: bad });
    expect(job.result).toMatchObject({ rows, created: rows - bad, updated: 0, unchanged: 0, rejected: bad });

    const { rows: stored } = await client.query<{ attempts: number; active: number | null }>(
      "select attempts, active from jobs where id = $1",
      [id],
    );
    expect(stored[0]).toEqual({ attempts: 2, active: null });
    // The second run started where the first one's last committed batch ended.
    const resumedFrom = survivor.logs.find((entry) => entry.msg === "job started" && entry.job === id && entry.attempt === 2);
    expect(resumedFrom).toBeDefined();
    const { rows: counts } = await client.query<{ listings: number; names: number }>(
      "select count(*)::int as listings, count(distinct name)::int as names from wholesalers where name like 'Resumed Growers %'",
    );
    expect(counts[0]).toEqual({ listings: rows - bad, names: rows - bad });
    const { rows: audits } = await client.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'tools.import'");
    expect(audits[0]!.n).toBe(1);

    // In pg-boss: the dead server's delivery, failed by the take-over and so retried, and the new delivery the
    // take-over sent (which the jobs row now names); the survivor's worker fetched both and completed both
    // (the one that found the job already claimed, at once). pg-boss completes each once its run returns.
    const deliveries = async () =>
      (
        await client.query<{ id: string; state: string; retry_count: number }>(
          `select id, state, retry_count from ${JOB_QUEUE_SCHEMA}.job where name = $1 and data->>'jobId' = $2 order by created_on`,
          [JOB_QUEUE, String(id)],
        )
      ).rows;
    const { rows: resumed } = await client.query<{ queue_id: string }>("select queue_id from jobs where id = $1", [id]);
    const expected = [
      { id: delivery, state: "completed", retry_count: 1 },
      { id: resumed[0]!.queue_id, state: "completed", retry_count: 0 },
    ];
    const deadline = Date.now() + 30_000;
    while (JSON.stringify(await deliveries()) !== JSON.stringify(expected) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await deliveries()).toEqual(expected);
    expect(resumed[0]!.queue_id).not.toBe(delivery);
  }, 180_000);

  it("runs a job left queued with no delivery, as in a database restored from a backup taken while it waited", async () => {
    const { text } = generatedCsv("Restored", 150, 1000);
    const since = new Date(Date.now() - 60_000).toISOString();
    // The jobs row as the backup holds it; pg-boss (its own schema, not in backups) never heard of it.
    const { rows: inserted } = await client.query<{ id: number }>(
      `insert into jobs (kind, state, active, label, total, input, admin_id, started_by, created_at)
       values ('import', 'queued', 1, 'restored.csv', 150, $1, (select id from admin_users where email = $2), $2, $3) returning id`,
      [text, TEST_ADMIN.email, since],
    );
    const id = inserted[0]!.id;
    survivor.expectLog(/^sent a queued job again: no server had claimed it$/);
    const { job } = await untilEnded(survivor, await signIn(survivor), id, 60_000);
    expect(job).toMatchObject({ state: "done", total: 150, done: 150, errorCount: 0 });
    expect(
      survivor.logs.filter((entry) => entry.msg === "sent a queued job again: no server had claimed it" && entry.job === id),
    ).toHaveLength(1);
    const { rows: counts } = await client.query<{ n: number }>(
      "select count(*)::int as n from wholesalers where name like 'Restored Growers %'",
    );
    expect(counts[0]!.n).toBe(150);
  }, 90_000);
});
