import http from "node:http";
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { startServer, untilLogged, type RunningServer } from "../support/server";

/** Keep-alive clients sending requests back to back while the server is told to stop. */
const CLIENTS = 16;
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface RequestOptions {
  agent?: http.Agent | false;
  headers?: Record<string, string>;
  /** Writes the body; the request ends when it resolves. */
  send?: (request: http.ClientRequest) => Promise<void> | void;
  /** Waits this long before reading the answer's body (a slow reader). */
  readAfterMs?: number;
  /** Called when the answer's status and headers have arrived. */
  onResponse?: () => void;
}

/** One request with node:http; rejects with the socket's error (ECONNRESET, ECONNREFUSED, 'aborted') if it has one. */
function request(base: string, method: string, pathname: string, options: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathname, base), { method, agent: options.agent, headers: options.headers }, (res) => {
      options.onResponse?.();
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("aborted", () => reject(new Error("the answer was cut off (aborted)")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      if (options.readAfterMs) {
        res.pause();
        setTimeout(() => res.resume(), options.readAfterMs);
      }
    });
    req.on("error", reject);
    void Promise.resolve(options.send?.(req)).then(
      () => req.end(),
      (error: unknown) => reject(error as Error),
    );
  });
}

/**
 * A keep-alive connection written by hand, so that a request can be sent on it the way a client does that has
 * not yet seen the server close it (over a network, a FIN takes a while to arrive): half-open, reading on.
 */
function rawConnection(base: string) {
  const { hostname, port } = new URL(base);
  const socket = net.connect({ host: hostname, port: Number(port), allowHalfOpen: true });
  let received = "";
  let waiting: (() => void) | undefined;
  let failure: Error | undefined;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    received += chunk;
    waiting?.();
  });
  socket.on("error", (error) => {
    failure = error;
    waiting?.();
  });
  socket.on("end", () => {
    failure ??= new Error("the server closed the connection without an answer");
    waiting?.();
  });
  return {
    /** Sends a GET and resolves with the status line and headers of its answer (a body of Content-Length is read too). */
    async get(pathname: string): Promise<{ status: number; headers: string }> {
      received = "";
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`);
      for (;;) {
        const end = received.indexOf("\r\n\r\n");
        const length = end < 0 ? undefined : Number(/\r\ncontent-length: *(\d+)/i.exec(received.slice(0, end))?.[1] ?? 0);
        if (end >= 0 && received.length >= end + 4 + length!) {
          return { status: Number(received.slice(9, 12)), headers: received.slice(0, end).toLowerCase() };
        }
        if (failure) throw failure;
        await new Promise<void>((resolve) => (waiting = resolve));
      }
    },
    close: () => socket.destroy(),
  };
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

describe("SIGTERM under load", () => {
  let server: RunningServer;
  let cookie: string;
  let image: Buffer;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "loopback", ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    cookie = await signIn(server);
    image = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 190, g: 30, b: 80 } } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("finishes every request in flight, resets none, refuses new connections and exits 0", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    let sigtermAt = Number.POSITIVE_INFINITY;
    const problems: string[] = [];
    let answered = 0;
    let answeredAfterSigterm = 0;
    let subscription = 0;

    const mix: (() => [string, string, RequestOptions])[] = [
      () => ["GET", "/", { headers: { accept: BROWSER_ACCEPT, "accept-encoding": "br" } }],
      () => ["GET", "/api/states", {}],
      () => ["GET", "/festivals", { headers: { accept: BROWSER_ACCEPT, "accept-encoding": "gzip" } }],
      () => {
        const n = subscription++;
        const body = JSON.stringify({ email: `shutdown-${n}@example.com` });
        return [
          "POST",
          "/api/newsletter/subscribe",
          {
            headers: { "content-type": "application/json", "x-forwarded-for": `10.20.${n >> 8}.${n & 255}` },
            send: (req) => void req.write(body),
          },
        ];
      },
    ];

    // Each client opens its keep-alive connection, then sends its next request as soon as the last one is
    // answered, until an answer says the connection closes (as a proxy in front of a stopping server would).
    let connected = 0;
    let allConnected!: () => void;
    const everyClientConnected = new Promise<void>((resolve) => (allConnected = resolve));
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; ; i++) {
        const [method, pathname, options] = mix[i % mix.length]!();
        try {
          const answer = await request(server.url, method, pathname, { ...options, agent });
          answered += 1;
          if (i === client && ++connected === CLIENTS) allConnected();
          if (answer.status >= 300) problems.push(`${method} ${pathname} answered ${answer.status}`);
          if (answer.headers.connection === "close") {
            if (performance.now() < sigtermAt) problems.push(`${method} ${pathname} closed its connection before the signal`);
            answeredAfterSigterm += 1;
            return;
          }
        } catch (error) {
          problems.push(`${method} ${pathname}: ${errorCode(error)}`);
          return;
        }
      }
    });

    await everyClientConnected;
    // A keep-alive connection that is idle when the signal comes.
    const idle = rawConnection(server.url);
    expect((await idle.get("/api/states")).status).toBe(200);
    // Two slow requests in flight when the signal comes: an upload still sending, and a large page read slowly.
    let finishUpload!: () => void;
    let uploadAnswer!: Promise<Answer>;
    const uploadHalfSent = new Promise<void>((resolve) => {
      const boundary = "shutdown-boundary";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const half = Math.floor(image.length / 2);
      const upload = request(server.url, "POST", "/api/upload/wholesaler/1", {
        agent: false,
        headers: {
          cookie,
          origin: server.url,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(head.length + image.length + tail.length),
        },
        send: async (req) => {
          req.write(Buffer.concat([head, image.subarray(0, half)]));
          await new Promise((connected) => req.once("socket", (socket) => socket.once("connect", connected)));
          resolve();
          await new Promise<void>((done) => (finishUpload = done));
          req.write(Buffer.concat([image.subarray(half), tail]));
        },
      });
      uploadAnswer = upload;
    });
    await uploadHalfSent;
    // Connections are accepted in order: once the page's answer has begun, the upload's connection is the server's too.
    let pageBegun!: () => void;
    const pageAnswerBegun = new Promise<void>((resolve) => (pageBegun = resolve));
    const slowPage = request(server.url, "GET", "/festivals", {
      agent: false,
      headers: { accept: BROWSER_ACCEPT },
      readAfterMs: 1500,
      onResponse: () => pageBegun(),
    });
    await pageAnswerBegun;

    sigtermAt = performance.now();
    const exited = server.stop("SIGTERM");
    await untilLogged(server, (logs) => logs.some((entry) => entry.msg === "no longer accepting connections"));

    // The idle connection is not closed under its client: a request sent on it is still answered, and told to close.
    const late = await idle.get("/api/states");
    idle.close();
    expect(late.status).toBe(200);
    expect(late.headers).toContain("connection: close");

    // A new connection is refused once the server has begun to stop.
    await expect(request(server.url, "GET", "/api/states", { agent: false })).rejects.toMatchObject({ code: "ECONNREFUSED" });

    finishUpload();
    const uploaded = await uploadAnswer;
    expect(uploaded.status, uploaded.body.toString()).toBe(200);
    expect(JSON.parse(uploaded.body.toString())).toMatchObject({ imageUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-1200\.webp$/) });
    expect(uploaded.headers.connection).toBe("close");

    const page = await slowPage;
    expect(page.status).toBe(200);
    const html = page.body.toString("utf8");
    // About 97 KB uncompressed (decision 051): more than the socket takes before the slow reader reads.
    expect(html.length).toBeGreaterThan(90_000);
    expect(html.trimEnd().endsWith("</html>"), "the slow page arrived whole").toBe(true);

    const code = await exited;
    const tookMs = performance.now() - sigtermAt;
    await Promise.all(clients);
    agent.destroy();

    expect(problems).toEqual([]);
    expect(code).toBe(0);
    expect(answered).toBeGreaterThanOrEqual(CLIENTS * 2);
    // Every client was answered on its open connection after the signal, with Connection: close.
    expect(answeredAfterSigterm).toBe(CLIENTS);
    // Before the 10 s cut-off, which would have reset what was still open.
    expect(tookMs).toBeLessThan(10_000);
  }, 30_000);
});
