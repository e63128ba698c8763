import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { startServer, type RunningServer } from "../support/server";

const MB = 1024 * 1024;

/** A decompression bomb's opening: a valid PNG header that claims the given size, with one tiny row of data. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function photo(format: "jpeg" | "png" | "webp", width = 1600, height = 1000, withExif = false) {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#166534"/></svg>`,
      ),
    },
  ]);
  if (withExif) {
    image = image.withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: "TestCam", Model: "Bloom 1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "34/1 2/1 0/1" } },
    });
  }
  return image.toFormat(format).toBuffer();
}

/** The stored file names: DATA_DIR/uploads on disk, the image_blobs rows in the database. */
function storedNames(server: RunningServer, storage: "disk" | "database"): string[] {
  if (storage === "disk") {
    const dir = path.join(server.dataDir, "uploads");
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  }
  const db = new Database(path.join(server.dataDir, "wholesale-flower-finder.db"), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select name from image_blobs order by name").all() as { name: string }[]).map((row) => row.name);
  } finally {
    db.close();
  }
}

describe.each(["disk", "database"] as const)("POST /api/upload/wholesaler/{id} (UPLOADS_STORAGE=%s)", (storage) => {
  let server: RunningServer;
  let cookie: string;
  const upload = (
    id: number | string,
    parts: { name: string; file: Buffer; filename?: string; type?: string }[],
    headers: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const part of parts)
      form.append(part.name, new Blob([new Uint8Array(part.file)], { type: part.type ?? "image/jpeg" }), part.filename ?? "photo.jpg");
    return fetch(`${server.url}/api/upload/wholesaler/${id}`, { method: "POST", body: form, headers: { cookie, ...headers } });
  };

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, UPLOADS_STORAGE: storage });
    cookie = await signIn(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(["jpeg", "png", "webp"] as const)("stores a %s as 3:2 WebP variants of 400, 800 and 1200 px", async (format) => {
    const response = await upload(1, [{ name: "image", file: await photo(format), type: `image/${format}` }]);
    expect(response.status).toBe(200);
    const { imageUrl } = (await response.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}-1200\.webp$/);
    for (const width of [400, 800, 1200]) {
      const variant = await fetch(`${server.url}${imageUrl.replace("-1200", `-${width}`)}`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get("content-type")).toBe("image/webp");
      expect(variant.headers.get("cache-control")).toContain("immutable");
      const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: Math.round(width / 1.5) });
    }
    // Wholesaler 1 (the Original Los Angeles Flower Market, 90014) shows the new photo wherever it is listed.
    for (const list of ["state/california", "zipcode/90014"]) {
      const wholesalers = (await (await fetch(`${server.url}/api/wholesalers/${list}`)).json()) as { id: number; image: string | null }[];
      expect(
        wholesalers.find((w) => w.id === 1),
        list,
      ).toMatchObject({ id: 1, image: imageUrl });
    }
  });

  it("auto-rotates by EXIF and strips EXIF and GPS", async () => {
    const response = await upload(2, [{ name: "image", file: await photo("jpeg", 1200, 1800, true) }]);
    expect(response.status).toBe(200);
    const { imageUrl } = (await response.json()) as { imageUrl: string };
    const stored = Buffer.from(await (await fetch(`${server.url}${imageUrl}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from("TestCam"))).toBe(false);
  });

  it("removes the previous image's files once no record uses them", async () => {
    const first = (await (await upload(3, [{ name: "image", file: await photo("png", 900, 600) }])).json()) as { imageUrl: string };
    const second = (await (await upload(3, [{ name: "image", file: await photo("webp", 1000, 700) }])).json()) as { imageUrl: string };
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect((await fetch(`${server.url}${first.imageUrl}`)).status).toBe(404);
    expect(storedNames(server, storage)).toContain(path.basename(second.imageUrl));
    expect(storedNames(server, storage)).not.toContain(path.basename(first.imageUrl));
  });

  const refusals: [string, () => Promise<Response>, number][] = [
    ["no session", async () => fetch(`${server.url}/api/upload/wholesaler/1`, { method: "POST", body: new FormData() }), 401],
    ["a cross-site Origin", async () => upload(1, [{ name: "image", file: await photo("jpeg") }], { origin: "https://evil.example" }), 403],
    [
      "5 MB + 1 byte",
      async () => upload(1, [{ name: "image", file: Buffer.concat([await photo("jpeg", 400, 300), Buffer.alloc(5 * MB + 1)]) }]),
      413,
    ],
    [
      "a GIF",
      async () =>
        upload(1, [
          {
            name: "image",
            file: await sharp({ create: { width: 30, height: 20, channels: 3, background: "#f00" } })
              .gif()
              .toBuffer(),
            type: "image/gif",
          },
        ]),
      415,
    ],
    [
      "an SVG with a script",
      async () =>
        upload(1, [
          {
            name: "image",
            file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
            type: "image/svg+xml",
            filename: "x.svg",
          },
        ]),
      415,
    ],
    [
      "HTML renamed .jpg",
      async () => upload(1, [{ name: "image", file: Buffer.from("<!doctype html><html><body>hi</body></html>") }]),
      415,
    ],
    [
      "a JPEG/HTML polyglot",
      async () =>
        upload(1, [
          { name: "image", file: Buffer.concat([await photo("jpeg", 300, 200), Buffer.from("<html><script>alert(1)</script></html>")]) },
        ]),
      415,
    ],
    [
      "a truncated PNG",
      async () => upload(1, [{ name: "image", file: (await photo("png", 800, 600)).subarray(0, 2000), type: "image/png" }]),
      415,
    ],
    ["a zero-byte file", async () => upload(1, [{ name: "image", file: Buffer.alloc(0) }]), 415],
    ["a 20000x20000 image", async () => upload(1, [{ name: "image", file: pngHeaderClaiming(20000, 20000), type: "image/png" }]), 413],
    [
      "two files",
      async () =>
        upload(1, [
          { name: "image", file: await photo("jpeg", 300, 200) },
          { name: "image", file: await photo("jpeg", 300, 200) },
        ]),
      400,
    ],
    ["an unknown wholesaler", async () => upload(999999, [{ name: "image", file: await photo("jpeg", 300, 200) }]), 404],
    ["a malformed id", async () => upload("abc", [{ name: "image", file: await photo("jpeg", 300, 200) }]), 400],
  ];

  it.each(refusals)("refuses %s", async (_label, send, status) => {
    const before = storedNames(server, storage);
    const response = await send();
    expect(response.status).toBe(status);
    const body = (await response.json()) as { message: string };
    expect(typeof body.message).toBe("string");
    if (status === 413 && _label.startsWith("5 MB")) expect(body.message).toBe("File size exceeds the maximum limit of 5MB.");
    if (status === 415) expect(body.message).toMatch(/JPG, PNG or WebP/);
    const after = storedNames(server, storage);
    expect(after).toEqual(before);
  });

  it("answers 404 for an unknown image path", async () => {
    const response = await fetch(`${server.url}/uploads/0000000000000000-1200.webp`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Image not found.");
  });
});
