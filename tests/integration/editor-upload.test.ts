import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { startServer, type RunningServer } from "../support/server";

/** A real JPEG photo: a magenta field with a green circle. */
const jpeg = (width = 1600, height = 1000, background = "#c8285a") =>
  sharp({ create: { width, height, channels: 3, background } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#166534"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

const KINDS = [
  {
    kind: "festival",
    table: "festivals",
    api: "/api/flower-festivals",
    page: "/festivals",
    audit: "festival.image",
    notFound: "Festival not found.",
  },
  { kind: "blog", table: "blog_posts", api: "/api/blog-posts", page: "/blog", audit: "blog_post.image", notFound: "Blog post not found." },
] as const;

describe("POST /api/upload/festival/{id} and /api/upload/blog/{id}", () => {
  let server: RunningServer;
  let cookie: string;

  const upload = (kind: string, id: number | string, file: Buffer | null, options: { cookie?: string | null; updatedAt?: string } = {}) => {
    const form = new FormData();
    if (file) form.append("image", new Blob([new Uint8Array(file)], { type: "image/jpeg" }), "photo.jpg");
    const query = options.updatedAt ? `?${new URLSearchParams({ updatedAt: options.updatedAt })}` : "";
    const session = options.cookie === undefined ? cookie : options.cookie;
    return fetch(`${server.url}/api/upload/${kind}/${id}${query}`, {
      method: "POST",
      body: form,
      headers: session ? { cookie: session } : {},
    });
  };
  const withDb = <T>(fn: (db: Database.Database) => T): T => {
    const db = new Database(path.join(server.dataDir, "wholesale-flower-finder.db"));
    try {
      db.pragma("busy_timeout = 5000");
      return fn(db);
    } finally {
      db.close();
    }
  };
  const row = (table: string, id: number) =>
    withDb((db) => db.prepare(`select image, updated_at from ${table} where id = ?`).get(id)) as {
      image: string | null;
      updated_at: string;
    };
  const uploads = () =>
    fs.existsSync(path.join(server.dataDir, "uploads")) ? fs.readdirSync(path.join(server.dataDir, "uploads")).sort() : [];
  const stored = (url: string) => path.join(server.dataDir, "uploads", path.basename(url));

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    cookie = await signIn(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(KINDS)(
    "stores a JPEG for a $kind as WebP variants, on the record, its public page and the audit log",
    async ({ kind, table, api, page, audit }) => {
      const before = row(table, 1);
      expect(before.image).toMatch(/^\/images\//);

      const response = await upload(kind, 1, await jpeg());
      expect(response.status).toBe(200);
      const body = (await response.json()) as { imageUrl: string; updatedAt: string };
      expect(Object.keys(body).sort()).toEqual(["imageUrl", "updatedAt"]);
      expect(body.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}-1200\.webp$/);
      expect(body.updatedAt > before.updated_at).toBe(true);

      for (const width of [400, 800, 1200]) {
        const file = stored(body.imageUrl.replace("-1200", `-${width}`));
        expect(await sharp(file).metadata()).toMatchObject({ format: "webp", width, height: Math.round(width / 1.5) });
      }
      expect(row(table, 1)).toEqual({ image: body.imageUrl, updated_at: body.updatedAt });
      expect(((await (await fetch(`${server.url}${api}/1`)).json()) as { image: string }).image).toBe(body.imageUrl);

      const html = await (await fetch(`${server.url}${page}/1`)).text();
      const stem = body.imageUrl.replace("-1200.webp", "");
      expect(html.toLowerCase()).toContain(`srcset="${stem}-400.webp 400w, ${stem}-800.webp 800w, ${body.imageUrl} 1200w"`);

      const entry = withDb((db) =>
        db
          .prepare("select action, actor, details from audit_log where entity_id = ? and action like ? order by id desc limit 1")
          .get("1", `${audit.split(".")[0]}.%`),
      ) as { action: string; actor: string; details: string };
      expect(entry.action).toBe(audit);
      expect(entry.actor).toBe(TEST_ADMIN.email);
      expect(JSON.parse(entry.details)).toMatchObject({ image: body.imageUrl });
      // The seeded picture it replaced is a file of the site, not an upload: it stays.
      expect((await fetch(`${server.url}${before.image}`)).status).toBe(200);
    },
  );

  it.each(KINDS)("removes the previous upload of a $kind once a second one replaces it", async ({ kind, table }) => {
    const first = (await (await upload(kind, 2, await jpeg(900, 600, "#7b1fa2"))).json()) as { imageUrl: string };
    for (const width of [400, 800, 1200]) expect(fs.existsSync(stored(first.imageUrl.replace("-1200", `-${width}`)))).toBe(true);
    const second = (await (await upload(kind, 2, await jpeg(1000, 700, "#1565c0"))).json()) as { imageUrl: string };
    expect(second.imageUrl).not.toBe(first.imageUrl);
    for (const width of [400, 800, 1200]) {
      expect(fs.existsSync(stored(first.imageUrl.replace("-1200", `-${width}`)))).toBe(false);
      expect(fs.existsSync(stored(second.imageUrl.replace("-1200", `-${width}`)))).toBe(true);
    }
    expect((await fetch(`${server.url}${first.imageUrl}`)).status).toBe(404);
    expect(row(table, 2).image).toBe(second.imageUrl);
  });

  it("keeps a file another record still shows", async () => {
    const shared = await jpeg(1200, 800, "#2e7d32");
    const onPost = (await (await upload("blog", 3, shared)).json()) as { imageUrl: string };
    const onFestival = (await (await upload("festival", 3, shared)).json()) as { imageUrl: string };
    expect(onFestival.imageUrl).toBe(onPost.imageUrl);
    await upload("festival", 3, await jpeg(1200, 800, "#f9a825"));
    expect(fs.existsSync(stored(onPost.imageUrl))).toBe(true);
    expect(row("blog_posts", 3).image).toBe(onPost.imageUrl);
  });

  it("lets the edit form save on top of the version the upload answered with, and refuses an upload from an older version", async () => {
    const id = 4;
    const opened = row("festivals", id).updated_at;
    const first = await upload("festival", id, await jpeg(), { updatedAt: opened });
    expect(first.status).toBe(200);
    const { imageUrl, updatedAt } = (await first.json()) as { imageUrl: string; updatedAt: string };

    // A second upload from the version the form was opened with: someone (this upload) saved since.
    const before = uploads();
    const stale = await upload("festival", id, await jpeg(800, 600, "#000000"), { updatedAt: opened });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(
      "This festival was changed by someone else since you opened it. Close this dialog and reopen it to see the latest version, then make your changes again.",
    );
    expect(uploads()).toEqual(before);
    expect(row("festivals", id).image).toBe(imageUrl);

    const festival = (await (await fetch(`${server.url}/api/flower-festivals/${id}`)).json()) as Record<string, string>;
    const save = (version: string) =>
      fetch(`${server.url}/admin/festivals`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "update",
          id: String(id),
          updatedAt: version,
          name: festival.name!,
          description: festival.description!,
          startDate: festival.startDate!,
          endDate: festival.endDate!,
          location: festival.location!,
          city: "Uploadville",
          state: festival.state!,
          image: imageUrl,
        }),
      });
    expect((await save(opened)).status).toBe(409);
    expect((await save(updatedAt)).status).toBe(200);
    expect(withDb((db) => db.prepare("select city, image from festivals where id = ?").get(id))).toEqual({
      city: "Uploadville",
      image: imageUrl,
    });
  });

  const refusals: [string, () => Promise<Response>, number, string | RegExp][] = [
    ["a festival upload without a session", async () => upload("festival", 1, await jpeg(300, 200), { cookie: null }), 401, /sign in/i],
    ["a blog upload without a session", async () => upload("blog", 1, await jpeg(300, 200), { cookie: null }), 401, /sign in/i],
    ["an unknown festival", async () => upload("festival", 999999, await jpeg(300, 200)), 404, "Festival not found."],
    ["an unknown blog post", async () => upload("blog", 999999, await jpeg(300, 200)), 404, "Blog post not found."],
    [
      "a malformed festival id",
      async () => upload("festival", "x1", await jpeg(300, 200)),
      400,
      "A festival id is a positive whole number.",
    ],
    ["a malformed blog post id", async () => upload("blog", "0", await jpeg(300, 200)), 400, "A blog post id is a positive whole number."],
    ["a blog upload with no file", async () => upload("blog", 1, null), 400, "No image was sent: choose a file first."],
    [
      "HTML sent as a festival photo",
      async () => upload("festival", 1, Buffer.from("<!doctype html><html></html>")),
      415,
      /JPG, PNG or WebP/,
    ],
  ];

  it.each(refusals)("refuses %s with a JSON message and writes no file", async (_label, send, status, message) => {
    const before = uploads();
    const response = await send();
    expect(response.status).toBe(status);
    const body = (await response.json()) as { message: string };
    if (typeof message === "string") expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(uploads()).toEqual(before);
  });

  it("answers 405 to a GET", async () => {
    const response = await fetch(`${server.url}/api/upload/festival/1`, { headers: { cookie } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
