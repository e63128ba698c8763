import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";

const ROOT = path.resolve(import.meta.dirname, "../..");

const subscribe = (server: RunningServer, email: string) =>
  fetch(`${server.url}/api/newsletter/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });

async function uploadPhoto(server: RunningServer, cookie: string, wholesalerId: number): Promise<string> {
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${server.url}/api/upload/wholesaler/${wholesalerId}`, { method: "POST", body: form, headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

/** `npm run db:restore -- <args>`, the command the Backup card names, against the given DATA_DIR / DATABASE_URL. */
function runRestore(
  args: string[],
  env: { DATA_DIR: string; DATABASE_URL?: string | undefined },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const childEnv: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), DATA_DIR: env.DATA_DIR };
  if (env.DATABASE_URL) childEnv.DATABASE_URL = env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "db:restore", "--", ...args],
      { cwd: ROOT, env: childEnv, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

type Tables = Record<string, string[]>;

/** Every table the database has (listed from the database itself), each as its rows, serialised and sorted. */
async function readTables(target: { sqliteFile?: string; databaseUrl?: string | undefined }): Promise<Tables> {
  const tables: Tables = {};
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const names = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1",
      );
      for (const { name } of names.rows) {
        tables[name] = (await client.query(`select * from "${name}"`)).rows.map((row) => JSON.stringify(row)).sort();
      }
    } finally {
      await client.end();
    }
    return tables;
  }
  const db = new Database(target.sqliteFile as string, { readonly: true, fileMustExist: true });
  try {
    const names = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[];
    for (const { name } of names) {
      tables[name] = (db.prepare(`select * from "${name}"`).all() as Record<string, unknown>[]).map((row) => JSON.stringify(row)).sort();
    }
  } finally {
    db.close();
  }
  return tables;
}

const DATABASES = [
  { name: "SQLite", enabled: true },
  { name: "PostgreSQL", enabled: runPostgres },
] as const;

for (const database of DATABASES) {
  describe.runIf(database.enabled)(`a backup from Quick Tools restores the site on ${database.name}`, () => {
    const postgres = database.name === "PostgreSQL";
    const started: RunningServer[] = [];
    const cleanups: (() => Promise<void> | void)[] = [];
    const tmp = (prefix: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      return dir;
    };
    const newDatabaseUrl = async () => {
      if (!postgres) return undefined;
      const created = await createTestDatabase();
      cleanups.push(() => created.drop());
      return created.url;
    };

    afterAll(async () => {
      for (const server of started) await server.stop();
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("restores, with npm run db:restore, every table as it was at backup time and every photo, into a server that starts from it", async () => {
      const originalUrl = await newDatabaseUrl();
      const original = await startServer({
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        ...(originalUrl ? { DATABASE_URL: originalUrl } : {}),
      });
      started.push(original);
      const originalTables = { sqliteFile: path.join(original.dataDir, "wholesale-flower-finder.db"), databaseUrl: originalUrl };
      const cookie = await signIn(original);
      expect((await subscribe(original, "before-backup@example.com")).status).toBe(202);
      const imageUrl = await uploadPhoto(original, cookie, 1);
      const photo = Buffer.from(await (await fetch(`${original.url}${imageUrl}`)).arrayBuffer());
      const uploadedFiles = fs.readdirSync(path.join(original.dataDir, "uploads")).sort();
      expect(uploadedFiles).toHaveLength(3);

      const response = await fetch(`${original.url}/admin/tools/backup`, { method: "POST", headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/gzip");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="wholesale-flower-finder-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
      );
      const archive = path.join(
        tmp("wff-archive-"),
        /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "backup.tar.gz",
      );
      fs.writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
      const atBackup = await readTables(originalTables);
      // A change after the backup is not in it.
      expect((await subscribe(original, "after-backup@example.com")).status).toBe(202);

      const restoredDir = tmp("wff-restored-");
      const restoredUrl = await newDatabaseUrl();
      const restore = await runRestore([archive], { DATA_DIR: restoredDir, DATABASE_URL: restoredUrl });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(/^Restored the backup of \S+ into (sqlite|postgres) .* and 3 uploaded files\./);
      // Who can sign in to the restored site is said every time (#40.8).
      expect(restore.stdout).toMatch(/\nAdmin accounts in the restored database: admin@example\.com\.\n/);

      const restored = await startServer({ DATA_DIR: restoredDir, SEED: "false", ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}) });
      started.push(restored);
      const restoredTables = await readTables({
        sqliteFile: path.join(restoredDir, "wholesale-flower-finder.db"),
        databaseUrl: restoredUrl,
      });
      const names = Object.keys(atBackup);
      expect(names.length).toBeGreaterThan(10);
      expect(Object.keys(restoredTables)).toEqual(names);
      for (const name of names) {
        expect(restoredTables[name]?.length, `${name} row count`).toBe(atBackup[name]?.length);
        expect(restoredTables[name], `${name} rows`).toEqual(atBackup[name]);
      }
      expect(atBackup.wholesalers?.some((row) => row.includes(imageUrl))).toBe(true);
      expect(atBackup.audit_log?.some((row) => row.includes('"tools.backup"'))).toBe(true);
      expect(restoredTables.newsletter_subscribers?.some((row) => row.includes("before-backup@example.com"))).toBe(true);
      expect(restoredTables.newsletter_subscribers?.some((row) => row.includes("after-backup@example.com"))).toBe(false);
      expect((await readTables(originalTables)).newsletter_subscribers?.some((row) => row.includes("after-backup@example.com"))).toBe(true);

      // The photos: every file, byte for byte, and the photo's URL answers on the restored site.
      expect(fs.readdirSync(path.join(restoredDir, "uploads")).sort()).toEqual(uploadedFiles);
      for (const name of uploadedFiles) {
        expect(
          fs.readFileSync(path.join(restoredDir, "uploads", name)).equals(fs.readFileSync(path.join(original.dataDir, "uploads", name))),
          name,
        ).toBe(true);
      }
      const restoredPhoto = await fetch(`${restored.url}${imageUrl}`);
      expect(restoredPhoto.status).toBe(200);
      expect(Buffer.from(await restoredPhoto.arrayBuffer()).equals(photo)).toBe(true);
      const [listing] = (
        (await (await fetch(`${restored.url}/api/wholesalers/state/california`)).json()) as { id: number; image: string }[]
      ).filter((w) => w.id === 1);
      expect(listing?.image).toBe(imageUrl);

      // The admin accounts come back too: the same password signs in, and no new first admin is made.
      await signIn(restored);
      expect(restored.logs.some((entry) => String(entry.msg).startsWith("No admin existed"))).toBe(false);
      expect(fs.existsSync(path.join(restoredDir, "initial-admin-password"))).toBe(false);
      // New rows get new ids after the restored ones.
      expect((await subscribe(restored, "after-restore@example.com")).status).toBe(202);

      // Restoring again over the running, restored site is refused, and says why; so is a damaged archive.
      const again = await runRestore([archive], { DATA_DIR: restoredDir, DATABASE_URL: restoredUrl });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        postgres
          ? /^Not restored: .*already holds a database with data .*--force/
          : /^Not restored: .*is in use: stop the site before restoring\./,
      );
      const damaged = path.join(path.dirname(archive), "damaged.tar.gz");
      fs.writeFileSync(damaged, fs.readFileSync(archive).subarray(0, 4096));
      const bad = await runRestore([damaged], { DATA_DIR: tmp("wff-restore-empty-"), DATABASE_URL: await newDatabaseUrl() });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^Not restored: .*damaged\.tar\.gz cannot be read as a backup: it ends too early: the file is incomplete/);
      for (const output of [again.stderr, bad.stderr]) expect(output).not.toMatch(/^\s+at /m);
      const usage = await runRestore([], { DATA_DIR: restoredDir });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/^Name the backup file to restore\.\n\nUsage:/);
    }, 240_000);
  });
}
