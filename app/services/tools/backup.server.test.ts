import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { DatabaseHandle } from "~/db/client.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup, JSON_BACKUP_FORMAT, type JsonBackup } from "./backup.server";
import { openTestDatabase, TEST_DATABASES } from "./test-databases";

const T0 = "2026-01-01T00:00:00.000Z";
// 23:30 on 2026-03-10 in Los Angeles: the file is named after the site's date, not UTC's.
const NOW = new Date("2026-03-11T06:30:00.000Z");

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const backupDirs = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("wff-backup-"));

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`backup on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "backup");
      handle = opened.handle;
      cleanup = opened.cleanup;
      await handle.db
        .insertInto("states")
        .values([
          { id: "oregon", name: "Oregon", code: "OR", region: "West", created_at: T0, updated_at: T0 },
          { id: "texas", name: "Texas", code: "TX", region: "Southwest", created_at: T0, updated_at: T0 },
        ])
        .execute();
      await handle.db.insertInto("settings").values({ key: "general", value: '{"siteName":"Backup Test"}', updated_at: T0 }).execute();
    });
    afterAll(() => cleanup());

    if (database.name === "SQLite") {
      it("downloads the live database as a SQLite file that opens with its data, and removes the temporary copy", async () => {
        const before = backupDirs();
        const backup = await createBackup(handle, NOW);
        expect(backup.filename).toBe("wholesale-flower-finder-2026-03-10.db");
        expect(backup.contentType).toBe("application/vnd.sqlite3");
        const bytes = await readAll(backup.body);
        expect(bytes.byteLength).toBe(backup.size);
        expect(bytes.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");

        const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wff-restore-")), "restored.db");
        fs.writeFileSync(file, bytes);
        const restored = new Database(file, { readonly: true });
        try {
          expect(restored.prepare("select id from states order by id").all()).toEqual([{ id: "oregon" }, { id: "texas" }]);
          expect(restored.prepare("select value from settings where key = 'general'").get()).toEqual({ value: '{"siteName":"Backup Test"}' });
          expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
        } finally {
          restored.close();
          fs.rmSync(path.dirname(file), { recursive: true, force: true });
        }
        await expect.poll(() => backupDirs().filter((dir) => !before.includes(dir))).toEqual([]);
      });
    } else {
      it("downloads every table as JSON, read in one snapshot", async () => {
        const backup = await createBackup(handle, NOW);
        expect(backup.filename).toBe("wholesale-flower-finder-2026-03-10.json");
        expect(backup.contentType).toBe("application/json");
        const bytes = await readAll(backup.body);
        expect(bytes.byteLength).toBe(backup.size);
        const parsed = JSON.parse(bytes.toString("utf8")) as JsonBackup;
        expect(parsed).toMatchObject({ format: JSON_BACKUP_FORMAT, version: 1, createdAt: NOW.toISOString(), database: "postgres" });
        for (const table of ["states", "cities", "zipcodes", "wholesalers", "blog_posts", "festivals", "settings", "admin_users", "sessions", "audit_log"]) {
          expect(parsed.tables, table).toHaveProperty(table);
        }
        expect(parsed.tables.states?.map((row) => row.id)).toEqual(["oregon", "texas"]);
        expect(parsed.tables.settings).toEqual([{ key: "general", value: '{"siteName":"Backup Test"}', updated_at: T0 }]);
      });
    }
  });
}
