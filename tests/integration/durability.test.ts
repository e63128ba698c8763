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
/** Requests kept in flight during a burst. */
const CONCURRENCY = 8;

/**
 * A burst of newsletter subscriptions (each from a client address of its own, through the trusted proxy, so
 * that the per-address limit does not refuse them) and admin additions, with the server killed (SIGKILL) in
 * the middle: every write the server acknowledged with a 2xx must be in the database when it comes back, and
 * the file must pass SQLite's integrity check (docs/decisions/013-sqlite-durability.md).
 */
describe("a server killed with SIGKILL during a burst of writes", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-durability-"));
  const env = { DATA_DIR: dataDir, TRUST_PROXY: "loopback", ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };
  const acknowledgedEmails: string[] = [];
  const acknowledgedStores: string[] = [];
  let cookie: string;
  let server: RunningServer | undefined;
  let sent = 0;

  beforeAll(async () => {
    // The first start migrates and seeds; the session survives every restart (it lives in the database).
    server = await startServer(env);
    cookie = await signIn(server);
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One write; resolves whether the server acknowledged it, and never rejects (the kill cuts requests off). */
  async function write(url: string, n: number): Promise<void> {
    try {
      if (n % 3 === 2) {
        const name = `Durability check store ${n}`;
        const response = await fetch(`${url}/admin/grocery-stores`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: url },
          body: new URLSearchParams({
            intent: "create",
            name,
            description: "A store added by the durability test to prove it survives a crash.",
            priceRange: "$4-$15",
            bestFor: "Checking durability",
          }),
        });
        if (response.status >= 200 && response.status < 300) acknowledgedStores.push(name);
        else expect.fail(`the admin addition ${n} answered ${response.status}`);
        await response.arrayBuffer().catch(() => undefined);
      } else {
        const email = `durable-${n}@example.com`;
        const response = await fetch(`${url}/api/newsletter/subscribe`, {
          method: "POST",
          // One address per request: 10.<n> spread over the last three bytes.
          headers: { "content-type": "application/json", "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          body: JSON.stringify({ email }),
        });
        if (response.status === 201) acknowledgedEmails.push(email);
        else expect.fail(`the subscription ${n} answered ${response.status}`);
        await response.arrayBuffer().catch(() => undefined);
      }
    } catch (error) {
      // A request the kill cut off was never acknowledged; anything else is a failure of the test itself.
      if (!(error instanceof TypeError)) throw error;
    }
  }

  it(
    `keeps every acknowledged write and an intact file across ${ROUNDS} kills`,
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const running = server!;
        let stopping = false;
        const workers = Array.from({ length: CONCURRENCY }, async () => {
          while (!stopping) await write(running.url, sent++);
        });
        // Killed at a different moment of each burst, once some writes are acknowledged.
        const before = acknowledgedEmails.length + acknowledgedStores.length;
        while (acknowledgedEmails.length + acknowledgedStores.length < before + 40) await new Promise((resolve) => setTimeout(resolve, 5));
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
        running.process.kill("SIGKILL");
        stopping = true;
        await Promise.all(workers);
        await running.stop();

        server = await startServer(env);
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status, `round ${round}: /healthz after the restart`).toBe(200);
        await health.arrayBuffer();
      }
      await server!.stop();
      server = undefined;

      const sqlite = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
      try {
        expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
        const emails = new Set(sqlite.prepare("select email from newsletter_subscribers").pluck().all() as string[]);
        const stores = new Set(sqlite.prepare("select name from grocery_stores").pluck().all() as string[]);
        expect(
          acknowledgedEmails.filter((email) => !emails.has(email)),
          "acknowledged subscriptions lost",
        ).toEqual([]);
        expect(
          acknowledgedStores.filter((name) => !stores.has(name)),
          "acknowledged admin additions lost",
        ).toEqual([]);
      } finally {
        sqlite.close();
      }
      expect(acknowledgedEmails.length).toBeGreaterThan(ROUNDS * 10);
      expect(acknowledgedStores.length).toBeGreaterThan(ROUNDS * 3);
      console.info(
        `durability: ${ROUNDS} SIGKILLs, ${sent} writes sent, ${acknowledgedEmails.length + acknowledgedStores.length} acknowledged, 0 lost`,
      );
    },
    30_000 + ROUNDS * 15_000,
  );
});
