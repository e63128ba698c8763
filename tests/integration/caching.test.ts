import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { inlineScriptHashes, policyDirective } from "../support/page-requests";
import { startServer, type RunningServer } from "../support/server";

const CLIENT_BUILD = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "client");

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request, its answer's bytes exactly as sent (fetch would decompress them). */
function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("static files and page caching", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Every request renders its page here (server/page-etag.ts on its own); page-cache.test.ts tests the page cache.
    server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, PAGE_CACHE: "off" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends the page's hashed script precompressed (brotli and gzip), cached for a year, the same bytes as the original", async () => {
    const home = await get(`${server.url}/`);
    // The framework's script (React, React DOM, React Router): large enough that compression must halve it.
    const asset = /\/assets\/framework-[\w-]+\.js/.exec(home.body.toString("utf8"))?.[0];
    expect(asset, "the home page loads the framework's script from /assets").toBeDefined();

    const original = await get(`${server.url}${asset!}`, { "accept-encoding": "identity" });
    expect(original.status).toBe(200);
    expect(original.headers["content-encoding"]).toBeUndefined();
    expect(original.body.equals(fs.readFileSync(path.join(CLIENT_BUILD, asset!)))).toBe(true);

    for (const [acceptEncoding, coding, suffix, decompress] of [
      ["gzip, deflate, br, zstd", "br", ".br", zlib.brotliDecompressSync],
      ["gzip", "gzip", ".gz", zlib.gunzipSync],
    ] as const) {
      const answer = await get(`${server.url}${asset!}`, { "accept-encoding": acceptEncoding });
      expect(answer.status, coding).toBe(200);
      expect(answer.headers["content-encoding"], coding).toBe(coding);
      expect(answer.headers["content-type"], coding).toBe("text/javascript; charset=utf-8");
      expect(answer.headers["cache-control"], coding).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.vary, coding).toBe("Accept-Encoding");
      expect(Number(answer.headers["content-length"]), coding).toBe(answer.body.length);
      // The very file the build wrote, not compressed again for this request.
      expect(answer.body.equals(fs.readFileSync(path.join(CLIENT_BUILD, asset! + suffix))), coding).toBe(true);
      expect(decompress(answer.body).equals(original.body), coding).toBe(true);
      expect(answer.body.length, coding).toBeLessThan(original.body.length / 2);
    }

    const brotli = await get(`${server.url}${asset!}`, { "accept-encoding": "br" });
    const again = await get(`${server.url}${asset!}`, { "accept-encoding": "br", "if-none-match": String(brotli.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("sends an image as it is, cached for an hour with an ETag, and answers 304 to a repeat", async () => {
    const image = await get(`${server.url}/images/hero.webp`, { "accept-encoding": "gzip, deflate, br" });
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.headers["cache-control"]).toBe("public, max-age=3600");
    expect(image.body.equals(fs.readFileSync(path.join(CLIENT_BUILD, "images/hero.webp")))).toBe(true);
    expect(image.headers.etag).toMatch(/^"[\w-]+"$/);

    const repeat = await get(`${server.url}/images/hero.webp`, { "if-none-match": image.headers.etag! });
    expect(repeat.status).toBe(304);
    expect(repeat.body.length).toBe(0);
  });

  it("draws a state map's outline as an image the browser keeps for a year, not as paths in the page and its data", async () => {
    const page = await get(`${server.url}/state/california`, { "accept-encoding": "identity" });
    const html = page.body.toString();
    const address = /<image href="(\/maps\/state\/california\.svg\?v=[0-9a-f]{12})"/.exec(html)?.[1];
    expect(address).toBeDefined();
    // The outline's path data (about 3.5 KB) is neither in the markup nor in the hydration data any more.
    expect(html).not.toMatch(/M[\d.]+ [\d.]+l[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+/);

    const outline = await get(`${server.url}${address}`, { "accept-encoding": "identity" });
    expect(outline.status).toBe(200);
    expect(outline.headers["content-type"]).toBe("image/svg+xml");
    expect(outline.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const svg = outline.body.toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(svg).toMatch(/<path d="M[\d.]+ [\d.]+l/);

    // A page of another build names another version: it gets today's outline, to be asked again next time.
    const older = await get(`${server.url}/maps/state/california.svg?v=000000000000`);
    expect(older.status).toBe(200);
    expect(older.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    for (const wrong of ["/maps/state/atlantis.svg", "/maps/state/california", "/maps/state/..%2fcalifornia.svg"]) {
      const refused = await get(`${server.url}${wrong}`);
      expect(refused.status, wrong).toBe(404);
      expect(JSON.parse(refused.body.toString()), wrong).toEqual({ message: "State not found" });
    }
  });

  it("tags a page with the same ETag on every render, answers 304 to a repeat, and keeps the page's scripts allowed", async () => {
    for (const page of ["/", "/state/california", "/festivals"]) {
      const first = await get(`${server.url}${page}`, { "accept-encoding": "br" });
      const second = await get(`${server.url}${page}`, { "accept-encoding": "br" });
      expect(first.status, page).toBe(200);
      expect(first.headers["cache-control"], page).toBe("no-cache");
      expect(first.headers.etag, page).toMatch(/^W\/"[\w-]+"$/);
      expect(second.headers.etag, page).toBe(first.headers.etag);

      // Each render's policy names the hashes of its own scripts (the render time in its data differs).
      const html = zlib.brotliDecompressSync(second.body).toString("utf8");
      const hashes = policyDirective(second.headers["content-security-policy"], "script-src").filter((source) =>
        source.startsWith("'sha256-"),
      );
      expect(hashes.sort(), page).toEqual([...new Set(inlineScriptHashes(html))].sort());

      const repeat = await get(`${server.url}${page}`, { "accept-encoding": "br", "if-none-match": first.headers.etag! });
      expect(repeat.status, page).toBe(304);
      expect(repeat.body.length, page).toBe(0);
      expect(repeat.headers.etag, page).toBe(first.headers.etag);
      // The browser keeps the policy stored with its copy, which names its copy's scripts.
      expect(repeat.headers["content-security-policy"], page).toBeUndefined();
    }

    const other = await get(`${server.url}/state/california`, { "if-none-match": (await get(`${server.url}/state/texas`)).headers.etag! });
    expect(other.status, "another page's tag does not match").toBe(200);
  });

  it("never lets a browser keep an admin page: the sign-in page and a signed-in admin's dashboard are no-store, with no ETag", async () => {
    const login = await get(`${server.url}/admin/login`);
    expect(login.status).toBe(200);
    expect(login.headers["cache-control"]).toBe("private, no-store");
    expect(login.headers.etag).toBeUndefined();

    const cookie = await signIn(server);
    const dashboard = await get(`${server.url}/admin`, { cookie });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.toString("utf8")).toContain("Dashboard");
    expect(dashboard.headers["cache-control"]).toBe("private, no-store");
    expect(dashboard.headers.etag).toBeUndefined();
  });

  /** Subscribes an address through the API, then reads what the query finds for it in the server's database. */
  async function subscribe(email: string, query: string): Promise<Record<string, string>> {
    await fetch(`${server.url}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    const database = new Database(path.join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      return database.prepare(query).get(email) as Record<string, string>;
    } finally {
      database.close();
    }
  }

  it("shows a mail message to an admin as a document of its own: styled inline, in a sandbox, framed only by the site", async () => {
    const { id } = await subscribe("framed-message@example.com", "SELECT id FROM mail_outbox WHERE recipient = ? ORDER BY id DESC");
    const address = `${server.url}/admin/mail/${id}/html`;
    expect((await get(address)).status, "no admin, no message").toBe(302);

    const cookie = await signIn(server);
    const framed = await get(address, { cookie });
    expect(framed.status).toBe(200);
    expect(framed.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(framed.headers["cache-control"]).toBe("private, no-store");
    const html = framed.body.toString("utf8");
    expect(html).toContain("Please confirm your subscription");
    expect(html).toMatch(/ style="/);
    expect(framed.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; base-uri 'none'; form-action 'none'; " +
        "frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox",
    );
    expect(framed.headers["x-frame-options"]).toBe("SAMEORIGIN");
    // The page around it keeps the admin's own policy, which allows no inline style, and may not be framed.
    const around = await get(`${server.url}/admin/mail/${id}`, { cookie });
    expect(around.headers["content-security-policy"]).toMatch(/style-src 'self' 'nonce-[^']+';/);
    expect(around.headers["x-frame-options"]).toBe("DENY");
    expect(around.body.toString("utf8")).toContain(`src="/admin/mail/${id}/html"`);
    expect((await get(`${server.url}/admin/mail/999999/html`, { cookie })).status).toBe(404);
  });

  it("never lets a browser or proxy keep an unsubscribe page, which shows the subscriber's address", async () => {
    const { token } = await subscribe(
      "kept-private@example.com",
      "SELECT unsubscribe_token AS token FROM newsletter_subscribers WHERE email = ?",
    );
    const page = await get(`${server.url}/newsletter/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.body.toString("utf8")).toContain("kept-private@example.com");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers.etag).toBeUndefined();
  });
});
