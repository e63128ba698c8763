/**
 * Measures the image pipeline on this machine: how long an upload's re-encoding takes for typical photos,
 * what it stores, and how long the Image optimisation tool takes over a set of stored images.
 * Usage: npm run bench:images [-- <images for the tool run, default 20>]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { openDatabase } from "../app/db/client.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { optimiseStoredImages } from "../app/services/images/optimise.server";
import { storeImage } from "../app/services/images/pipeline.server";

const count = Number(process.argv[2] ?? 20);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-bench-images-"));
const uploads = path.join(dataDir, "uploads");

/** A photo-like picture: smooth gradients with noise, which compresses like a real photo. */
async function photo(width: number, height: number, seed: number, format: "jpeg" | "png" | "webp") {
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < pixels.length; i += 3) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 3;
    const noise = x % 24;
    pixels[i] = ((p % width) * 200) / width + noise;
    pixels[i + 1] = (Math.floor(p / width) * 160) / height + noise;
    pixels[i + 2] = 90 + noise;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === "jpeg"
    ? image.jpeg({ quality: 88 }).toBuffer()
    : format === "png"
      ? image.png().toBuffer()
      : image.webp({ quality: 90 }).toBuffer();
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  console.log(`image pipeline on ${os.cpus().length} cores, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`);
  for (const [label, width, height, format] of [
    ["12 MP JPEG (phone photo)", 4000, 3000, "jpeg"],
    ["2 MP JPEG", 1800, 1200, "jpeg"],
    ["2 MP PNG", 1800, 1200, "png"],
    ["2 MP WebP", 1800, 1200, "webp"],
  ] as const) {
    const input = await photo(width, height, width + height, format);
    const times: number[] = [];
    let stored = { url: "", files: [] as string[] };
    for (let run = 0; run < 3; run++) {
      const start = process.hrtime.bigint();
      stored = await storeImage(input, uploads);
      times.push(ms(start));
    }
    const sizes = stored.files.map((file) => kb(fs.statSync(path.join(uploads, file)).size));
    console.log(
      `${label}: input ${kb(input.length)}, stored 400/800/1200 = ${sizes.join(" / ")}, median ${times.sort((a, b) => a - b)[1]!.toFixed(0)} ms`,
    );
  }

  const handle = openDatabase({ DATA_DIR: dataDir });
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  await handle.db
    .insertInto("states")
    .values({ id: "california", name: "California", code: "CA", region: "West", created_at: now, updated_at: now })
    .execute();
  const admin = await handle.db
    .insertInto("admin_users")
    .values({ email: "bench@example.com", name: null, password_hash: "x", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (let i = 0; i < count; i++) {
    const { url } = await storeImage(await photo(1800, 1200, 1000 + i, "jpeg"), uploads);
    await handle.db
      .insertInto("wholesalers")
      .values({
        name: `Bench ${i}`,
        address: `${i} Main St`,
        city: "Los Angeles",
        state_id: "california",
        zipcode: "90014",
        type: "Wholesale",
        hours: "",
        description: "",
        image: url,
        image_updated_at: now,
        phone: null,
        website: null,
        latitude: 34,
        longitude: -118,
        featured: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const actor = { adminId: Number(admin.id), email: "bench@example.com", ip: "127.0.0.1" };
  let start = process.hrtime.bigint();
  const first = await optimiseStoredImages(handle.db, { kind: "disk", dir: uploads }, actor);
  console.log(
    `Image optimisation over ${count} stored images: ${ms(start).toFixed(0)} ms (${(ms(start) / count).toFixed(0)} ms an image): ${first.message}`,
  );
  start = process.hrtime.bigint();
  const second = await optimiseStoredImages(handle.db, { kind: "disk", dir: uploads }, actor);
  console.log(`second run: ${ms(start).toFixed(0)} ms: ${second.message}`);
  await handle.close();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
