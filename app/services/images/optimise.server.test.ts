import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { AppError } from "../errors";
import { createTestAdmin, openTestDatabase, TEST_DATABASES } from "../../../tests/support/test-databases";
import { IMAGE_WIDTHS } from "./constants";
import { optimiseStoredImages, ORPHAN_GRACE_MS } from "./optimise.server";
import { storeImage } from "./pipeline.server";

const T0 = "2026-01-01T00:00:00.000Z";
const ACTOR = { adminId: 0, email: "owner@example.com", ip: "127.0.0.1" };

/** A photo-like picture (noise compresses badly, like real photos do), made once per seed. */
const photos = new Map<number, Promise<Buffer>>();
function photo(seed: number): Promise<Buffer> {
  let made = photos.get(seed);
  if (!made) {
    const width = 1200;
    const height = 800;
    const pixels = Buffer.alloc(width * height * 3);
    let x = seed;
    for (let i = 0; i < pixels.length; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      pixels[i] = (i % 3 === 0 ? 150 : 60) + (x % 60);
    }
    made = sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    photos.set(seed, made);
  }
  return made;
}

const hashOf = (url: string) => /\/uploads\/([a-f0-9]+)-1200\.webp$/.exec(url)![1];
const variantFile = (dir: string, url: string, width: number) => path.join(dir, `${hashOf(url)}-${width}.webp`);
const variantFiles = (dir: string, url: string) => IMAGE_WIDTHS.map((width) => variantFile(dir, url, width));
const kb = (bytes: number) => Math.round(bytes / 1024).toLocaleString("en-US");
const bytesOf = (files: string[]) => files.reduce((sum, file) => sum + fs.statSync(file).size, 0);

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`image optimisation on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let dataDir: string;
    let uploads: string;
    const ids = { heavy: 0, broken: 0, good: 0, gone: 0, bundled: 0 };
    const urls = { heavy: "", broken: "", good: "", gone: "/uploads/0123456789abcdef0123456789abcdef-1200.webp" };

    const imageOf = async (table: "wholesalers" | "festivals" | "blog_posts", id: number) =>
      db.selectFrom(table).select(["image", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "optimise");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-optimise-data-"));
      uploads = path.join(dataDir, "uploads");

      // Stored the way an older pipeline might have: right sizes, but encoded at quality 100.
      const heavy = await storeImage(await photo(1), uploads);
      for (const width of IMAGE_WIDTHS) {
        fs.writeFileSync(
          variantFile(uploads, heavy.url, width),
          await sharp(await photo(1))
            .resize(width, Math.round(width / 1.5))
            .webp({ quality: 100 })
            .toBuffer(),
        );
      }
      urls.heavy = heavy.url;
      // One size lost.
      urls.broken = (await storeImage(await photo(2), uploads)).url;
      fs.rmSync(variantFile(uploads, urls.broken, 400));
      // Straight from today's pipeline.
      urls.good = (await storeImage(await photo(3), uploads)).url;

      ACTOR.adminId = (await createTestAdmin(db, { email: ACTOR.email })).adminId;
      await db
        .insertInto("states")
        .values({ id: "california", name: "California", code: "CA", region: "West", created_at: T0, updated_at: T0 })
        .execute();
      const wholesaler = (name: string, image: string) => ({
        name,
        address: "1 Wall St",
        city: "Los Angeles",
        state_id: "california",
        zipcode: "90014",
        type: "Wholesale",
        hours: "Mon-Sat 6AM-12PM",
        description: "A wholesaler.",
        image,
        image_updated_at: T0,
        latitude: 34,
        longitude: -118,
        featured: 0,
        created_at: T0,
        updated_at: T0,
      });
      ids.heavy = Number(
        (await db.insertInto("wholesalers").values(wholesaler("Heavy Blooms", urls.heavy)).returning("id").executeTakeFirstOrThrow()).id,
      );
      ids.gone = Number(
        (await db.insertInto("wholesalers").values(wholesaler("Lost Petals", urls.gone)).returning("id").executeTakeFirstOrThrow()).id,
      );
      ids.broken = Number(
        (
          await db
            .insertInto("festivals")
            .values({
              name: "Tulip Days",
              description: "Tulips.",
              start_date: "2026-04-01",
              end_date: "2026-04-02",
              location: "Park",
              city: "Holland",
              state: "Michigan",
              website: null,
              ticket_price: null,
              image: urls.broken,
              featured: 0,
              created_at: T0,
              updated_at: T0,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
      const post = (title: string, image: string) => ({
        title,
        excerpt: "An excerpt.",
        content: "Body.",
        category: "DIY",
        date: "2026-01-01",
        image,
        status: "published",
        created_at: T0,
        updated_at: T0,
      });
      ids.good = Number(
        (await db.insertInto("blog_posts").values(post("Good Photo", urls.good)).returning("id").executeTakeFirstOrThrow()).id,
      );
      ids.bundled = Number(
        (await db.insertInto("blog_posts").values(post("Site Photo", "/images/blog/spring.webp")).returning("id").executeTakeFirstOrThrow())
          .id,
      );

      // Files no record uses: one old, one just written (an upload in flight), one old leftover of a write.
      const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
      for (const name of ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-400.webp", "leftover.webp.1.abcd.tmp"]) {
        fs.writeFileSync(path.join(uploads, name), "x");
        fs.utimesSync(path.join(uploads, name), old, old);
      }
      fs.writeFileSync(path.join(uploads, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb-400.webp"), "x");
    });

    afterAll(async () => {
      await cleanup?.();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("re-encodes heavy images smaller, repairs missing sizes, keeps good ones and reports what it did", async () => {
      const heavyBytes = bytesOf(variantFiles(uploads, urls.heavy));
      const goodBytes = bytesOf(variantFiles(uploads, urls.good));
      const report = await optimiseStoredImages(db, { kind: "disk", dir: uploads }, ACTOR);

      expect(report).toMatchObject({ checked: 4, reencoded: 1, repaired: 1, unchanged: 1, bundled: 1, orphansRemoved: 2 });
      expect(report.missing).toEqual([{ table: "wholesalers", id: ids.gone, label: "Lost Petals", url: urls.gone }]);

      // The heavy image now points at smaller files, the old ones are gone, and editors opened before see a new version.
      const heavy = await imageOf("wholesalers", ids.heavy);
      expect(heavy.image).not.toBe(urls.heavy);
      expect(heavy.updated_at > T0).toBe(true);
      const newBytes = bytesOf(variantFiles(uploads, heavy.image!));
      expect(newBytes).toBeLessThan(heavyBytes * 0.9);
      for (const file of variantFiles(uploads, urls.heavy)) expect(fs.existsSync(file)).toBe(false);

      // The broken festival image has every size again, each 3:2.
      const festival = await imageOf("festivals", ids.broken);
      expect(festival.image).not.toBe(urls.broken);
      for (const width of IMAGE_WIDTHS) {
        const meta = await sharp(variantFile(uploads, festival.image!, width)).metadata();
        expect(meta).toMatchObject({ format: "webp", width, height: Math.round(width / 1.5) });
      }
      for (const file of variantFiles(uploads, urls.broken)) expect(fs.existsSync(file)).toBe(false);

      // The good image and the site's own image are untouched.
      expect(await imageOf("blog_posts", ids.good)).toEqual({ image: urls.good, updated_at: T0 });
      expect(bytesOf(variantFiles(uploads, urls.good))).toBe(goodBytes);
      expect((await imageOf("blog_posts", ids.bundled)).image).toBe("/images/blog/spring.webp");

      // Old unused files are removed; the one an upload may still be about to use is kept.
      expect(fs.existsSync(path.join(uploads, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-400.webp"))).toBe(false);
      expect(fs.existsSync(path.join(uploads, "leftover.webp.1.abcd.tmp"))).toBe(false);
      expect(fs.existsSync(path.join(uploads, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb-400.webp"))).toBe(true);

      expect(report.message).toBe(
        `Checked 4 uploaded images, 1 re-encoded smaller, 1 repaired, 1 already optimal. ${kb(report.bytesBefore)} KB before, ${kb(report.bytesAfter)} KB after. Removed 2 unused files. 1 record points at an image whose files are gone: upload a new one.`,
      );
      expect(report.bytesAfter).toBeLessThan(report.bytesBefore);

      const audit = await db
        .selectFrom("audit_log")
        .select(["actor", "details", "ip"])
        .where("action", "=", "tools.optimise_images")
        .executeTakeFirstOrThrow();
      expect(audit.actor).toBe(ACTOR.email);
      expect(JSON.parse(audit.details!)).toMatchObject({ label: report.message, reencoded: 1, repaired: 1, missing: 1 });
    });

    it("changes nothing on a second run, so images are not worn down by re-encoding", async () => {
      const before = await Promise.all([
        imageOf("wholesalers", ids.heavy),
        imageOf("festivals", ids.broken),
        imageOf("blog_posts", ids.good),
      ]);
      const files = fs.readdirSync(uploads).sort();
      const report = await optimiseStoredImages(db, { kind: "disk", dir: uploads }, ACTOR);
      expect(report).toMatchObject({ checked: 4, reencoded: 0, repaired: 0, unchanged: 3, orphansRemoved: 0 });
      expect(
        await Promise.all([imageOf("wholesalers", ids.heavy), imageOf("festivals", ids.broken), imageOf("blog_posts", ids.good)]),
      ).toEqual(before);
      expect(fs.readdirSync(uploads).sort()).toEqual(files);
    });

    it("refuses a second run while one is going", async () => {
      const first = optimiseStoredImages(db, { kind: "disk", dir: uploads }, ACTOR);
      const second = await optimiseStoredImages(db, { kind: "disk", dir: uploads }, ACTOR).then(
        () => undefined,
        (error: unknown) => error,
      );
      await first;
      expect(second).toBeInstanceOf(AppError);
      expect((second as AppError).message).toBe("Image optimization is already running. Try again when it has finished.");
    });
  });
}
