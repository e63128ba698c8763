import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import {
  editWholesalerDescription,
  htmlOf,
  inlineScriptHashes,
  pageNonces,
  policyDirective,
  policyNonce,
  postForm,
  queryRows,
  rawGet,
  rawPost,
  saveGeneralSettings,
  type RawAnswer,
} from "../support/page-requests";
import { assertNoUnexpectedServerLogs, startServer, type RunningServer } from "../support/server";

/**
 * The in-memory page cache (server/page-cache.ts, issue #13). Whether an answer came from the cache is read
 * from its X-Cache header (hit, miss or bypass), which operators see too; nothing here reaches into the server.
 */
describe("the page cache", () => {
  let server: RunningServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    cookie = await signIn(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The page's URL after the listing's redirect to its slug. */
  const listingPath = async (id: number) => new URL((await fetch(`${server.url}/wholesalers/${id}`)).url).pathname;

  it("answers a second anonymous visit from memory: the same page, ETag and policy, compressed once, and 304 to a repeat", async () => {
    const page = "/state/california?type=wholesale";
    const first = await rawGet(`${server.url}${page}`, { "accept-encoding": "br" });
    const second = await rawGet(`${server.url}${page}`, { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    expect(second.status).toBe(200);
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers.vary).toBe("Accept-Encoding");
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers["content-encoding"]).toBe("br");
    expect(Number(second.headers["content-length"])).toBe(second.body.length);
    // The very bytes kept: not compressed again for this request.
    expect(second.body.equals(first.body)).toBe(true);
    expect(htmlOf(second)).toContain("California");
    // Every response still carries the security headers.
    expect(second.headers["x-frame-options"]).toBe("DENY");
    expect(second.headers["x-content-type-options"]).toBe("nosniff");

    const repeat = await rawGet(`${server.url}${page}`, { "accept-encoding": "br", "if-none-match": first.headers.etag! });
    expect(repeat.status).toBe(304);
    expect(repeat.headers["x-cache"]).toBe("hit");
    expect(repeat.headers.etag).toBe(first.headers.etag);
    expect(repeat.body.length).toBe(0);
    expect(repeat.headers["content-security-policy"]).toBeUndefined();

    // Another query is another page.
    const other = await rawGet(`${server.url}/state/california?type=retail`, { "accept-encoding": "br" });
    expect(other.headers["x-cache"]).toBe("miss");
  });

  it("sends the same page in brotli, gzip and uncompressed, each chosen by Accept-Encoding", async () => {
    const page = "/festivals";
    await rawGet(`${server.url}${page}`);
    const answers: Record<string, RawAnswer> = {
      br: await rawGet(`${server.url}${page}`, { "accept-encoding": "gzip, deflate, br, zstd" }),
      gzip: await rawGet(`${server.url}${page}`, { "accept-encoding": "gzip" }),
      identity: await rawGet(`${server.url}${page}`, { "accept-encoding": "identity" }),
      none: await rawGet(`${server.url}${page}`),
    };
    for (const [coding, answer] of Object.entries(answers)) {
      expect(answer.status, coding).toBe(200);
      expect(answer.headers["x-cache"], coding).toBe("hit");
      expect(answer.headers["content-encoding"], coding).toBe(coding === "br" || coding === "gzip" ? coding : undefined);
      expect(Number(answer.headers["content-length"]), coding).toBe(answer.body.length);
    }
    const identity = answers.identity!.body;
    expect(zlib.brotliDecompressSync(answers.br!.body).equals(identity)).toBe(true);
    expect(zlib.gunzipSync(answers.gzip!.body).equals(identity)).toBe(true);
    expect(answers.none!.body.equals(identity)).toBe(true);
    expect(answers.br!.body.length).toBeLessThan(identity.length / 4);
    expect(identity.toString("utf8")).toContain("Tournament of Roses Parade");
  });

  it("hands no visitor a nonce another one saw: a cached copy carries none, and its policy names its scripts' hashes", async () => {
    for (const page of ["/", "/blog", "/about"]) {
      const miss = await rawGet(`${server.url}${page}`, { "accept-encoding": "br" });
      const hits = [await rawGet(`${server.url}${page}`, { "accept-encoding": "br" }), await rawGet(`${server.url}${page}`)];
      for (const hit of [miss, ...hits]) {
        expect(policyNonce(hit), page).toBeUndefined();
        expect(pageNonces(htmlOf(hit)), page).toEqual([]);
      }
      for (const hit of hits) {
        expect(hit.headers["x-cache"], page).toBe("hit");
        expect(hit.headers["content-security-policy"], page).toBe(miss.headers["content-security-policy"]);
        const hashes = policyDirective(hit.headers["content-security-policy"], "script-src").filter((source) =>
          source.startsWith("'sha256-"),
        );
        expect(hashes.length, `${page} names its scripts`).toBeGreaterThanOrEqual(2);
        expect(hashes.sort(), page).toEqual([...new Set(inlineScriptHashes(htmlOf(hit)))].sort());
      }
    }
  });

  it("shows an admin's edit of a wholesaler on the very next anonymous visit", async () => {
    const page = await listingPath(2);
    await rawGet(`${server.url}${page}`);
    expect((await rawGet(`${server.url}${page}`)).headers["x-cache"]).toBe("hit");

    const description = `Edited for the page cache test ${Date.now()}.`;
    await editWholesalerDescription(server, undefined, cookie, 2, description);
    const after = await rawGet(`${server.url}${page}`);
    expect(after.headers["x-cache"]).toBe("miss");
    expect(htmlOf(after)).toContain(description);
  });

  it("shows an admin's edit of a grocery chain on its own page and the home page on the very next anonymous visit (#37 point 9)", async () => {
    const page = "/grocery/trader-joes";
    await rawGet(`${server.url}${page}`);
    expect((await rawGet(`${server.url}${page}`)).headers["x-cache"]).toBe("hit");
    const [store] = await queryRows<{
      id: number;
      name: string;
      description: string;
      price_range: string;
      best_for: string;
      updated_at: string;
    }>(server, undefined, "select id, name, description, price_range, best_for, updated_at from grocery_stores where slug = ?", [
      "trader-joes",
    ]);
    const tips = `Edited for the page cache test ${Date.now()}.`;
    const response = await postForm(server, "/admin/grocery-stores", cookie, {
      intent: "update",
      id: String(store!.id),
      updatedAt: store!.updated_at,
      name: store!.name,
      description: store!.description,
      priceRange: store!.price_range,
      bestFor: `${store!.best_for} (edited)`,
      tips,
    });
    await response.arrayBuffer();
    expect(response.status).toBeLessThan(400);
    const after = await rawGet(`${server.url}${page}`);
    expect(after.headers["x-cache"]).toBe("miss");
    expect(htmlOf(after)).toContain(tips);
    expect(htmlOf(await rawGet(`${server.url}/`))).toContain(`${store!.best_for} (edited)`);
  });

  it("shows a change made directly in the SQLite database (by another program) on the very next visit", async () => {
    const page = await listingPath(4);
    await rawGet(`${server.url}${page}`);
    expect((await rawGet(`${server.url}${page}`)).headers["x-cache"]).toBe("hit");
    const description = `Written with the sqlite3 shell ${Date.now()}.`;
    const database = new Database(path.join(server.dataDir, SQLITE_FILE_NAME));
    try {
      database.prepare("update wholesalers set description = ? where id = ?").run(description, 4);
    } finally {
      database.close();
    }
    const after = await rawGet(`${server.url}${page}`);
    expect(after.headers["x-cache"]).toBe("miss");
    expect(htmlOf(after)).toContain(description);
  });

  it("hides the blog on the very next anonymous visit after an admin switches it off, and shows it again when switched on", async () => {
    await rawGet(`${server.url}/blog`);
    await rawGet(`${server.url}/`);
    expect((await rawGet(`${server.url}/blog`)).headers["x-cache"]).toBe("hit");
    expect(htmlOf(await rawGet(`${server.url}/`))).toContain('href="/blog"');

    await saveGeneralSettings(server, undefined, cookie, false);
    try {
      expect((await rawGet(`${server.url}/blog`)).status).toBe(404);
      expect(htmlOf(await rawGet(`${server.url}/`))).not.toContain('href="/blog"');
    } finally {
      await saveGeneralSettings(server, undefined, cookie, true);
    }
    expect((await rawGet(`${server.url}/blog`)).status).toBe(200);
    expect(htmlOf(await rawGet(`${server.url}/`))).toContain('href="/blog"');
  });

  it("always renders a signed-in admin's pages afresh, and keeps none of them for visitors", async () => {
    const page = "/state/texas";
    for (let visit = 0; visit < 2; visit++) {
      const answer = await rawGet(`${server.url}${page}`, { cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers["x-cache"]).toBe("bypass");
      // Rendered for the admin, it still names its scripts by their hashes, as every public page does.
      const hashes = policyDirective(answer.headers["content-security-policy"], "script-src").filter((source) =>
        source.startsWith("'sha256-"),
      );
      expect(hashes.sort()).toEqual([...new Set(inlineScriptHashes(htmlOf(answer)))].sort());
    }
    // What the admin saw was not kept: the first anonymous visit renders the page.
    expect((await rawGet(`${server.url}${page}`)).headers["x-cache"]).toBe("miss");
    // And a kept page is not served to the admin either.
    const kept = await rawGet(`${server.url}${page}`);
    expect(kept.headers["x-cache"]).toBe("hit");
    const admin = await rawGet(`${server.url}${page}`, { cookie: `_ga=GA1.1.1; ${cookie}` });
    expect(admin.headers["x-cache"]).toBe("bypass");
    // Rendered afresh: its render time, and so its data script's hash, differs from the kept copy's.
    expect(admin.headers["content-security-policy"]).not.toBe(kept.headers["content-security-policy"]);
    // Cookies the site never sets (an analytics one) change nothing the server renders.
    expect((await rawGet(`${server.url}${page}`, { cookie: "_ga=GA1.1.1" })).headers["x-cache"]).toBe("hit");
  });

  it("is emptied by the admin's Clear cache tool, which names it", async () => {
    await rawGet(`${server.url}/blog/1`);
    expect((await rawGet(`${server.url}/blog/1`)).headers["x-cache"]).toBe("hit");
    const response = await postForm(server, "/admin/tools/clear-cache", cookie, {});
    expect(response.status).toBe(200);
    const { message } = (await response.json()) as { message: string };
    expect(message).toMatch(/Pages \(\d+ entries?\)/);
    expect((await rawGet(`${server.url}/blog/1`)).headers["x-cache"]).toBe("miss");
  });

  it("renders a busy page once after a clear: the visits that arrive meanwhile wait for that render", async () => {
    const page = "/state/newyork";
    await rawGet(`${server.url}${page}`);
    const cleared = await postForm(server, "/admin/tools/clear-cache", cookie, {});
    expect(cleared.status).toBe(200);
    await cleared.arrayBuffer();
    const burst = await Promise.all(Array.from({ length: 10 }, () => rawGet(`${server.url}${page}`, { "accept-encoding": "br" })));
    expect(burst.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(burst.filter((answer) => answer.headers["x-cache"] === "miss").length).toBe(1);
    expect(burst.filter((answer) => answer.headers["x-cache"] === "hit").length).toBe(9);
    expect(new Set(burst.map((answer) => answer.body.toString("base64"))).size).toBe(1);
  });

  it("answers a repeat of a public API call from memory, with its ETag and 304, counted by the rate limit every time", async () => {
    const call = "/api/wholesalers/zipcode/90014";
    const first = await rawGet(`${server.url}${call}`, { "accept-encoding": "br" });
    const second = await rawGet(`${server.url}${call}`, { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    expect(second.status).toBe(200);
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.headers["content-type"]).toMatch(/^application\/json\b/);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
    const listed = JSON.parse(htmlOf(second)) as { name: string; distanceMiles: number }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(JSON.parse(htmlOf(first))).toEqual(listed);

    const repeat = await rawGet(`${server.url}${call}`, { "if-none-match": first.headers.etag! });
    expect(repeat.status).toBe(304);
    expect(repeat.headers["x-cache"]).toBe("hit");
    expect(repeat.body.length).toBe(0);

    // Each answer from memory still counted against the visitor's limit (all these come from one address).
    const remaining = [];
    for (let call = 0; call < 3; call++) {
      const hit = await rawGet(`${server.url}/api/wholesalers/zipcode/90014`);
      expect(hit.headers["x-cache"]).toBe("hit");
      remaining.push(Number(hit.headers["ratelimit-remaining"]));
    }
    expect(remaining[1]).toBe(remaining[0]! - 1);
    expect(remaining[2]).toBe(remaining[0]! - 2);
  });

  it("answers an API call with an admin's edit at once, and with a feature switched off at once", async () => {
    const [row] = await queryRows<{ state_id: string }>(server, undefined, "select state_id from wholesalers where id = ?", [6]);
    const call = `/api/wholesalers/state/${row!.state_id}`;
    await rawGet(`${server.url}${call}`);
    expect((await rawGet(`${server.url}${call}`)).headers["x-cache"]).toBe("hit");
    const description = `Edited for the API cache test ${Date.now()}.`;
    await editWholesalerDescription(server, undefined, cookie, 6, description);
    const after = await rawGet(`${server.url}${call}`);
    expect(after.headers["x-cache"]).toBe("miss");
    const listed = JSON.parse(htmlOf(after)) as { id: number; description: string | null }[];
    expect(listed.find((listing) => listing.id === 6)?.description).toBe(description);

    await rawGet(`${server.url}/api/blog-posts`);
    expect((await rawGet(`${server.url}/api/blog-posts`)).headers["x-cache"]).toBe("hit");
    await saveGeneralSettings(server, undefined, cookie, false);
    try {
      const off = await rawGet(`${server.url}/api/blog-posts`);
      expect(off.status).toBe(404);
      expect(off.headers["cache-control"]).toBe("no-store");
    } finally {
      await saveGeneralSettings(server, undefined, cookie, true);
    }
    expect((await rawGet(`${server.url}/api/blog-posts`)).status).toBe(200);
  });

  it("never keeps the search around a position, an API error, or what a signed-in admin is answered", async () => {
    for (const query of ["lat=34.04&lng=-118.25&radius=10", "zip=90014"]) {
      for (let call = 0; call < 2; call++) {
        const answer = await rawGet(`${server.url}/api/wholesalers/near?${query}`);
        expect(answer.status, query).toBe(200);
        expect(answer.headers["x-cache"], query).toBe("bypass");
        expect(answer.headers["cache-control"], query).toBe("no-store");
        expect(answer.headers.etag, query).toBeUndefined();
      }
    }
    for (let call = 0; call < 2; call++) {
      const missing = await rawGet(`${server.url}/api/states/atlantis`);
      expect(missing.status).toBe(404);
      expect(missing.headers["x-cache"]).toBe("miss");
    }
    await rawGet(`${server.url}/api/states`);
    const admin = await rawGet(`${server.url}/api/states`, { cookie });
    expect(admin.status).toBe(200);
    expect(admin.headers["x-cache"]).toBe("bypass");
  });

  it("keeps no page that answers with an error, and no admin page", async () => {
    for (let visit = 0; visit < 2; visit++) {
      const missing = await rawGet(`${server.url}/state/atlantis`);
      expect(missing.status).toBe(404);
      expect(missing.headers["x-cache"]).toBe("miss");
    }
    const login = await rawGet(`${server.url}/admin/login`);
    const again = await rawGet(`${server.url}/admin/login`);
    expect(again.headers["cache-control"]).toBe("private, no-store");
    expect(again.headers["x-cache"]).toBe("miss");
    expect(policyNonce(again)).not.toBe(policyNonce(login));
  });

  it("compresses what it does not answer from memory: a 404 page, a signed-in admin's page and the answer to a posted form", async () => {
    const br = { "accept-encoding": "br" };
    const missing = await rawGet(`${server.url}/state/atlantis`, br);
    const admin = await rawGet(`${server.url}/admin/wholesalers`, { ...br, cookie });
    const posted = await rawPost(`${server.url}/newsletter`, { ...br, origin: server.url }, "email=not-an-address");
    for (const [answer, status, heading] of [
      [missing, 404, "<title>State Not Found |"],
      [admin, 200, "<title>Wholesalers |"],
      [posted, 400, "<title>Newsletter |"],
    ] as const) {
      expect(answer.status, heading).toBe(status);
      expect(answer.headers["x-cache"], heading).not.toBe("hit");
      expect(answer.headers["content-encoding"], heading).toBe("br");
      expect(htmlOf(answer), heading).toContain(heading);
    }
  });

  it("logs nothing unexpected", () => {
    assertNoUnexpectedServerLogs([server]);
  });
});

describe("PAGE_CACHE", () => {
  it("off renders every page afresh", async () => {
    const server = await startServer({ PAGE_CACHE: "off", SEED: "true" });
    try {
      const first = await rawGet(`${server.url}/`, { "accept-encoding": "br" });
      const second = await rawGet(`${server.url}/`, { "accept-encoding": "br" });
      expect(second.status).toBe(200);
      expect(second.headers["x-cache"]).toBeUndefined();
      expect(second.headers["content-encoding"]).toBe("br");
      expect(htmlOf(second)).toContain("</html>");
      expect(second.headers.etag).toBe(first.headers.etag);
      // Rendered again: the render time in its data differs, and so does the hash of the script that carries it.
      expect(second.headers["content-security-policy"]).not.toBe(first.headers["content-security-policy"]);
    } finally {
      await server.stop();
    }
  });

  it("a value other than on or off stops the server with a message naming the variable", async () => {
    const failed = await startServer({ PAGE_CACHE: "sometimes" }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failed?.message).toMatch(/exited with code 1 before listening/);
    expect(failed?.message).toContain("PAGE_CACHE: must be on or off");
  });
});
