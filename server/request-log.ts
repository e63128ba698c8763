import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";

export interface RequestLogOptions {
  /** Requests not logged (the hashed assets: a page's dozen scripts would drown its one line). */
  ignore(req: Request): boolean;
  /** The path as the log records it (a query with a visitor's coordinates is left out). */
  loggedUrl(url: string): string;
}

interface LoggedRequest {
  id: number;
  method: string;
  url: string;
  ip: string | undefined;
}

/**
 * One log line per request, once it is answered or given up (issue #13, docs/decisions/028): the request (a
 * number, the method, the path, the address it came from), how many database queries it made (`dbQueries`,
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

  function write(req: Request, res: Response, request: LoggedRequest, start: number, error?: unknown) {
    const status = res.statusCode;
    const failure = error instanceof Error ? error : status >= 500 ? new Error(`failed with status code ${status}`) : undefined;
    const count = res.locals.dbQueries as { queries: number } | undefined;
    const line = {
      req: request,
      ...(count ? { dbQueries: count.queries } : {}),
      res: { statusCode: status },
      ...(failure ? { err: failure } : {}),
      responseTime: Date.now() - start,
    };
    if (failure) logger.error(line, "request errored");
    else logger[status >= 400 ? "warn" : "info"](line, !req.readableAborted && res.writableEnded ? "request completed" : "request aborted");
  }

  return (req: Request, res: Response, next: NextFunction) => {
    lastId = (lastId + 1) & 0x7fffffff;
    const id = lastId;
    const start = Date.now();
    if (options.ignore(req)) {
      // Not logged when answered, but a failure to answer still is.
      res.once("error", (error) => write(req, res, describe(req, id), start, error));
      return next();
    }
    const request = describe(req, id);
    const done = (error?: unknown) => {
      res.off("finish", done);
      res.off("close", done);
      res.off("error", done);
      write(req, res, request, start, error);
    };
    res.on("finish", done);
    res.on("close", done);
    res.on("error", done);
    next();
  };
}
