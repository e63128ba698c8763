import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_CREDENTIALS_MESSAGE } from "~/services/auth/admins.server";
import { LOGIN_FAILURE_LIMIT, LOGIN_THROTTLED_MESSAGE } from "~/services/auth/throttle.server";
import { TEST_ADMIN } from "../support/admin-session";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, untilLogged, type RunningServer } from "../support/server";

/** server/app.ts: POST /admin/login is limited to 30 requests per address in a 10-minute window. */
const LOGIN_POSTS_PER_WINDOW = 30;
const LOGIN_WINDOW_SECONDS = 10 * 60;
/** server/app.ts: what the Express limiter answers. */
const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a few minutes and try again.";

/** What a browser sends with a page navigation or a form post. */
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

function expectSecurityHeaders(response: Response, what: string): string {
  const csp = response.headers.get("content-security-policy");
  expect(csp, what).toBeTruthy();
  const directives = new Map(
    csp!.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get("default-src"), what).toEqual(["'self'"]);
  expect(directives.get("object-src"), what).toEqual(["'none'"]);
  expect(directives.get("base-uri"), what).toEqual(["'self'"]);
  expect(directives.get("form-action"), what).toEqual(["'self'"]);
  expect(directives.get("frame-ancestors"), what).toEqual(["'none'"]);
  const scriptSrc = directives.get("script-src") ?? [];
  expect(scriptSrc, what).toContain("'self'");
  expect(scriptSrc, what).toContain("'strict-dynamic'");
  // A production server allows no inline script without the nonce and no eval.
  expect(scriptSrc, what).not.toContain("'unsafe-inline'");
  expect(scriptSrc, what).not.toContain("'unsafe-eval'");
  const nonces = scriptSrc.filter((source) => source.startsWith("'nonce-"));
  expect(nonces, what).toHaveLength(1);
  const nonce = nonces[0]!.slice("'nonce-".length, -1);
  // 16 random bytes, base64.
  expect(nonce, what).toMatch(/^[A-Za-z0-9+/]{22}==$/);

  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-frame-options"), what).toBe("DENY");
  expect(response.headers.get("permissions-policy"), what).toBe("camera=(), microphone=(), geolocation=(self)");
  expect(response.headers.get("x-powered-by"), what).toBeNull();
  return nonce;
}

/**
 * One server with the default settings for the describes that only look at its answers (headers, a slow reader,
 * early answers, error pages), started once for the file: each of them starting its own cost a server start.
 * The sign-in and abuse limits count per server, so those tests start servers of their own.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("security headers", () => {
  it("every page carries them, with a fresh nonce that is the one on the page's scripts", async () => {
    const pages = [];
    for (let i = 0; i < 2; i += 1) {
      // Two renders (a page answered from the page cache keeps the nonce it was rendered with: page-cache.test.ts).
      const response = await fetch(`${server.url}/?render=${i}`, { headers: { accept: BROWSER_ACCEPT } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const nonce = expectSecurityHeaders(response, "home page");
      pages.push({ nonce, html: await response.text() });
    }
    expect(pages[0]!.nonce).not.toBe(pages[1]!.nonce);

    for (const { nonce, html } of pages) {
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      // Structured data is not run, so it needs no nonce; every script that runs has this response's nonce.
      const runnable = scripts.filter((tag) => !/type="application\/ld\+json"/.test(tag));
      expect(runnable.length).toBeGreaterThanOrEqual(2);
      for (const tag of runnable) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("a JSON API answer carries them", async () => {
    const response = await fetch(`${server.url}/api/states`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expectSecurityHeaders(response, "/api/states");
    await response.arrayBuffer();
  });

  it("static files carry them: a hashed asset the page loads and a public file", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset, "the home page loads a script from /assets").toBeDefined();

    const script = await fetch(`${server.url}${asset!}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    // Served by the static middleware, not by the app.
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(script, asset!);
    await script.arrayBuffer();

    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    expectSecurityHeaders(favicon, "/favicon.svg");
    await favicon.arrayBuffer();
  });
});

describe("sign-in limits", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The sign-in form, posted the way a browser posts it. */
  const postLogin = (email: string, password: string) =>
    fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: BROWSER_ACCEPT, origin: server.url },
      body: new URLSearchParams({ email, password, next: "/admin" }),
    });

  it("after an address's failed attempts, refuses every account from it, then the Express limit refuses the form itself", async () => {
    let posts = 0;

    // Failures for several accounts from one address; none of them reaches the per-account limit.
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      const response = await postLogin(`guess-${i}@example.com`, "not-the-password");
      posts += 1;
      expect(response.status).toBe(401);
      expect(await response.text()).toContain(INVALID_CREDENTIALS_MESSAGE);
    }

    // A different account, with its right password, is now refused too: the address is throttled.
    const refused = await postLogin(TEST_ADMIN.email, TEST_ADMIN.password);
    posts += 1;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(refused.headers.get("retry-after")).toBe("900");
    expect(refused.headers.get("set-cookie")).toBeNull();
    const page = await refused.text();
    expect(page).toMatch(new RegExp(`role="alert"[^]*${LOGIN_THROTTLED_MESSAGE.replace(/\./g, "\\.")}`));
    expect(page).not.toContain(INVALID_CREDENTIALS_MESSAGE);

    // Up to the Express limit, each post still reaches the sign-in form and is refused there.
    while (posts < LOGIN_POSTS_PER_WINDOW) {
      const response = await postLogin(TEST_ADMIN.email, TEST_ADMIN.password);
      posts += 1;
      expect(response.status, `post ${posts}`).toBe(429);
      expect(await response.text(), `post ${posts}`).toContain(LOGIN_THROTTLED_MESSAGE);
    }

    // One more post is stopped before it reaches the form, with the limiter's plain message.
    const limited = await postLogin(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await limited.text()).toBe(TOO_MANY_REQUESTS_MESSAGE);
    expect(limited.headers.get("ratelimit-limit")).toBe(String(LOGIN_POSTS_PER_WINDOW));
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_SECONDS);
    expect(limited.headers.get("set-cookie")).toBeNull();

    // The limit is on posting the form: the sign-in page itself still opens.
    const form = await fetch(`${server.url}/admin/login`, { headers: { accept: BROWSER_ACCEPT } });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Admin sign-in");
    // (The time allowed: each failed attempt costs a full scrypt hash of 128 MiB, on purpose.)
  }, 120_000);
});

describe.runIf(runPostgres)("/healthz when PostgreSQL goes away", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("answers 503 with no-store once the server's database is dropped under it", async () => {
    const healthy = await fetch(`${server.url}/healthz`);
    expect(healthy.status).toBe(200);
    expect(healthy.headers.get("cache-control")).toBe("no-store");
    expect(await healthy.json()).toEqual({ status: "ok", database: "postgres" });

    // What the server logs from here on is the point of this test: the failed check and the 503 it answers.
    server.expectLog(/^health check failed$/);
    server.expectLog(/^\/healthz$/);
    // The cache invalidation's listening connection is ended with the database (server/invalidation-bus.ts).
    server.expectLog(/^cache invalidation degraded: PostgreSQL does not answer/);
    // So is the background jobs' queue (pg-boss) and its check for jobs whose server died.
    server.expectLog(/^background jobs degraded: PostgreSQL does not answer the job queue/);
    await database.drop();

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failing = await fetch(`${server.url}/healthz`);
      expect(failing.status).toBe(503);
      expect(failing.headers.get("cache-control")).toBe("no-store");
      expect(failing.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await failing.json()).toEqual({ status: "error", database: "postgres" });
    }
    // Each failed check is logged (with the database's error) for whoever watches the server.
    await untilLogged(server, (logs) => logs.filter((entry) => entry.msg === "health check failed").length === 2);
    // A lost database is a failed check, not a crash.
    expect(server.process.exitCode).toBeNull();
  });

  // SQLite has no counterpart: /healthz runs `select 1`, which SQLite answers without reading the file, and an
  // open handle keeps working after its file is deleted, made unreadable or overwritten, so nothing outside the
  // process can make that check fail short of killing the process.
});

describe("a slow reader of a large compressed page", () => {
  it("gets the whole page, and the server piles up no 'drain' listeners (MaxListenersExceededWarning, server/drain.ts)", async () => {
    const { status, encoding, body } = await new Promise<{ status: number; encoding: string | undefined; body: Buffer }>(
      (resolve, reject) => {
        const request = http.get(`${server.url}/festivals`, { headers: { accept: BROWSER_ACCEPT, "accept-encoding": "br" } });
        request.on("error", reject);
        request.on("response", (response) => {
          response.pause();
          // Nothing is read for 2 s, so the server's writes wait for 'drain' again and again.
          setTimeout(() => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("error", reject);
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }),
            );
            response.resume();
          }, 2000);
        });
      },
    );
    expect(status).toBe(200);
    expect(encoding).toBe("br");
    const html = zlib.brotliDecompressSync(body).toString("utf8");
    expect(html.length).toBeGreaterThan(100_000);
    expect(html.trimEnd().endsWith("</html>"), "the page ends with </html>").toBe(true);
    expect(html.includes("Flower Festival Calendar"), "the page has its heading").toBe(true);

    // The request's own log line is written when the response has finished, after anything logged during it.
    await untilLogged(server, (logs) => logs.some((entry) => (entry.req as { url?: string } | undefined)?.url === "/festivals"));
    const unexpected = server.takeUnexpectedLogs();
    expect(unexpected.filter((line) => /MaxListenersExceeded/.test(line))).toEqual([]);
    expect(unexpected).toEqual([]);
  });
});

describe("an answer sent before the request's body was read", () => {
  /** Sends one request on the agent's single keep-alive connection and reads the whole answer. */
  function send(agent: http.Agent, method: string, pathname: string, body: string, headers: Record<string, string>, chunked = false) {
    return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      const request = http.request(new URL(pathname, server.url), { method, agent, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }));
      });
      request.on("error", reject);
      if (chunked) {
        // Written in pieces without a declared length: the server learns the size only as it reads.
        for (let start = 0; start < body.length; start += 64 * 1024) request.write(body.slice(start, start + 64 * 1024));
        request.end();
      } else {
        request.end(body);
      }
    });
  }

  it("reads and throws away the unread rest, so a keep-alive client gets every answer on one connection instead of ECONNRESET", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const json = { "content-type": "application/json" };
    try {
      for (let round = 0; round < 2; round++) {
        const tooLarge = await send(
          agent,
          "POST",
          "/api/newsletter/subscribe",
          JSON.stringify({ email: "big@example.com", pad: "x".repeat(2_000_000) }),
          json,
        );
        expect(tooLarge.status).toBe(413);
        expect(JSON.parse(tooLarge.body)).toEqual({ message: "The request body is larger than 16 KB." });

        const streamed = await send(
          agent,
          "POST",
          "/api/newsletter/subscribe",
          JSON.stringify({ email: "streamed@example.com", pad: "y".repeat(1_000_000) }),
          json,
          true,
        );
        expect(streamed.status).toBe(413);
        expect(JSON.parse(streamed.body)).toEqual({ message: "The request body is larger than 16 KB." });

        const unauthorized = await send(agent, "POST", "/api/upload/wholesaler/1", "--zz--".padEnd(3_000_000, "z"), {
          "content-type": "multipart/form-data; boundary=zz",
        });
        expect(unauthorized.status).toBe(401);
        expect(JSON.parse(unauthorized.body)).toEqual({ message: "Please sign in to continue." });
      }
      // A request whose body was read keeps its connection open.
      const subscribed = await send(agent, "POST", "/api/newsletter/subscribe", JSON.stringify({ email: "kept-alive@example.com" }), json);
      expect(subscribed.status).toBe(201);
      expect(subscribed.connection).toBe("keep-alive");
      const health = await send(agent, "GET", "/healthz", "", {});
      expect(health.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe("error answers for paths Express itself refuses", () => {
  it.each([
    ["/uploads/%2e%2e/%2e%2e/package.json", 403, "text/plain", "Forbidden."],
    ["/uploads/..%2f..%2fpackage.json", 403, "text/plain", "Forbidden."],
    ["/uploads/%00", 400, "text/plain", "Bad request: the address or the request could not be read."],
    ["/state/%E0%A4%A", 400, "text/plain", "Bad request: the address or the request could not be read."],
    ["/api/%ff", 400, "application/json", JSON.stringify({ message: "Bad request: the address or the request could not be read." })],
  ])("%s answers %i with the site's own %s message, not Express's error page", async (pathname, status, type, body) => {
    // Sent as written: fetch and URL would resolve the dot segments before sending.
    const response = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const { hostname, port } = new URL(server.url);
      http
        .get({ hostname, port, path: pathname }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        })
        .on("error", reject);
    });
    expect(response.status).toBe(status);
    expect(response.headers["content-type"]).toContain(type);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.text).toBe(body);
  });
});

describe("abuse limits per client address", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  async function subscribeFrom(server: RunningServer, forwardedFor: string, n: number) {
    const response = await fetch(new URL("/api/newsletter/subscribe", server.url), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ email: `limit-${forwardedFor.replace(/\W/g, "-")}-${n}@example.com` }),
    });
    return response.status;
  }

  it("without a trusted proxy, X-Forwarded-For cannot spread one client's requests over made-up addresses", async () => {
    const server = await startServer();
    servers.push(server);
    const statuses: number[] = [];
    for (let n = 1; n <= 11; n++) statuses.push(await subscribeFrom(server, `203.0.113.${n}`, n));
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
  });

  it("behind a trusted proxy, each forwarded client address has a limit of its own", async () => {
    const server = await startServer({ TRUST_PROXY: "loopback" });
    servers.push(server);
    const spread: number[] = [];
    for (let n = 1; n <= 11; n++) spread.push(await subscribeFrom(server, `203.0.113.${n}`, n));
    expect(spread).toEqual(Array<number>(11).fill(201));
    const same: number[] = [];
    for (let n = 1; n <= 11; n++) same.push(await subscribeFrom(server, "198.51.100.7", n));
    expect(same).toEqual([...Array<number>(10).fill(201), 429]);
  });

  it("site search answers 429 with Retry-After past 60 searches a minute from one address", async () => {
    const server = await startServer();
    servers.push(server);
    // Client-side navigations ask for /search.data: the same count, and cheaper to answer than whole pages.
    for (let n = 1; n <= 60; n++) {
      const response = await fetch(new URL(`/search.data?q=rose${n}`, server.url));
      expect(response.status, `search ${n}`).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await fetch(new URL("/search?q=tulip", server.url), { headers: { accept: BROWSER_ACCEPT } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(await refused.text()).toBe(TOO_MANY_REQUESTS_MESSAGE);
  }, 60_000);
});
