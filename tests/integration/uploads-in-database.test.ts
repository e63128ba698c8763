import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const IMMUTABLE = "public, max-age=31536000, immutable";
const WIDTHS = [400, 800, 1200] as const;

/** A photo of one colour: each colour is other content, so another name. */
const photo = (green: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: green, b: 90 } } })
    .jpeg()
    .toBuffer();

async function upload(server: RunningServer, cookie: string, wholesalerId: number, green: number): Promise<string> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(await photo(green))], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${server.url}/api/upload/wholesaler/${wholesalerId}`, { method: "POST", body: form, headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

const variantUrls = (imageUrl: string) => WIDTHS.map((width) => imageUrl.replace("-1200.webp", `-${width}.webp`));

/** The names in image_blobs, read from the database itself. */
async function blobNames(target: { dataDir: string; databaseUrl?: string | undefined }): Promise<string[]> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ name: string }>("select name from image_blobs order by name")).rows.map((row) => row.name);
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(target.dataDir, "wholesale-flower-finder.db"), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select name from image_blobs order by name").all() as { name: string }[]).map((row) => row.name);
  } finally {
    db.close();
  }
}

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

/** `npm run db:restore -- <archive>` with the given DATA_DIR, DATABASE_URL and UPLOADS_STORAGE. */
function runRestore(archive: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "db:restore", "--", archive],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const DATABASES = [
  { name: "SQLite", enabled: true },
  { name: "PostgreSQL", enabled: runPostgres },
] as const;

for (const database of DATABASES) {
  describe.runIf(database.enabled)(`UPLOADS_STORAGE=database on ${database.name}`, () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    const servers: RunningServer[] = [];
    let server: RunningServer;
    let cookie: string;
    let databaseUrl: string | undefined;
    const tmp = (prefix: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      return dir;
    };
    const newDatabaseUrl = async () => {
      if (database.name !== "PostgreSQL") return undefined;
      const created = await createTestDatabase();
      cleanups.push(() => created.drop());
      return created.url;
    };
    const start = async (env: Record<string, string>) => {
      const started = await startServer(env);
      servers.push(started);
      return started;
    };

    beforeAll(async () => {
      databaseUrl = await newDatabaseUrl();
      server = await start({
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        UPLOADS_STORAGE: "database",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      cookie = await signIn(server);
    });
    afterAll(async () => {
      for (const started of servers) await started.stop();
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("serves an upload from the database with immutable caching, an ETag and a 304, and writes no file", async () => {
      const imageUrl = await upload(server, cookie, 1, 40);
      expect(imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}-1200\.webp$/);
      for (const [index, url] of variantUrls(imageUrl).entries()) {
        const response = await fetch(`${server.url}${url}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/webp");
        expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        const etag = response.headers.get("etag");
        expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(response.headers.get("content-length")).toBe(String(bytes.length));
        expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: WIDTHS[index] });

        const again = await fetch(`${server.url}${url}`, { headers: { "if-none-match": etag! } });
        expect(again.status).toBe(304);
        expect(again.headers.get("etag")).toBe(etag);
        expect(again.headers.get("cache-control")).toBe(IMMUTABLE);
        expect((await again.arrayBuffer()).byteLength).toBe(0);
        const other = await fetch(`${server.url}${url}`, { headers: { "if-none-match": '"something-else"' } });
        expect(other.status).toBe(200);
        expect(Buffer.from(await other.arrayBuffer()).equals(bytes)).toBe(true);
      }
      const head = await fetch(`${server.url}${imageUrl}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);

      // The listing shows it; the bytes are rows of the database and the data folder holds no upload.
      const [listing] = (
        (await (await fetch(`${server.url}/api/wholesalers/state/california`)).json()) as { id: number; image: string }[]
      ).filter((w) => w.id === 1);
      expect(listing?.image).toBe(imageUrl);
      expect(await blobNames({ dataDir: server.dataDir, databaseUrl })).toEqual(
        variantUrls(imageUrl)
          .map((url) => path.basename(url))
          .sort(),
      );
      expect(filesIn(path.join(server.dataDir, "uploads"))).toEqual([]);

      for (const unknown of ["/uploads/0000000000000000-1200.webp", "/uploads/..%2Fwholesale-flower-finder.db", "/uploads/"]) {
        const response = await fetch(`${server.url}${unknown}`);
        expect(response.status, unknown).toBe(404);
        expect(await response.text()).toBe("Image not found.");
        expect(response.headers.get("cache-control")).toBe("no-store");
      }
    });

    it("replaces a photo: the new one is served at once and the old one's URL answers 404", async () => {
      const first = await upload(server, cookie, 2, 60);
      const second = await upload(server, cookie, 2, 80);
      expect(second).not.toBe(first);
      expect((await fetch(`${server.url}${second}`)).status).toBe(200);
      for (const url of variantUrls(first)) expect((await fetch(`${server.url}${url}`)).status, url).toBe(404);
      const names = await blobNames({ dataDir: server.dataDir, databaseUrl });
      for (const url of variantUrls(first)) expect(names).not.toContain(path.basename(url));
    });

    it("puts every image in the backup as a file, and db:restore brings them back in database mode and in disk mode", async () => {
      const imageUrl = await upload(server, cookie, 3, 100);
      const photoBytes = Buffer.from(await (await fetch(`${server.url}${imageUrl}`)).arrayBuffer());
      const etag = (await fetch(`${server.url}${imageUrl}`, { method: "HEAD" })).headers.get("etag");
      const stored = await blobNames({ dataDir: server.dataDir, databaseUrl });

      const response = await fetch(`${server.url}/admin/tools/backup`, { method: "POST", headers: { cookie } });
      expect(response.status).toBe(200);
      const archive = path.join(tmp("wff-archive-"), "backup.tar.gz");
      fs.writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
      const unpacked = tmp("wff-unpacked-");
      await tar.x({ file: archive, cwd: unpacked });
      const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8")) as {
        uploads: Record<string, number>;
        uploadsStorage: string;
      };
      expect(manifest.uploadsStorage).toBe("database");
      expect(Object.keys(manifest.uploads).sort()).toEqual(stored);
      expect(filesIn(path.join(unpacked, "uploads"))).toEqual(stored);
      expect(fs.readFileSync(path.join(unpacked, "uploads", path.basename(imageUrl))).equals(photoBytes)).toBe(true);
      // The database entry carries no image bytes: they are in the archive once, as files.
      if (database.name === "SQLite") {
        expect(await blobNames({ dataDir: unpacked })).toEqual([]);
      } else {
        const exported = JSON.parse(fs.readFileSync(path.join(unpacked, "database.json"), "utf8")) as { tables: Record<string, unknown[]> };
        expect(exported.tables.image_blobs).toEqual([]);
      }

      // Into database mode: the same rows, served by a server started on the restored database, with the same ETag.
      const intoDatabase = { DATA_DIR: tmp("wff-restored-db-"), UPLOADS_STORAGE: "database", ...(await urlEnv(newDatabaseUrl)) };
      const restored = await runRestore(archive, intoDatabase);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(new RegExp(`and ${stored.length} uploaded files\\.`));
      expect(await blobNames({ dataDir: intoDatabase.DATA_DIR, databaseUrl: intoDatabase.DATABASE_URL })).toEqual(stored);
      expect(filesIn(path.join(intoDatabase.DATA_DIR, "uploads"))).toEqual([]);
      const fromDatabase = await start({ ...intoDatabase, SEED: "false" });
      const served = await fetch(`${fromDatabase.url}${imageUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("etag")).toBe(etag);
      expect(Buffer.from(await served.arrayBuffer()).equals(photoBytes)).toBe(true);

      // Into disk mode: the same files in DATA_DIR/uploads, served from there.
      const intoDisk = { DATA_DIR: tmp("wff-restored-disk-"), UPLOADS_STORAGE: "disk", ...(await urlEnv(newDatabaseUrl)) };
      const onDisk = await runRestore(archive, intoDisk);
      expect(onDisk.stderr).toBe("");
      expect(onDisk.code).toBe(0);
      expect(filesIn(path.join(intoDisk.DATA_DIR, "uploads"))).toEqual(stored);
      expect(await blobNames({ dataDir: intoDisk.DATA_DIR, databaseUrl: intoDisk.DATABASE_URL })).toEqual([]);
      const fromDisk = await start({ ...intoDisk, SEED: "false" });
      const file = await fetch(`${fromDisk.url}${imageUrl}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(photoBytes)).toBe(true);
    }, 120_000);
  });
}

/** DATABASE_URL for a restore target, when the suite runs on PostgreSQL. */
async function urlEnv(newDatabaseUrl: () => Promise<string | undefined>): Promise<{ DATABASE_URL?: string }> {
  const url = await newDatabaseUrl();
  return url ? { DATABASE_URL: url } : {};
}

describe.runIf(runPostgres)("two servers on one PostgreSQL database with UPLOADS_STORAGE=database", () => {
  const servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await drop?.();
  });

  it("serves on B the image uploaded through A, and after a replace through B, A no longer serves the old one", async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    const env = {
      DATABASE_URL: created.url,
      UPLOADS_STORAGE: "database",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SESSION_SECRET: "a-session-secret-shared-by-both-servers-0123456789",
    };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    servers.push(a!, b!);
    const first = await upload(a!, await signIn(a!), 1, 120);
    const fromA = await fetch(`${a!.url}${first}`);
    const fromB = await fetch(`${b!.url}${first}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("etag")).toBe(fromA.headers.get("etag"));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);

    const second = await upload(b!, await signIn(b!), 1, 140);
    expect((await fetch(`${a!.url}${second}`)).status).toBe(200);
    expect((await fetch(`${a!.url}${first}`)).status).toBe(404);
    expect(filesIn(path.join(a!.dataDir, "uploads"))).toEqual([]);
    expect(filesIn(path.join(b!.dataDir, "uploads"))).toEqual([]);
  }, 120_000);
});

describe("UPLOADS_STORAGE", () => {
  it("stops the server with a message naming the variable when its value is neither disk nor database", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-bad-storage-"));
    try {
      await expect(startServer({ DATA_DIR: dataDir, UPLOADS_STORAGE: "s3" })).rejects.toThrow(/UPLOADS_STORAGE: must be disk or database/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("serves uploads from DATA_DIR/uploads by default, with the same caching and a 304", async () => {
    const server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    try {
      const imageUrl = await upload(server, await signIn(server), 1, 160);
      expect(filesIn(path.join(server.dataDir, "uploads"))).toEqual(
        variantUrls(imageUrl)
          .map((url) => path.basename(url))
          .sort(),
      );
      expect(await blobNames({ dataDir: server.dataDir })).toEqual([]);
      const response = await fetch(`${server.url}${imageUrl}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
      // As a browser revalidates: fetch() itself adds "Cache-Control: no-cache" to a conditional request, which
      // express.static (disk mode) takes as "send it all"; the database mode answers 304 either way.
      const again = await fetch(`${server.url}${imageUrl}`, {
        headers: { "if-none-match": response.headers.get("etag")!, "cache-control": "max-age=0" },
      });
      expect(again.status).toBe(304);
    } finally {
      await server.stop();
    }
  });
});
