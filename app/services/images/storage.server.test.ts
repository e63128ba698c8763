import { sql, type Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import type { Actor } from "../admin/list";
import { createTestAdmin, openTestDatabase, TEST_DATABASES } from "../../../tests/support/test-databases";
import { IMAGE_WIDTHS } from "./constants";
import { optimiseStoredImages, ORPHAN_GRACE_MS } from "./optimise.server";
import { setRecordImage } from "./record-image.server";
import { etagOf, storedFileNames, type ImageStorage } from "./storage.server";
import { IMAGE_TABLES } from "./usage.server";

const T0 = "2026-01-01T00:00:00.000Z";
const IN_DATABASE: ImageStorage = { kind: "database" };

/** A small photo of one colour: each colour is other content, so another name. */
const photo = (green: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: green, b: 90 } } })
    .jpeg()
    .toBuffer();

/** The failures a trigger simulates halfway through replacing a photo, each at another step of the transaction. */
const FAILURES = [
  { step: "writing the new bytes", table: "image_blobs", event: "insert" },
  { step: "pointing the record at them", table: "wholesalers", event: "update" },
  { step: "removing the old bytes", table: "image_blobs", event: "delete" },
] as const;

async function failOn(handle: DatabaseHandle, table: string, event: string) {
  if (handle.dialect === "sqlite") {
    await sql
      .raw(`create trigger simulated_failure before ${event} on ${table} begin select raise(abort, 'simulated failure'); end`)
      .execute(handle.db);
    return;
  }
  await sql
    .raw(
      `create or replace function simulated_failure() returns trigger language plpgsql as $$ begin raise exception 'simulated failure'; end $$;
       create trigger simulated_failure before ${event} on ${table} for each row execute function simulated_failure()`,
    )
    .execute(handle.db);
}

async function stopFailing(handle: DatabaseHandle, table: string) {
  await sql.raw(`drop trigger simulated_failure${handle.dialect === "sqlite" ? "" : ` on ${table}`}`).execute(handle.db);
}

const blobNames = async (db: Kysely<Database>) =>
  (await db.selectFrom("image_blobs").select("name").orderBy("name").execute()).map((row) => row.name);

/** The invariant: every uploaded image a record points at has all its bytes stored. */
async function recordsWithoutTheirBytes(db: Kysely<Database>): Promise<string[]> {
  const stored = new Set(await blobNames(db));
  const broken: string[] = [];
  for (const table of IMAGE_TABLES) {
    for (const { image } of await db.selectFrom(table).select("image").where("image", "like", "/uploads/%").execute()) {
      if (!storedFileNames(image!).every((name) => stored.has(name))) broken.push(`${table}: ${image}`);
    }
  }
  return broken;
}

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`images stored in the database on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;
    const ids = { first: 0, second: 0 };

    const wholesaler = (name: string) => ({
      name,
      address: "1 Wall St",
      city: "Los Angeles",
      state_id: "california",
      zipcode: "90014",
      type: "Wholesale",
      hours: "",
      description: "",
      latitude: 34,
      longitude: -118,
      featured: 0,
      created_at: T0,
      updated_at: T0,
    });
    const imageOf = async (id: number) =>
      (await db.selectFrom("wholesalers").select("image").where("id", "=", id).executeTakeFirstOrThrow()).image;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "image-storage");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db);
      await db
        .insertInto("states")
        .values({ id: "california", name: "California", code: "CA", region: "West", created_at: T0, updated_at: T0 })
        .execute();
      for (const key of ["first", "second"] as const) {
        ids[key] = Number((await db.insertInto("wholesalers").values(wholesaler(key)).returning("id").executeTakeFirstOrThrow()).id);
      }
    });
    afterAll(async () => {
      await cleanup?.();
    });

    it("stores every width of an upload as a row, with its type, size and ETag", async () => {
      const { imageUrl } = await setRecordImage(db, "wholesaler", ids.first, await photo(10), IN_DATABASE, actor);
      expect(await imageOf(ids.first)).toBe(imageUrl);
      expect(await blobNames(db)).toEqual([...storedFileNames(imageUrl)].sort());
      for (const [index, width] of IMAGE_WIDTHS.entries()) {
        const row = await db
          .selectFrom("image_blobs")
          .selectAll()
          .where("name", "=", storedFileNames(imageUrl)[index]!)
          .executeTakeFirstOrThrow();
        const bytes = Buffer.from(row.bytes);
        expect(row).toMatchObject({ content_type: "image/webp", size: bytes.length, etag: etagOf(bytes) });
        expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width, height: Math.round(width / 1.5) });
      }
    });

    it("replaces a photo and removes the old bytes in the same transaction, keeping bytes another record still uses", async () => {
      const old = (await imageOf(ids.first))!;
      const { imageUrl } = await setRecordImage(db, "wholesaler", ids.first, await photo(20), IN_DATABASE, actor);
      expect(await blobNames(db)).toEqual([...storedFileNames(imageUrl)].sort());
      expect(storedFileNames(old).some((name) => storedFileNames(imageUrl).includes(name))).toBe(false);

      // The second record takes the same photo; replacing the first one's keeps it for the second.
      await setRecordImage(db, "wholesaler", ids.second, await photo(20), IN_DATABASE, actor);
      const replaced = await setRecordImage(db, "wholesaler", ids.first, await photo(30), IN_DATABASE, actor);
      expect(await blobNames(db)).toEqual([...storedFileNames(imageUrl), ...storedFileNames(replaced.imageUrl)].sort());
      expect(await recordsWithoutTheirBytes(db)).toEqual([]);
    });

    it.each(FAILURES)("leaves the record, its photo and its bytes as they were when $step fails", async ({ table, event }) => {
      const before = { image: await imageOf(ids.first), blobs: await blobNames(db) };
      await failOn(handle, table, event);
      try {
        const error = await setRecordImage(db, "wholesaler", ids.first, await photo(40), IN_DATABASE, actor).then(
          () => undefined,
          (reason: unknown) => reason as Error,
        );
        expect(error?.message).toMatch(/simulated failure/);
      } finally {
        await stopFailing(handle, table);
      }
      expect(await imageOf(ids.first)).toBe(before.image);
      expect(await blobNames(db)).toEqual(before.blobs);
      expect(await recordsWithoutTheirBytes(db)).toEqual([]);
    });

    it("has the optimise tool repair an image with a lost size and remove only old bytes that no record uses", async () => {
      const current = (await imageOf(ids.first))!;
      // One size lost; one row no record uses, old; one just written (an upload in flight).
      await db.deleteFrom("image_blobs").where("name", "=", storedFileNames(current)[0]!).execute();
      const orphan = (name: string, at: string) => ({
        name,
        content_type: "image/webp",
        bytes: Buffer.from("x"),
        size: 1,
        etag: etagOf(Buffer.from("x")),
        created_at: at,
      });
      await db
        .insertInto("image_blobs")
        .values([
          orphan("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-400.webp", new Date(Date.now() - ORPHAN_GRACE_MS - 60_000).toISOString()),
          orphan("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb-400.webp", new Date().toISOString()),
        ])
        .execute();

      const report = await optimiseStoredImages(db, IN_DATABASE, actor);
      expect(report).toMatchObject({ checked: 2, repaired: 1, orphansRemoved: 1, missing: [] });
      const repaired = (await imageOf(ids.first))!;
      expect(repaired).not.toBe(current);
      const names = await blobNames(db);
      expect(names).toContain("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb-400.webp");
      expect(names).not.toContain("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-400.webp");
      for (const name of storedFileNames(current)) expect(names).not.toContain(name);
      for (const name of storedFileNames(repaired)) expect(names).toContain(name);
      expect(await recordsWithoutTheirBytes(db)).toEqual([]);
    });
  });
}
