import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { startServer, type RunningServer } from "../support/server";

/** 3 kills on CI; `npm run test:durability` runs the long form (20). */
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 3);
/** Requests kept in flight during a burst: one editor per edited festival, the others subscribe and add stores. */
const CONCURRENCY = 8;
/**
 * Seeded festivals whose description each burst rewrites, one admin editing each, again and again (not 2,
 * whose seeded ticket price is longer than the edit form accepts).
 */
const EDITED_FESTIVALS = [1, 3];
/** An edit's description carries its number, so the database says which edit it holds. */
const editText = (id: number, version: number) => `Durability edit ${version} of festival ${id}: the newest saved description.`;
const EDIT_VERSION = /^Durability edit (\d+) of festival \d+:/;

/**
 * A burst of newsletter subscriptions (each from a client address of its own, through the trusted proxy, so
 * that the per-address limit does not refuse them) and signed-in admin writes (grocery stores added, festivals
 * edited over and over), with the server killed (SIGKILL) in the middle. After every restart, every write the
 * server acknowledged with a 2xx must be in the database, each edited festival must hold its last acknowledged
 * edit or a newer one, and the file must pass SQLite's integrity check (docs/decisions/013-sqlite-durability.md).
 */
describe("a server killed with SIGKILL during a burst of writes", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-durability-"));
  const databaseFile = path.join(dataDir, SQLITE_FILE_NAME);
  const env = { DATA_DIR: dataDir, TRUST_PROXY: "loopback", ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };
  const acknowledgedEmails: string[] = [];
  const acknowledgedStores: string[] = [];
  /** Per edited festival: the number of its last edit sent, and of its last edit acknowledged. */
  const edits = new Map(EDITED_FESTIVALS.map((id) => [id, { sent: 0, acknowledged: 0 }]));
  /** Per edited festival: its fields other than the description, as the edit dialog sends them back. */
  const festivalForms = new Map<number, Record<string, string>>();
  let cookie: string;
  let server: RunningServer | undefined;
  let sent = 0;

  const acknowledgedEdits = () => [...edits.values()].reduce((sum, edit) => sum + edit.acknowledged, 0);
  const acknowledgedWrites = () => acknowledgedEmails.length + acknowledgedStores.length + acknowledgedEdits();

  /** Reads the database file beside the server (or after it), and closes it: no connection outlives a kill. */
  function withDatabase<T>(read: (sqlite: SqliteDatabase.Database) => T): T {
    const sqlite = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true });
    try {
      return read(sqlite);
    } finally {
      sqlite.close();
    }
  }

  beforeAll(async () => {
    // The first start migrates and seeds; the session survives every restart (it lives in the database).
    server = await startServer(env);
    cookie = await signIn(server);
    for (const id of EDITED_FESTIVALS) {
      const response = await fetch(`${server.url}/api/flower-festivals/${id}`);
      expect(response.status, `festival ${id} is seeded`).toBe(200);
      const festival = (await response.json()) as Record<string, unknown>;
      const form: Record<string, string> = {};
      for (const field of ["name", "startDate", "endDate", "location", "city", "state", "website", "ticketPrice", "image"]) {
        if (typeof festival[field] === "string") form[field] = festival[field];
      }
      if (festival.featured === true) form.featured = "on";
      festivalForms.set(id, form);
    }
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const postForm = (url: string, page: string, fields: Record<string, string>) =>
    fetch(`${url}${page}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: url },
      body: new URLSearchParams(fields),
    });

  /** Resolves once the write was answered or cut off; a request the kill cut off was never acknowledged. */
  async function acknowledgedOrCut(send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (error) {
      // Anything but a network error (the kill) is a failure of the server or of the test itself.
      if (!(error instanceof TypeError)) throw error;
    }
  }

  /** A subscription, or (every third write) an admin's new grocery store. */
  const write = (url: string, n: number) =>
    acknowledgedOrCut(async () => {
      if (n % 3 === 2) {
        const name = `Durability check store ${n}`;
        const response = await postForm(url, "/admin/grocery-stores", {
          intent: "create",
          name,
          description: "A store added by the durability test to prove it survives a crash.",
          priceRange: "$4-$15",
          bestFor: "Checking durability",
        });
        await response.arrayBuffer();
        if (response.status === 200) acknowledgedStores.push(name);
        else expect.fail(`the admin addition ${n} answered ${response.status}`);
      } else {
        const email = `durable-${n}@example.com`;
        const response = await fetch(`${url}/api/newsletter/subscribe`, {
          method: "POST",
          // One address per request: 10.<n> spread over the last three bytes.
          headers: { "content-type": "application/json", "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          body: JSON.stringify({ email }),
        });
        await response.arrayBuffer();
        if (response.status === 202) acknowledgedEmails.push(email);
        else expect.fail(`the subscription ${n} answered ${response.status}`);
      }
    });

  /**
   * The next edit of a festival, as its admin makes it: opened at the version the database holds now (the
   * dialog's `updatedAt`), saved through the festivals page's action with a description numbered one higher.
   */
  const edit = (url: string, id: number) =>
    acknowledgedOrCut(async () => {
      const opened = withDatabase((sqlite) => sqlite.prepare("select updated_at from festivals where id = ?").pluck().get(id) as string);
      const edited = edits.get(id)!;
      const version = ++edited.sent;
      sent++;
      const response = await postForm(url, "/admin/festivals", {
        ...festivalForms.get(id),
        intent: "update",
        id: String(id),
        updatedAt: opened,
        description: editText(id, version),
      });
      await response.arrayBuffer();
      if (response.status === 200) edited.acknowledged = version;
      else expect.fail(`edit ${version} of festival ${id} answered ${response.status}`);
    });

  /** What must hold after each restart (and at the end): an intact file holding every acknowledged write. */
  function checkDatabase(when: string) {
    withDatabase((sqlite) => {
      expect(sqlite.pragma("integrity_check", { simple: true }), `${when}: PRAGMA integrity_check`).toBe("ok");
      const emails = new Set(sqlite.prepare("select email from newsletter_subscribers").pluck().all() as string[]);
      const stores = new Set(sqlite.prepare("select name from grocery_stores").pluck().all() as string[]);
      expect(
        acknowledgedEmails.filter((email) => !emails.has(email)),
        `${when}: acknowledged subscriptions lost`,
      ).toEqual([]);
      expect(
        acknowledgedStores.filter((name) => !stores.has(name)),
        `${when}: acknowledged admin additions lost`,
      ).toEqual([]);
      for (const [id, edited] of edits) {
        const description = sqlite.prepare("select description from festivals where id = ?").pluck().get(id) as string;
        const held = Number(EDIT_VERSION.exec(description)?.[1] ?? 0);
        // Newer than acknowledged is fine (saved, then killed before the answer left); older is a lost edit.
        expect(held, `${when}: festival ${id} holds edit ${held}, acknowledged ${edited.acknowledged}`).toBeGreaterThanOrEqual(
          edited.acknowledged,
        );
        expect(held, `${when}: festival ${id} holds an edit never sent`).toBeLessThanOrEqual(edited.sent);
      }
    });
  }

  it(
    `keeps every acknowledged write and an intact file across ${ROUNDS} kills`,
    async () => {
      const started = performance.now();
      for (let round = 1; round <= ROUNDS; round++) {
        const running = server!;
        let stopping = false;
        let failed = false;
        const burst = Promise.all([
          ...EDITED_FESTIVALS.map(async (id) => {
            while (!stopping) await edit(running.url, id);
          }),
          ...Array.from({ length: CONCURRENCY - EDITED_FESTIVALS.length }, async () => {
            while (!stopping) await write(running.url, sent++);
          }),
        ]).finally(() => (stopping = true));
        burst.catch(() => (failed = true));
        // Killed at a different moment of each burst, once this burst has acknowledged writes of every kind
        // (or at once when a write was refused: the burst's promise then says which).
        const before = { writes: acknowledgedWrites(), edits: EDITED_FESTIVALS.map((id) => edits.get(id)!.acknowledged) };
        while (
          !failed &&
          (acknowledgedWrites() < before.writes + 40 ||
            EDITED_FESTIVALS.some((id, i) => edits.get(id)!.acknowledged < before.edits[i]! + 2))
        ) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
        running.process.kill("SIGKILL");
        stopping = true;
        await burst;
        await running.stop();

        server = await startServer(env);
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status, `round ${round}: /healthz after the restart`).toBe(200);
        await health.arrayBuffer();
        checkDatabase(`after restart ${round}`);
      }
      await server!.stop();
      server = undefined;
      checkDatabase("after the last stop");

      expect(acknowledgedEmails.length).toBeGreaterThan(ROUNDS * 10);
      expect(acknowledgedStores.length).toBeGreaterThan(ROUNDS * 3);
      expect(acknowledgedEdits()).toBeGreaterThanOrEqual(ROUNDS * 2 * EDITED_FESTIVALS.length);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.info(
        `durability: ${ROUNDS} SIGKILLs in ${seconds} s; ${sent} writes sent, ${acknowledgedWrites()} acknowledged ` +
          `(${acknowledgedEmails.length} subscriptions, ${acknowledgedStores.length} store additions, ${acknowledgedEdits()} festival edits), ` +
          `0 lost; PRAGMA integrity_check "ok" after each of the ${ROUNDS} restarts and after the last stop`,
      );
    },
    30_000 + ROUNDS * 15_000,
  );
});
