import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInvalidationBus, type RunningBus } from "../../server/invalidation-bus";
import { cachesUsable, registerCache } from "~/services/tools/cache.server";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * On SQLite the server's caches are emptied when another program (the sqlite3 shell, a script) commits to the
 * database file. SQLite's data_version tells, and it is asked once per turn of the event loop, not before every
 * answer from the page cache (server/invalidation-bus.ts).
 */
describe("a change made to the SQLite file by another program", () => {
  let dir: string;
  let server: Database.Database;
  let other: Database.Database;
  let bus: RunningBus;
  let clears = 0;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-external-change-"));
    const file = path.join(dir, "site.db");
    server = new Database(file);
    server.pragma("journal_mode = WAL");
    server.exec("create table notes (text text)");
    other = new Database(file);
    registerCache({
      name: "External change test",
      clear: () => {
        clears += 1;
        return 0;
      },
    });
    bus = await startInvalidationBus({ logger: pino({ level: "silent" }), sqlite: server });
    await nextTurn();
  });

  afterAll(async () => {
    await bus.close();
    other.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("empties the caches at the first use after it, once, and again after the next change in a later turn", async () => {
    expect(cachesUsable()).toBe(true);
    const before = clears;

    other.prepare("insert into notes values (?)").run("first");
    await nextTurn();
    cachesUsable();
    cachesUsable();
    expect(clears).toBe(before + 1);

    await nextTurn();
    cachesUsable();
    expect(clears).toBe(before + 1);

    other.prepare("insert into notes values (?)").run("second");
    await nextTurn();
    cachesUsable();
    expect(clears).toBe(before + 2);
  });

  it("asks SQLite once per turn: a commit later in the same turn is seen from the next turn on", async () => {
    await nextTurn();
    cachesUsable();
    const before = clears;

    other.prepare("insert into notes values (?)").run("third");
    cachesUsable();
    expect(clears).toBe(before);

    await nextTurn();
    cachesUsable();
    expect(clears).toBe(before + 1);
  });
});
