import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import zlib from "node:zlib";
import SqliteDatabase from "better-sqlite3";
import * as tar from "tar";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { toDbBool, type Database } from "~/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/postgres";
import { createBackup } from "./backup.server";
import { restoreBackup, RestoreError, type RestoreOptions } from "./restore.server";
import { openTestDatabase, TEST_DATABASES } from "../../../tests/support/test-databases";

const T0 = "2026-01-01T00:00:00.000Z";
const PHOTO = Buffer.alloc(50_000, 3);

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Every table's rows, sorted, so that two databases compare table by table. */
async function tableContents(db: Kysely<Database>, dialect: "sqlite" | "postgres") {
  const names =
    dialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
          db,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(
          db,
        );
  const contents: Record<string, string[]> = {};
  for (const { name } of names.rows) {
    contents[name] = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return contents;
}

async function restoreError(options: RestoreOptions): Promise<RestoreError> {
  const error = await restoreBackup(options).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RestoreError);
  return error as RestoreError;
}

/** The archive unpacked, changed by `change`, and packed again (as a hand-edited or damaged backup would be). */
async function alteredArchive(archive: string, change: (dir: string) => void, entries?: string[]): Promise<string> {
  const dir = tmp("wff-altered-");
  await tar.x({ file: archive, cwd: dir });
  change(dir);
  const file = path.join(tmp("wff-altered-archive-"), "altered.tar.gz");
  await tar.c({ file, cwd: dir, gzip: true }, entries ?? fs.readdirSync(dir));
  fs.rmSync(dir, { recursive: true, force: true });
  return file;
}

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`restore on ${database.name}`, () => {
    const postgres = database.name === "PostgreSQL";
    let source: DatabaseHandle;
    let cleanupSource: () => Promise<void>;
    let archive: string;
    const sourceData = tmp("wff-restore-source-");
    const cleanups: (() => Promise<void> | void)[] = [];

    /** A new, empty target: a data folder, and on PostgreSQL a new database nothing has migrated. */
    async function newTarget(): Promise<{ dataDir: string; databaseUrl?: string; open(): DatabaseHandle }> {
      const dataDir = tmp("wff-restore-target-");
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      let databaseUrl: string | undefined;
      if (postgres) {
        const created = await createTestDatabase();
        cleanups.push(() => created.drop());
        databaseUrl = created.url;
      }
      return { dataDir, databaseUrl, open: () => openDatabase({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }) };
    }

    async function withTarget<T>(target: { open(): DatabaseHandle }, query: (db: Kysely<Database>) => Promise<T>): Promise<T> {
      const handle = target.open();
      try {
        return await query(handle.db);
      } finally {
        await handle.close();
      }
    }

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "restore-source");
      source = opened.handle;
      cleanupSource = opened.cleanup;
      await source.db
        .insertInto("states")
        .values({ id: "oregon", name: "Oregon", code: "OR", region: "West", created_at: T0, updated_at: T0 })
        .execute();
      await source.db.insertInto("cities").values({ state_id: "oregon", name: "Portland", position: 1 }).execute();
      await source.db
        .insertInto("wholesalers")
        .values({
          name: "Rose Growers",
          address: "1 Pine St",
          city: "Portland",
          state_id: "oregon",
          zipcode: "97201",
          type: "Wholesale",
          hours: "Mon-Fri 6AM-2PM",
          description: "Roses",
          image: "/uploads/cccc-1200.webp",
          latitude: 45.5152,
          longitude: -122.6784,
          featured: toDbBool(true),
          created_at: T0,
          updated_at: T0,
        })
        .execute();
      const admin = await source.db
        .insertInto("admin_users")
        .values({ email: "ann@example.com", name: "Ann", password_hash: "x", created_at: T0, updated_at: T0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await source.db
        .insertInto("sessions")
        .values({ id_hash: "h", admin_id: admin.id, created_at: T0, last_seen_at: T0, expires_at: T0 })
        .execute();
      await source.db
        .insertInto("audit_log")
        .values({ admin_id: admin.id, actor: "ann@example.com", action: "tools.backup", created_at: T0 })
        .execute();
      fs.mkdirSync(path.join(sourceData, "uploads"));
      fs.writeFileSync(path.join(sourceData, "uploads", "cccc-1200.webp"), PHOTO);

      const backup = await createBackup(source, sourceData, new Date(T0));
      archive = path.join(tmp("wff-restore-archive-"), backup.filename);
      cleanups.push(() => fs.rmSync(path.dirname(archive), { recursive: true, force: true }));
      fs.writeFileSync(archive, Buffer.from(await new Response(backup.body).arrayBuffer()));
    });
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      await cleanupSource();
      fs.rmSync(sourceData, { recursive: true, force: true });
    });

    it("restores every table and the uploads into an empty target, with id sequences past the restored ids", async () => {
      const target = await newTarget();
      const report = await restoreBackup({ archive, ...target });
      expect(report).toMatchObject({ database: postgres ? "postgres" : "sqlite", createdAt: T0, uploads: 1, replaced: false });
      expect(report.rows).toMatchObject({ states: 1, cities: 1, wholesalers: 1, admin_users: 1, sessions: 1, audit_log: 1 });

      const expected = await tableContents(source.db, source.dialect);
      expect(Object.keys(expected).length).toBeGreaterThan(10);
      await withTarget(target, async (db) => {
        expect(await tableContents(db, source.dialect)).toEqual(expected);
        // A new row gets a new id, not one a restored row has.
        const added = await db
          .insertInto("cities")
          .values({ state_id: "oregon", name: "Salem", position: 2 })
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(added.id).toBe(2);
      });
      expect(fs.readFileSync(path.join(target.dataDir, "uploads", "cccc-1200.webp")).equals(PHOTO)).toBe(true);
      expect(fs.readdirSync(target.dataDir).filter((name) => name.startsWith(".restore-"))).toEqual([]);
    });

    it("refuses a target that holds data or uploads, unless forced, and then replaces both", async () => {
      const target = await newTarget();
      await restoreBackup({ archive, ...target });
      await withTarget(target, (db) =>
        db
          .insertInto("states")
          .values({ id: "texas", name: "Texas", code: "TX", region: "Southwest", created_at: T0, updated_at: T0 })
          .execute(),
      );
      fs.writeFileSync(path.join(target.dataDir, "uploads", "dddd-1200.webp"), "added later");

      const refused = await restoreError({ archive, ...target });
      expect(refused.message).toMatch(/already holds a database with data \(\d+ rows\) and 2 uploaded files\. .*add --force/);
      await withTarget(target, async (db) =>
        expect(await db.selectFrom("states").select("id").orderBy("id").execute()).toEqual([{ id: "oregon" }, { id: "texas" }]),
      );
      expect(fs.readdirSync(path.join(target.dataDir, "uploads")).sort()).toEqual(["cccc-1200.webp", "dddd-1200.webp"]);

      const report = await restoreBackup({ archive, ...target, force: true });
      expect(report.replaced).toBe(true);
      await withTarget(target, async (db) => expect(await db.selectFrom("states").select("id").execute()).toEqual([{ id: "oregon" }]));
      expect(fs.readdirSync(path.join(target.dataDir, "uploads"))).toEqual(["cccc-1200.webp"]);
    });

    it("refuses uploads already in the data folder even when the database is empty", async () => {
      const target = await newTarget();
      fs.mkdirSync(path.join(target.dataDir, "uploads"));
      fs.writeFileSync(path.join(target.dataDir, "uploads", "eeee-400.webp"), "mine");
      expect((await restoreError({ archive, ...target })).message).toMatch(/already holds 1 uploaded file\. .*--force/);
      expect(fs.readdirSync(path.join(target.dataDir, "uploads"))).toEqual(["eeee-400.webp"]);
    });

    it.each([
      ["a truncated download", (bytes: Buffer) => bytes.subarray(0, bytes.length >> 1), /incomplete/],
      ["damaged bytes", (bytes: Buffer) => Buffer.from(bytes.map((byte, i) => (i === bytes.length >> 1 ? byte ^ 0xff : byte))), /damaged/],
      ["a file that is not an archive", () => Buffer.from("name,address\nRose Growers,1 Pine St\n"), /not a \.tar\.gz archive/],
      ["an empty file", () => Buffer.alloc(0), /not a \.tar\.gz archive/],
    ])("refuses %s with a clear message and leaves the target as it was", async (_label, damage, message) => {
      const target = await newTarget();
      const file = path.join(target.dataDir, "..", `${path.basename(target.dataDir)}-bad.tar.gz`);
      fs.writeFileSync(file, damage(fs.readFileSync(archive)));
      cleanups.push(() => fs.rmSync(file, { force: true }));
      const error = await restoreError({ archive: file, ...target });
      expect(error.message).toMatch(message);
      expect(error.message).toContain("cannot be read as a backup");
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
      if (target.databaseUrl)
        await withTarget(target, async (db) =>
          expect(
            (await sql`select table_name from information_schema.tables where table_schema = current_schema()`.execute(db)).rows,
          ).toEqual([]),
        );
    });

    it("refuses an archive that is not a backup, has unexpected entries, or lost a photo", async () => {
      const target = await newTarget();
      const notBackup = await alteredArchive(archive, (dir) => fs.rmSync(path.join(dir, "manifest.json")));
      expect((await restoreError({ archive: notBackup, ...target })).message).toMatch(
        /has no manifest\.json: it is not a Wholesale Flower Finder backup/,
      );
      const sneaky = await alteredArchive(archive, (dir) => fs.writeFileSync(path.join(dir, "uploads", ".htaccess"), "x"));
      expect((await restoreError({ archive: sneaky, ...target })).message).toMatch(
        /holds entries a backup never has \(uploads\/\.htaccess\)/,
      );
      const lostPhoto = await alteredArchive(archive, (dir) => fs.rmSync(path.join(dir, "uploads", "cccc-1200.webp")));
      expect((await restoreError({ archive: lostPhoto, ...target })).message).toMatch(
        /photos do not match the manifest \(cccc-1200\.webp\)/,
      );
      const noDatabase = await alteredArchive(archive, (dir) =>
        fs.rmSync(path.join(dir, postgres ? "database.json" : "wholesale-flower-finder.db")),
      );
      expect((await restoreError({ archive: noDatabase, ...target })).message).toMatch(/lacks its database .*incomplete/);
      for (const file of [notBackup, sneaky, lostPhoto, noDatabase])
        cleanups.push(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
    });

    /** An archive whose only entry's header declares `size` bytes, followed by a megabyte of it: a gzip bomb's opening. */
    function archiveDeclaring(name: string, size: number): string {
      const header = new tar.Header({ path: name, size, type: "File", mode: 0o644, mtime: new Date(T0) });
      header.encode();
      const file = path.join(tmp("wff-bomb-"), "bomb.tar.gz");
      cleanups.push(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
      fs.writeFileSync(file, zlib.gzipSync(Buffer.concat([header.block!, Buffer.alloc(1024 * 1024)])));
      return file;
    }

    it("refuses an entry larger than a backup holds, from its header, before writing it (#40.8)", async () => {
      const target = await newTarget();
      const database = archiveDeclaring(postgres ? "database.json" : "wholesale-flower-finder.db", 3 * 1024 ** 3 * 2);
      expect((await restoreError({ archive: database, ...target })).message).toMatch(
        postgres ? /would unpack to 6,144 MB, more than a backup's 256 MB/ : /would unpack to 6,144 MB, more than a backup's 4,096 MB/,
      );
      const manifest = archiveDeclaring("manifest.json", 300 * 1024 * 1024);
      expect((await restoreError({ archive: manifest, ...target })).message).toMatch(
        /manifest\.json would unpack to 300 MB, more than a backup's 4 MB/,
      );
      const photo = archiveDeclaring("uploads/big-1200.webp", 64 * 1024 * 1024);
      expect((await restoreError({ archive: photo, ...target })).message).toMatch(/uploads\/big-1200\.webp would unpack to 64 MB/);
      // Every entry within its limit, but more than the whole may be: the backup's real entries against a low total.
      expect((await restoreError({ archive, ...target, limits: { totalBytes: 20_000 } })).message).toMatch(
        /would unpack to more than 20,000 bytes/,
      );
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
    });

    it("checks the photos against the manifest's own entries: a photo named constructor or __proto__ is not listed (#40.8)", async () => {
      const target = await newTarget();
      for (const name of ["constructor", "__proto__", "toString"]) {
        const sneaky = await alteredArchive(archive, (dir) => fs.writeFileSync(path.join(dir, "uploads", name), "x"));
        cleanups.push(() => fs.rmSync(path.dirname(sneaky), { recursive: true, force: true }));
        expect((await restoreError({ archive: sneaky, ...target })).message, name).toMatch(/photos do not match the manifest/);
      }
    });

    it("names the admin accounts the restored database brings", async () => {
      const target = await newTarget();
      const report = await restoreBackup({ archive, ...target });
      expect(report.admins).toEqual(["ann@example.com"]);
      expect(report.schemaDifferences).toEqual([]);
    });

    // SQLite only: the PostgreSQL export holds rows, whose tables and columns are checked against the schema already.
    if (!postgres)
      it("refuses a SQLite backup whose schema has an extra table or trigger, and with --force restores it and lists them (#40.8)", async () => {
        const altered = await alteredArchive(archive, (dir) => {
          const copy = new SqliteDatabase(path.join(dir, "wholesale-flower-finder.db"));
          copy.exec("create table stolen (secret text)");
          copy.exec("create trigger keep_admin after update on admin_users begin update admin_users set password_hash = 'x'; end");
          copy.close();
        });
        cleanups.push(() => fs.rmSync(path.dirname(altered), { recursive: true, force: true }));
        const target = await newTarget();
        const refused = await restoreError({ archive: altered, ...target });
        expect(refused.message).toMatch(/not as this site makes it \(an extra table stolen; an extra trigger keep_admin\)/);
        expect(fs.readdirSync(target.dataDir)).toEqual([]);
        const forced = await restoreBackup({ archive: altered, ...target, force: true });
        expect(forced.schemaDifferences).toEqual(["an extra table stolen", "an extra trigger keep_admin"]);
      });

    it("refuses a backup of the other kind of database", async () => {
      const target = await newTarget();
      // A SQLite backup restored with DATABASE_URL set, or a PostgreSQL one without.
      const options = postgres
        ? { archive, dataDir: target.dataDir }
        : { archive, dataDir: target.dataDir, databaseUrl: "postgres://nobody@127.0.0.1:1/none" };
      expect((await restoreError(options)).message).toMatch(
        postgres
          ? /backup of a PostgreSQL database, and the configured database is SQLite/
          : /backup of a SQLite database, and the configured database is PostgreSQL/,
      );
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
    });

    it("leaves a forced target exactly as it was when the backup's data cannot be loaded", async () => {
      const target = await newTarget();
      await restoreBackup({ archive, ...target });
      await withTarget(target, (db) =>
        db
          .insertInto("states")
          .values({ id: "texas", name: "Texas", code: "TX", region: "Southwest", created_at: T0, updated_at: T0 })
          .execute(),
      );
      const before = await withTarget(target, (db) => tableContents(db, source.dialect));
      const broken = await alteredArchive(archive, (dir) => {
        if (postgres) {
          // A wholesaler in a state the backup does not have: the foreign key fails halfway through the load.
          const file = path.join(dir, "database.json");
          const exported = JSON.parse(fs.readFileSync(file, "utf8")) as { tables: Record<string, Record<string, unknown>[]> };
          exported.tables.wholesalers?.push({ ...exported.tables.wholesalers[0], id: 99, state_id: "atlantis" });
          fs.writeFileSync(file, JSON.stringify(exported));
        } else {
          fs.writeFileSync(path.join(dir, "wholesale-flower-finder.db"), Buffer.alloc(8192, 1));
        }
      });
      cleanups.push(() => fs.rmSync(path.dirname(broken), { recursive: true, force: true }));
      const error = await restoreError({ archive: broken, ...target, force: true });
      expect(error.message).toMatch(postgres ? /failed, and nothing was changed: .*foreign key/ : /database file is damaged/);
      expect(await withTarget(target, (db) => tableContents(db, source.dialect))).toEqual(before);
      expect(fs.readdirSync(path.join(target.dataDir, "uploads"))).toEqual(["cccc-1200.webp"]);
      expect(fs.readdirSync(target.dataDir).filter((name) => name.startsWith(".restore-"))).toEqual([]);
    });
  });
}
