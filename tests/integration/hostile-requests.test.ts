/**
 * Issue #40: requests an outside security test sent to take the site down or make it misbehave. Each test sends
 * the same request (raw sockets where a client library would not) and fails on the build before the fix.
 */
import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_HASHES_AT_ONCE, PASSWORD_HASHES_WAITING, PASSWORD_HASHING_BUSY_MESSAGE } from "~/services/auth/password.server";
import { LOGIN_FAILURE_LIMIT } from "~/services/auth/throttle.server";
import { FILE_TOO_LARGE_MESSAGE } from "~/services/images/constants";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { queryRows } from "../support/page-requests";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";

const MB = 1024 * 1024;

let server: RunningServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
  cookie = await signIn(server);
});
afterAll(async () => {
  await server?.stop();
});

/** Writes `bytes` on a new connection to the server and closes it without reading the answers. */
function sendAndClose(url: string, bytes: string): Promise<void> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => {
      socket.end(bytes);
      socket.destroy();
      resolve();
    });
    socket.on("error", () => resolve());
  });
}

interface RawExchange {
  /** Everything the server sent before it closed the connection (or before `timeoutMs`). */
  text: string;
  /** How the connection ended: the server closed it, it was reset, or it was still open at the timeout. */
  ended: "closed" | "reset" | "open";
}

/**
 * Sends `head` and then `body` (in 64 KB writes, waiting for each to be taken) on a new connection, then reads until
 * the server closes it. A reset (ECONNRESET, EPIPE) is reported, not thrown.
 */
function exchange(url: string, head: string, body: Buffer = Buffer.alloc(0), timeoutMs = 10_000): Promise<RawExchange> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (ended: RawExchange["ended"]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString("latin1"), ended });
    };
    const timer = setTimeout(() => finish("open"), timeoutMs);
    const socket = net.connect(Number(port), "127.0.0.1", async () => {
      const write = (bytes: Buffer | string) => new Promise<void>((done) => (socket.write(bytes) ? done() : socket.once("drain", done)));
      await write(head);
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += 64 * 1024)
        await write(body.subarray(offset, offset + 64 * 1024));
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => finish("closed"));
    socket.on("close", () => finish("closed"));
    socket.on("error", () => finish("reset"));
  });
}

/** A multipart body with one file part in the field `image`, and (unless `cut`) its closing boundary. */
function multipartImage(boundary: string, bytes: Buffer, cut = false): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    bytes,
    Buffer.from(cut ? "" : `\r\n--${boundary}--\r\n`),
  ]);
}

/** The status line's code of the first answer in `text`. */
const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

async function expectServerAnswers() {
  expect(server.process.exitCode).toBeNull();
  expect(server.process.signalCode).toBeNull();
  const response = await fetch(`${server.url}/api/states`, { signal: AbortSignal.timeout(5_000) });
  expect(response.status).toBe(200);
}

describe("#40.2 uploads cut short or too large", () => {
  const uploadHead = (boundary: string, length: number | "chunked") =>
    [
      `POST /api/upload/wholesaler/1 HTTP/1.1`,
      `Host: ${new URL(server.url).host}`,
      `Cookie: ${cookie}`,
      `Origin: ${server.url}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      length === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${length}`,
      `Connection: close`,
      "",
      "",
    ].join("\r\n");

  it("a multipart upload whose body ends before its closing boundary is a 400, and the server goes on", async () => {
    const body = multipartImage("cutboundary", Buffer.alloc(200 * 1024, 7), true);
    const answer = await exchange(server.url, uploadHead("cutboundary", body.length), body);
    expect(statusOf(answer.text)).toBe(400);
    expect(answer.text).toContain("The upload is not valid multipart/form-data.");
    await expectServerAnswers();
  });

  it("a multipart upload whose connection is cut mid-body leaves the server answering", async () => {
    const body = multipartImage("gone", Buffer.alloc(300 * 1024, 7), true);
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(uploadHead("gone", body.length + 1000));
        socket.write(body, () => setTimeout(() => (socket.destroy(), resolve()), 100));
      });
      socket.on("error", () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expectServerAnswers();
  });

  for (const [path, type] of [
    ["/about", "application/x-www-form-urlencoded"],
    ["/api/newsletter/subscribe", "application/json"],
    ["/admin/settings", "application/x-www-form-urlencoded"],
  ] as const) {
    it(`a body to ${path} that breaks off before its declared length is no server error`, async () => {
      const { port, host } = new URL(server.url);
      const head = [
        `POST ${path} HTTP/1.1`,
        `Host: ${host}`,
        `Origin: ${server.url}`,
        `Cookie: ${cookie}`,
        `Content-Type: ${type}`,
        `Content-Length: 5000`,
        "",
        "",
      ];
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), "127.0.0.1", () => {
          socket.write(head.join("\r\n") + "email=someone%40example.com&message=", () =>
            setTimeout(() => (socket.destroy(), resolve()), 100),
          );
        });
        socket.on("error", () => resolve());
      });
      // The server logged the request, as a 4xx: the afterEach hook fails the test on any 5xx or error it logged.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expectServerAnswers();
    });
  }

  for (const size of [6 * MB, 20 * MB]) {
    it(`a chunked upload of ${size / MB} MB (over the 5 MB limit) gets a 413 and a closed connection, not a reset`, async () => {
      const file = multipartImage("bigchunks", Buffer.alloc(size, 1));
      // One chunk of at most 1 MB at a time, then the last chunk.
      const parts: Buffer[] = [];
      for (let offset = 0; offset < file.length; offset += MB) {
        const piece = file.subarray(offset, offset + MB);
        parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
      }
      parts.push(Buffer.from("0\r\n\r\n"));
      const answer = await exchange(server.url, uploadHead("bigchunks", "chunked"), Buffer.concat(parts));
      expect(answer.ended).toBe("closed");
      expect(statusOf(answer.text)).toBe(413);
      expect(answer.text).toContain(FILE_TOO_LARGE_MESSAGE);
      await expectServerAnswers();
    });
  }
});

describe("#40.1 pipelined requests on connections closed unread", () => {
  it("eight pipelined requests on four connections closed unread leave every page answering within a second", async () => {
    const get = (query: string) => `GET /about?${query} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(Array.from({ length: 4 }, (_, i) => sendAndClose(server.url, get(`a=${round}-${i}`) + get(`b=${round}-${i}`))));
    }
    // Let the server read and start what it was sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const path of ["/about?after=1", "/api/states", "/state/california?after=1"]) {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(5_000) });
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
      expect(performance.now() - started, path).toBeLessThan(1_000);
    }
    const ready = await fetch(`${server.url}/readyz`);
    expect(await ready.json()).toEqual({ status: "ready", database: "up", renders: "up" });
  });
});

for (const database of ["SQLite", "PostgreSQL"] as const) {
  describe.runIf(database === "SQLite" || runPostgres)(`#40.3 and #40.4 sign-in under attack, on ${database}`, () => {
    let signInServer: RunningServer;
    let created: { url: string; drop(): Promise<void> } | undefined;
    beforeAll(async () => {
      created = database === "PostgreSQL" ? await createTestDatabase() : undefined;
      signInServer = await startServer({
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        TRUST_PROXY: "loopback",
        ...(created ? { DATABASE_URL: created.url } : {}),
      });
    });
    afterAll(async () => {
      await signInServer?.stop();
      await created?.drop();
    });

    const postLogin = (email: string, password: string, headers: Record<string, string> = {}) =>
      fetch(`${signInServer.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: signInServer.url, ...headers },
        body: new URLSearchParams({ email, password, next: "/admin" }),
      });
    const failuresLogged = async (ip: string) =>
      (
        await queryRows<{ n: number }>(
          signInServer,
          created?.url,
          "select count(*) as n from audit_log where action = 'auth.login.failure' and ip = ?",
          [ip],
        )
      )[0]!.n;

    it("30 wrong passwords sent at once from one address get 5 checks: the other 25 are refused before hashing", async () => {
      const address = "203.0.113.30";
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          postLogin(`guess-${i % 3}@example.com`, `wrong password ${i}`, { "x-forwarded-for": address }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LOGIN_FAILURE_LIMIT);
      expect(Number(await failuresLogged(address))).toBe(LOGIN_FAILURE_LIMIT);
    }, 60_000);

    it("90 sign-in posts at once from 90 addresses: about ten are hashed, the rest refused with 429, and a photo answers meanwhile", async () => {
      // A photo on disk (UPLOADS_STORAGE=disk): read through libuv's threads, which scrypt shares.
      const admin = await signIn(signInServer);
      const form = new FormData();
      const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c0306a" } })
        .jpeg()
        .toBuffer();
      form.append("image", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "stall.jpg");
      const uploaded = await fetch(`${signInServer.url}/api/upload/wholesaler/1`, {
        method: "POST",
        body: form,
        headers: { cookie: admin, origin: signInServer.url },
      });
      expect(uploaded.status).toBe(200);
      const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
      const posts = Array.from({ length: 90 }, (_, i) =>
        postLogin(`someone-${i}@example.com`, `a guess ${i}`, { "x-forwarded-for": `198.18.${Math.floor(i / 200)}.${i % 200}` }).then(
          async (answer) => ({
            status: answer.status,
            text: await answer.text(),
          }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      const image = await fetch(`${signInServer.url}${imageUrl}`);
      expect(image.status).toBe(200);
      await image.arrayBuffer();
      // Before, the photo waited behind 90 scrypt hashes on libuv's four threads (38.6 s).
      // Now it waits only for the event loop, busy answering the 80 refusals' pages (about 1.4 s on SQLite here).
      expect(performance.now() - started).toBeLessThan(10_000);
      const answers = await Promise.all(posts);
      const checked = answers.filter((answer) => answer.status === 401).length;
      // At most ten are in the queue at once; a post that arrives after the first hashes are done may join it.
      expect(checked).toBeGreaterThanOrEqual(PASSWORD_HASHES_AT_ONCE + PASSWORD_HASHES_WAITING);
      expect(checked).toBeLessThan(30);
      const busy = answers.filter((answer) => answer.status === 429);
      expect(busy.length).toBe(90 - checked);
      for (const answer of busy) expect(answer.text).toContain(PASSWORD_HASHING_BUSY_MESSAGE.replace(/'/g, "&#x27;"));
    }, 120_000);

    it("five wrong passwords for the admin from five addresses do not keep the admin out: a known browser signs in, a new one is slowed, then let in", async () => {
      // The admin signed in on this browser before: it holds a device cookie.
      const first = await postLogin(TEST_ADMIN.email, TEST_ADMIN.password, { "x-forwarded-for": "192.0.2.200" });
      expect(first.status).toBe(302);
      const device = first.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("wff_device="))
        ?.split(";")[0];
      expect(device).toBeDefined();
      expect(first.headers.getSetCookie().find((cookie) => cookie.startsWith("wff_device="))).toMatch(/HttpOnly/i);

      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
        expect((await postLogin(TEST_ADMIN.email, "not the password", { "x-forwarded-for": `192.0.2.${210 + i}` })).status).toBe(401);
      }
      // A browser the account does not know, with the right password: slowed (429 for a second or so), not locked out.
      const slowed = await postLogin(TEST_ADMIN.email, TEST_ADMIN.password, { "x-forwarded-for": "192.0.2.230" });
      expect(slowed.status).toBe(429);
      const wait = Number(slowed.headers.get("retry-after"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(2);
      expect(await slowed.text()).toContain("Please try again in");
      // The known browser gets in at once, from any address.
      const known = await postLogin(TEST_ADMIN.email, TEST_ADMIN.password, { "x-forwarded-for": "192.0.2.231", cookie: device! });
      expect(known.status).toBe(302);
      // The new browser gets in once it has waited.
      await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
      expect((await postLogin(TEST_ADMIN.email, TEST_ADMIN.password, { "x-forwarded-for": "192.0.2.230" })).status).toBe(302);
    }, 120_000);

    it("npm run admin -- unlock <email> forgets the account's failures", async () => {
      const email = "locked-out@example.com";
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
        expect((await postLogin(email, "not the password", { "x-forwarded-for": `192.0.2.${100 + i}` })).status).toBe(401);
      }
      expect((await postLogin(email, "not the password", { "x-forwarded-for": "192.0.2.120" })).status).toBe(429);
      const unlock = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", "unlock", email], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { PATH: process.env.PATH, DATA_DIR: signInServer.dataDir, ...(created ? { DATABASE_URL: created.url } : {}) },
        encoding: "utf8",
      });
      expect(unlock.stderr).toBe("");
      expect(unlock.status).toBe(0);
      expect(unlock.stdout).toContain(`Sign-in attempts for ${email} forgotten (${LOGIN_FAILURE_LIMIT + 1})`);
      expect((await postLogin(email, "not the password", { "x-forwarded-for": "192.0.2.121" })).status).toBe(401);
    }, 120_000);
  });
}
