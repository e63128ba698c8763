import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";

export interface RequestLogOptions {
  /** Requests not logged (the hashed assets: a page's dozen scripts would drown its one line). */
  ignore(req: Request): boolean;
  /** The path as the log records it (a query with a visitor's coordinates is left out). */
  loggedUrl(url: string): string;
  /** Told of every request once it is answered, ignored ones included (the metrics, server/metrics.ts). */
  observe?: ((res: Response, durationMs: number) => void) | undefined;
}

interface LoggedRequest {
  id: number;
  method: string;
  url: string;
  ip: string | undefined;
}

/**
 * One log line per request, once it is answered or given up (issue #13, docs/decisions/028): the request (a
 * number, the method, the path, the address it came from), its id (`requestId`, the X-Request-Id of
 * server/request-id.ts), how many database queries it made (`dbQueries`,
 * counted by server/app.ts), the status, the time taken in ms, and the error if it failed. A 5xx or an error
 * is logged at error level, a 4xx at warn, the rest at info; a request whose client went away before the end is
 * "request aborted". These are the lines pino-http wrote, which made two child loggers per request and
 * serialized the request into each: 17% of the server's time on an answer from the page cache.
 */
export function requestLog(logger: Logger, options: RequestLogOptions): RequestHandler {
  let lastId = 0;
  // The address is read when the request comes: once the client has gone, the socket no longer knows it.
  const describe = (req: Request, id: number): LoggedRequest => ({
    id,
    method: req.method,
    url: options.loggedUrl(req.originalUrl),
    ip: req.socket.remoteAddress,
  });

  function write(req: Request, res: Response, request: LoggedRequest, elapsedMs: number, error?: unknown) {
    const status = res.statusCode;
    const failure = error instanceof Error ? error : status >= 500 ? new Error(`failed with status code ${status}`) : undefined;
    const count = res.locals.dbQueries as { queries: number } | undefined;
    const line = {
      requestId: res.locals.requestId as string | undefined,
      req: request,
      ...(count ? { dbQueries: count.queries } : {}),
      res: { statusCode: status },
      ...(failure ? { err: failure } : {}),
      responseTime: Math.round(elapsedMs),
    };
    if (failure) logger.error(line, "request errored");
    else logger[status >= 400 ? "warn" : "info"](line, !req.readableAborted && res.writableEnded ? "request completed" : "request aborted");
  }

  return (req: Request, res: Response, next: NextFunction) => {
    lastId = (lastId + 1) & 0x7fffffff;
    const id = lastId;
    const start = performance.now();
    const observe = options.observe;
    if (options.ignore(req)) {
      // Not logged when answered, but a failure to answer still is.
      res.once("error", (error) => write(req, res, describe(req, id), performance.now() - start, error));
      if (observe) res.once("finish", () => observe(res, performance.now() - start));
      return next();
    }
    const request = describe(req, id);
    const done = (error?: unknown) => {
      res.off("finish", done);
      res.off("close", done);
      res.off("error", done);
      const elapsedMs = performance.now() - start;
      write(req, res, request, elapsedMs, error);
      observe?.(res, elapsedMs);
    };
    res.on("finish", done);
    res.on("close", done);
    res.on("error", done);
    next();
  };
}
