import http from "node:http";
import type net from "node:net";

/** What the proxy saw of one backend. */
export interface BackendFigures {
  name: string;
  /** Answers it gave, whatever their status. */
  answered: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** Connections it refused (nothing was sent: the request went to the next backend). */
  refused: number;
  /** Exchanges that broke after the request was sent (reset, closed mid-answer, timed out). */
  broken: number;
}

/** A request the proxy could not get answered, and answered 502 itself. */
export interface ProxyFailure {
  backend: string;
  method: string;
  path: string;
  error: string;
}

export interface RoundRobinProxy {
  url: string;
  backends: BackendFigures[];
  /** Requests sent again to the next backend after one refused the connection or broke off an idempotent exchange. */
  retries: number;
  /** Requests the proxy answered 502 itself: a non-idempotent one whose exchange broke after it was sent, or none left to try. */
  failures: ProxyFailure[];
  close(): Promise<void>;
}

/** How long a backend may take to answer before the exchange counts as broken. */
const BACKEND_TIMEOUT_MS = 15_000;

/** Headers that describe one connection, not the message: never passed on (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"]);
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS"]);

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.once("end", () => resolve(Buffer.concat(chunks)));
    stream.once("error", reject);
    stream.once("aborted", () => reject(new Error("the answer was cut off")));
  });
}

function passedOn(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

class ExchangeError extends Error {
  constructor(
    message: string,
    /** Whether the backend may have received the request (false only when it refused the connection). */
    readonly sent: boolean,
  ) {
    super(message);
  }
}

/** One request to one backend, its whole answer read before anything goes back to the client. */
function exchange(backend: URL, method: string, path: string, headers: http.OutgoingHttpHeaders, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A connection per request, as nginx does by default (no upstream keep-alive): a reused idle connection
    // the backend has just closed would break a POST that was never processed.
    const request = http.request(
      { host: backend.hostname, port: backend.port, method, path, headers, agent: false, timeout: BACKEND_TIMEOUT_MS },
      (response) => {
        readAll(response).then(
          (answer) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: answer }),
          (error: Error) => reject(new ExchangeError(error.message, true)),
        );
      },
    );
    request.once("timeout", () => request.destroy(new Error(`no answer within ${BACKEND_TIMEOUT_MS} ms`)));
    request.once("error", (error: NodeJS.ErrnoException) =>
      reject(new ExchangeError(error.code ?? error.message, error.code !== "ECONNREFUSED")),
    );
    request.end(body);
  });
}

/**
 * A small load balancer on loopback in front of `backends`, in turn. Like nginx with
 * `proxy_next_upstream error timeout` (its default for idempotent methods): a refused connection sends any
 * request to the next backend (nothing reached the first), and an idempotent request whose exchange broke
 * off is sent to the next one too; a POST whose exchange broke after it was sent is not repeated (it may
 * have been processed), but answered 502 and recorded in `failures`. It adds the client's address to
 * X-Forwarded-For, as nginx's `$proxy_add_x_forwarded_for` does, so a client may name addresses further
 * out (a test's many visitors) and the servers, trusting loopback, take the last untrusted one.
 */
export async function startRoundRobinProxy(backends: { name: string; url: string }[]): Promise<RoundRobinProxy> {
  const figures: BackendFigures[] = backends.map(({ name }) => ({ name, answered: 0, serverErrors: 0, refused: 0, broken: 0 }));
  const failures: ProxyFailure[] = [];
  let retries = 0;
  let next = 0;

  const server = http.createServer((req, res) => {
    void (async () => {
      const method = req.method ?? "GET";
      const path = req.url ?? "/";
      const body = await readAll(req);
      const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
      const headers = {
        ...passedOn(req.headers),
        "x-forwarded-for": forwardedFor,
        "x-forwarded-proto": "http",
        "content-length": String(body.length),
      };
      const first = next++;
      for (let attempt = 0; attempt < backends.length; attempt++) {
        const index = (first + attempt) % backends.length;
        const backend = backends[index]!;
        const seen = figures[index]!;
        try {
          const answer = await exchange(new URL(backend.url), method, path, headers, body);
          seen.answered += 1;
          if (answer.status >= 500) seen.serverErrors += 1;
          res.writeHead(answer.status, { ...passedOn(answer.headers), "content-length": String(answer.body.length) });
          res.end(answer.body);
          return;
        } catch (error) {
          const { message, sent } = error as ExchangeError;
          if (sent) seen.broken += 1;
          else seen.refused += 1;
          if (sent && !IDEMPOTENT.has(method)) {
            failures.push({ backend: backend.name, method, path, error: message });
            res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ message: `Bad gateway: ${message}` }));
            return;
          }
          retries += 1;
        }
      }
      failures.push({ backend: "none", method, path, error: "every backend failed" });
      res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ message: "Bad gateway: no backend answered." }));
    })().catch((error: unknown) => {
      res.destroy(error as Error);
    });
  });
  // Clients keep their connections to the proxy open between requests for longer than the test's pauses.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    backends: figures,
    get retries() {
      return retries;
    },
    failures,
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
