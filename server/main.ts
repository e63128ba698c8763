import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import express from "express";
import pino from "pino";
import { clientErrorAnswer, errorAnswer } from "./error-answer";
import { createHttpServer } from "./http-server";
import { securityHeaders } from "./security";
import { beforeHead } from "./response-lifecycle";
import { series } from "./series";
import { staticFiles } from "./static-files";
import { requestLog } from "./request-log";
import { requestIds } from "./request-id";
import { createMetrics, startMetricsServer } from "./metrics";
import { requestTarget } from "./request-target";
import { closeOnUnreadBody } from "./unread-body";
import { EnvError, parseEnv, type Env } from "../app/utils/env.server";
import type { startApp } from "./app";

const development = process.argv.includes("--dev");
if (!process.env.NODE_ENV) process.env.NODE_ENV = development ? "development" : "production";

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/**
 * The path of a request as the log records it. The queries of the search around a position, of the zipcode nearest
 * one and of a results map's ground hold the visitor's coordinates, which the site never keeps: those calls are
 * logged without them. A token in a link (an unsubscribe
 * link, and every link a message carries) opens something for whoever holds it: only its first four characters
 * are logged, enough to tell two apart.
 */
const loggedUrl = (url: string) =>
  url
    .replace(/^(\/api\/(?:wholesalers\/near|zipcodes\/nearest)\/?|\/maps\/area\.svg)\?.*$/is, "$1?[query not logged]")
    .replace(/([?&][^=&#]*token[^=&#]*=)([^&#]{0,4})[^&#]*/gi, "$1$2…");

/**
 * The id of the request the code logging now works for (server/app.ts knows it once started): every line logged
 * while answering a request (a slow query, a warning of a service) carries it as `requestId`.
 */
let currentRequestId: () => string | undefined = () => undefined;
const NO_FIELDS = {};

const logger = pino({
  level: env.LOG_LEVEL,
  mixin: () => {
    const requestId = currentRequestId();
    return requestId === undefined ? NO_FIELDS : { requestId };
  },
  ...(development ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
});

// A warning (such as a listener leak) or a promise nobody handled is logged like any other problem.
process.on("warning", (warning) => logger.warn({ err: warning }, `process warning: ${warning.name}: ${warning.message}`));
process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));

let shuttingDown = false;

// The Prometheus metrics, on a port of their own (METRICS_PORT, server/metrics.ts): none kept when it is unset.
const metrics = env.METRICS_PORT === undefined ? undefined : createMetrics();

const server = express();
server.disable("x-powered-by");
// Behind a reverse proxy, client addresses (rate limits, sign-in throttling, audit) come from X-Forwarded-For.
if (env.TRUST_PROXY) server.set("trust proxy", /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY);
// A response sent while shutting down closes its connection (Connection: close), so that a keep-alive client
// neither holds the exit up until the connection times out nor sends another request on it.
const closeWhileShuttingDown = (res: express.Response) => {
  if (shuttingDown) res.setHeader("Connection", "close");
};
// What every request passes first, as one layer of the router (server/series.ts).
server.use(
  series(
    (_req, res, next) => {
      beforeHead(res, closeWhileShuttingDown);
      next();
    },
    // Every answer carries X-Request-Id: a trusted proxy's own, else a new one (server/request-id.ts).
    requestIds({ trusted: env.TRUST_PROXY ? (server.get("trust proxy fn") as (address: string, hop: number) => boolean) : undefined }),
    closeOnUnreadBody(),
    // Nothing here is compressed: static files are sent precompressed (server/static-files.ts), uploads are images,
    // and what server/app.ts renders is compressed there, after the page cache (server/compress.ts).
    // Every response carries the security headers and a fresh CSP nonce (res.locals.cspNonce, which the pages read):
    // static files, uploads and everything server/app.ts serves.
    securityHeaders({ development, siteUrl: env.SITE_URL }),
    requestLog(logger, {
      ignore: (req) => req.url.startsWith("/assets/"),
      loggedUrl,
      observe: metrics?.observeRequest,
    }),
    requestTarget(),
  ),
);

interface AppModule {
  startApp: typeof startApp;
}
let appModule: AppModule;

// Uploaded images are named by their content's hash, so they never change; unknown names answer 404. With
// UPLOADS_STORAGE=database they come from the database instead, once it is up (server/app.ts).
if (env.UPLOADS_STORAGE === "disk") {
  server.use(
    "/uploads",
    (_req: express.Request, res: express.Response, next: express.NextFunction) => {
      res.locals.routeId = "uploads";
      next();
    },
    express.static(path.join(env.DATA_DIR, "uploads"), {
      immutable: true,
      maxAge: "1y",
      fallthrough: false,
      setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
    }),
    // An unknown upload is an ordinary 404, not a server error to log; so is a name that tries to leave the folder
    // (an encoded `..`, which the static handler refuses with a bare 403).
    (error: { status?: number }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (error.status !== 404 && error.status !== 403) return next(error);
      res.status(404).type("text/plain").set("Cache-Control", "no-store").send("Image not found.");
    },
  );
}

if (development) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteServer.middlewares);
  appModule = (await viteServer.ssrLoadModule("./server/app.ts")) as AppModule;
} else {
  const buildDir = path.dirname(fileURLToPath(import.meta.url));
  // Hashed assets never change; everything else in public/ may. Only exact file paths match: a path such as
  // /favicon.ico/%2e%2e falls through to the site's own 404 page.
  const files = staticFiles(path.join(buildDir, "client"), { immutablePrefix: "/assets/" });
  // For the metrics, a request is a static file's until server/app.ts takes it (and names its route).
  server.use(
    metrics
      ? (req, res, next) => {
          res.locals.routeId = "static";
          files(req, res, next);
        }
      : files,
  );
  appModule = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as AppModule;
}

let running: Awaited<ReturnType<AppModule["startApp"]>>;
try {
  running = await appModule.startApp({ env, logger, development, metrics });
  currentRequestId = running.currentRequestId;
} catch (error) {
  logger.fatal({ err: error }, "could not start");
  process.exit(1);
}
server.use(running.handler);
server.use(errorAnswer(logger));

// Never on the public port: METRICS_PORT of HOST, which must not be reachable from outside (docs/deploy.md).
const metricsListener =
  metrics && env.METRICS_PORT !== undefined
    ? await startMetricsServer(metrics, { port: env.METRICS_PORT, host: env.HOST, logger }).catch((error: unknown) => {
        logger.fatal({ err: error }, "could not listen for the metrics");
        process.exit(1);
      })
    : undefined;

const listener = createHttpServer(server).listen(env.PORT, env.HOST, () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, host: env.HOST }, `listening on http://localhost:${port}`);
});
// A port already taken or not allowed stops the server with the reason logged; a later error of the listener (a
// connection it could not accept) is logged, and the server goes on.
listener.on("error", (error) => {
  if (listener.listening) return void logger.error({ err: error }, "listener error");
  logger.fatal({ err: error }, "could not listen");
  process.exit(1);
});
// An idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT (announced in each answer's Keep-Alive header).
listener.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT * 1000;
listener.on("clientError", clientErrorAnswer(logger));

async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => listener.closeAllConnections(), 10_000);
  force.unref();
  // Stop accepting connections (a new one is refused), but close no open one: http.Server#close would also
  // close every idle keep-alive connection, and a client that sends its next request on one before the close
  // reaches it sees that request reset. A request on an open connection is answered, with Connection: close;
  // an idle one closes at its keep-alive timeout (KEEP_ALIVE_TIMEOUT, announced in Keep-Alive), which clients
  // avoid racing, or when the ten seconds above are up.
  // The listener closes after this turn of the event loop has accepted the connections the kernel already
  // queued (a busy loop may have left some there while the signal arrived): closing it before would reset them.
  await new Promise((resolve) => setImmediate(resolve));
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(listener, () => resolve()));
  logger.info("no longer accepting connections");
  await closed;
  // The metrics stop with the rest: a scrape now would find the server leaving.
  metricsListener?.close();
  metricsListener?.closeAllConnections();
  await running.close();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
