import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { startServer, type RunningServer } from "../support/server";

const FULL_MESSAGE = "The server's disk is full, so the photo was not saved. The current photo is kept; please try again later.";
const UNWRITABLE_MESSAGE =
  "The photo folder cannot be written to right now, so the photo was not saved. The current photo is kept; please try again later.";

/** Only root can mount a file system of its own; root also ignores file permissions. */
const asRoot = process.getuid?.() === 0;

/** A photo whose WebP variants take room: random pixels do not compress. */
const noisyPhoto = () =>
  sharp(crypto.randomBytes(1200 * 800 * 3), { raw: { width: 1200, height: 800, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
/** A photo of one colour: its variants are small, and each green gives other content (another file name). */
const plainPhoto = (green: number) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: green, b: 60 } } })
    .jpeg()
    .toBuffer();

/**
 * The upload folder full (a 256 KB tmpfs mounted on DATA_DIR/uploads, filled up) or not writable (that
 * tmpfs remounted read-only; without root, the folder's write permission taken away) while an admin uploads
 * a wholesaler's photo: a clear message (507 for a full disk, 503 for a folder that cannot be written), no
 * partial file left, the old photo kept and served, the record unchanged; and uploads work again afterwards.
 */
describe("an upload when the photo folder is full or cannot be written", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-upload-faults-"));
  const uploads = path.join(dataDir, "uploads");
  let mounted = false;
  let server: RunningServer;
  let cookie: string;
  let database: SqliteDatabase.Database;

  beforeAll(async () => {
    fs.mkdirSync(uploads);
    if (asRoot) {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", uploads]);
      mounted = true;
    }
    server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    cookie = await signIn(server);
    database = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  });
  afterAll(async () => {
    database?.close();
    await server?.stop();
    try {
      if (mounted) execFileSync("umount", [uploads]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const upload = async (photo: Buffer) => {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
    const response = await fetch(`${server.url}/api/upload/wholesaler/1`, { method: "POST", body: form, headers: { cookie } });
    return { status: response.status, body: (await response.json()) as { message?: string; imageUrl?: string } };
  };
  const record = () =>
    database.prepare("select image, updated_at from wholesalers where id = 1").get() as { image: string; updated_at: string };
  const files = () => fs.readdirSync(uploads).sort();

  /** The refused upload changed nothing: the same files, the same record, and its photo still served. */
  async function expectNothingChanged(before: { files: string[]; record: ReturnType<typeof record> }) {
    expect(files(), "no partial or temporary file is left").toEqual(before.files);
    expect(record()).toEqual(before.record);
    const photo = await fetch(`${server.url}${before.record.image}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    await photo.arrayBuffer();
  }

  it.runIf(asRoot)("a full disk answers 507 with a message and keeps the old photo", async () => {
    const first = await upload(await plainPhoto(100));
    expect(first.status, first.body.message).toBe(200);
    // Fill the folder up, leaving less room than the next photo's three sizes need.
    const free = () => fs.statfsSync(uploads).bavail * fs.statfsSync(uploads).bsize;
    fs.writeFileSync(path.join(uploads, "filler"), Buffer.alloc(Math.max(0, free() - 48 * 1024)));
    const before = { files: files(), record: record() };
    expect(before.record.image).toBe(first.body.imageUrl);

    server.expectLog(/^\/api\/upload\/wholesaler\/1$/);
    const refused = await upload(await noisyPhoto());
    expect(refused).toEqual({ status: 507, body: { message: FULL_MESSAGE } });
    await expectNothingChanged(before);

    fs.rmSync(path.join(uploads, "filler"));
    const again = await upload(await plainPhoto(110));
    expect(again.status, again.body.message).toBe(200);
    expect(record().image).toBe(again.body.imageUrl);
  });

  it("a folder that cannot be written answers 503 with a message and keeps the old photo, until it can again", async () => {
    const first = await upload(await plainPhoto(120));
    expect(first.status, first.body.message).toBe(200);
    const before = { files: files(), record: record() };
    if (mounted) execFileSync("mount", ["-o", "remount,ro", uploads]);
    else fs.chmodSync(uploads, 0o555);
    try {
      server.expectLog(/^\/api\/upload\/wholesaler\/1$/);
      const refused = await upload(await noisyPhoto());
      expect(refused).toEqual({ status: 503, body: { message: UNWRITABLE_MESSAGE } });
      await expectNothingChanged(before);
    } finally {
      if (mounted) execFileSync("mount", ["-o", "remount,rw", uploads]);
      else fs.chmodSync(uploads, 0o755);
    }
    const again = await upload(await plainPhoto(130));
    expect(again.status, again.body.message).toBe(200);
    expect(record().image).toBe(again.body.imageUrl);
  });
});
