import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import * as tar from "tar";
import type { DatabaseHandle } from "~/db/client.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_STAGING_PREFIX, createBackup, JSON_BACKUP_FORMAT, type JsonBackup } from "./backup.server";
import { openTestDatabase, TEST_DATABASES } from "../../../tests/support/test-databases";

const T0 = "2026-01-01T00:00:00.000Z";
// 23:30 on 2026-03-10 in Los Angeles: the file is named after the site's date, not UTC's.
const NOW = new Date("2026-03-11T06:30:00.000Z");
const PHOTOS = { "aaaa-400.webp": Buffer.from("photo 400"), "aaaa-1200.webp": Buffer.alloc(300_000, 7) };

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Unpacks an archive's bytes; returns where, and its entries in archive order. */
async function unpackArchive(bytes: Buffer): Promise<{ dir: string; entries: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-unpacked-"));
  const file = path.join(dir, "backup.tar.gz");
  fs.writeFileSync(file, bytes);
  const entries: string[] = [];
  await tar.x({ file, cwd: dir, strict: true, onReadEntry: (entry) => entries.push(entry.path) });
  return { dir, entries };
}

const stagingDirs = (dataDir: string) => fs.readdirSync(dataDir).filter((name) => name.startsWith(BACKUP_STAGING_PREFIX));

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`backup on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-backup-data-"));
    const unpacked: string[] = [];

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
      fs.mkdirSync(path.join(dataDir, "uploads"));
      for (const [name, bytes] of Object.entries(PHOTOS)) fs.writeFileSync(path.join(dataDir, "uploads", name), bytes);
      // A photo still being written is not part of the site yet.
      fs.writeFileSync(path.join(dataDir, "uploads", "bbbb-400.webp.123.abcd.tmp"), "partial");
    });
    afterAll(async () => {
      await cleanup();
      for (const dir of [dataDir, ...unpacked]) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("downloads one .tar.gz with a manifest, the database and every uploaded photo, and removes its temporary folder", async () => {
      const backup = await createBackup(handle, dataDir, NOW);
      expect(backup.filename).toBe("wholesale-flower-finder-2026-03-10.tar.gz");
      expect(backup.contentType).toBe("application/gzip");
      expect(stagingDirs(dataDir)).toHaveLength(1);
      const bytes = await readAll(backup.body);
      expect(bytes.byteLength).toBe(backup.size);
      expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

      const { dir, entries } = await unpackArchive(bytes);
      unpacked.push(dir);
      const databaseEntry = database.name === "SQLite" ? "wholesale-flower-finder.db" : "database.json";
      expect(entries).toEqual(["manifest.json", databaseEntry, "uploads/", "uploads/aaaa-1200.webp", "uploads/aaaa-400.webp"]);
      expect(JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"))).toEqual({
        format: "wholesale-flower-finder-archive",
        version: 1,
        createdAt: NOW.toISOString(),
        database: database.name === "SQLite" ? "sqlite" : "postgres",
        databaseEntry,
        uploads: { "aaaa-1200.webp": 300_000, "aaaa-400.webp": 9 },
        uploadsStorage: "disk",
      });
      for (const [name, photo] of Object.entries(PHOTOS))
        expect(fs.readFileSync(path.join(dir, "uploads", name)).equals(photo), name).toBe(true);

      if (database.name === "SQLite") {
        const restored = new Database(path.join(dir, databaseEntry), { readonly: true });
        try {
          expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
          expect(restored.prepare("select id from states order by id").all()).toEqual([{ id: "oregon" }, { id: "texas" }]);
          expect(restored.prepare("select value from settings where key = 'general'").get()).toEqual({
            value: '{"siteName":"Backup Test"}',
          });
        } finally {
          restored.close();
        }
      } else {
        const parsed = JSON.parse(fs.readFileSync(path.join(dir, databaseEntry), "utf8")) as JsonBackup;
        expect(parsed).toMatchObject({ format: JSON_BACKUP_FORMAT, version: 1, createdAt: NOW.toISOString(), database: "postgres" });
        for (const table of [
          "states",
          "cities",
          "zipcodes",
          "wholesalers",
          "blog_posts",
          "festivals",
          "settings",
          "admin_users",
          "sessions",
          "audit_log",
          "kysely_migration",
        ]) {
          expect(parsed.tables, table).toHaveProperty(table);
        }
        expect(parsed.tables.states?.map((row) => row.id)).toEqual(["oregon", "texas"]);
        expect(parsed.tables.settings).toEqual([{ key: "general", value: '{"siteName":"Backup Test"}', updated_at: T0 }]);
      }
      await expect.poll(() => stagingDirs(dataDir)).toEqual([]);
      // The site's own files are untouched.
      expect(fs.readdirSync(path.join(dataDir, "uploads")).sort()).toEqual([
        "aaaa-1200.webp",
        "aaaa-400.webp",
        "bbbb-400.webp.123.abcd.tmp",
      ]);
    });

    it("removes the temporary folder when the download is abandoned", async () => {
      const backup = await createBackup(handle, dataDir, NOW);
      expect(stagingDirs(dataDir)).toHaveLength(1);
      const reader = backup.body.getReader();
      await reader.read();
      await reader.cancel();
      await expect.poll(() => stagingDirs(dataDir)).toEqual([]);
    });

    it("removes a temporary folder a crashed backup left more than a day ago, and no other", async () => {
      const stale = path.join(dataDir, `${BACKUP_STAGING_PREFIX}stale`);
      const recent = path.join(dataDir, `${BACKUP_STAGING_PREFIX}recent`);
      fs.mkdirSync(stale);
      fs.mkdirSync(recent);
      const twoDaysAgo = new Date(NOW.getTime() - 2 * 24 * 3600 * 1000);
      fs.utimesSync(stale, twoDaysAgo, twoDaysAgo);
      fs.utimesSync(recent, NOW, NOW);
      const backup = await createBackup(handle, dataDir, NOW);
      await readAll(backup.body);
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(recent)).toBe(true);
      fs.rmSync(recent, { recursive: true });
    });
  });
}
