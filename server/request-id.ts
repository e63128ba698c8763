import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** An id a proxy may give: at most 128 letters, digits, dots, underscores and dashes (nothing a log or a page must escape). */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export interface RequestIdOptions {
  /**
   * Whether the peer that sent the request is a trusted proxy (Express's compiled `trust proxy` setting, asked for
   * the socket's own address); undefined when TRUST_PROXY is unset, and then no given id is ever kept.
   */
  trusted?: ((address: string, hop: number) => boolean) | undefined;
}

/** The request's id (X-Request-Id), set by requestIds() on every response's locals. */
export const requestIdOf = (res: Response): string | undefined => res.locals.requestId as string | undefined;

/**
 * Gives every request an id (issue #39): the X-Request-Id of a trusted proxy's request when it is sane, otherwise a
 * new random UUID (Node draws them from a cache of random bytes: no system call per request). It is sent back in
 * the answer's X-Request-Id, kept in `res.locals.requestId` for the request's log lines (server/request-log.ts,
 * server/app.ts) and shown on the 500 page for a visitor to quote. An answer from the page cache keeps its own:
 * the header is set here, before the cache, which keeps only the headers the page's render set.
 */
export function requestIds({ trusted }: RequestIdOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const given = trusted ? req.headers["x-request-id"] : undefined;
    const id =
      typeof given === "string" && SANE_ID.test(given) && trusted!(req.socket.remoteAddress ?? "", 0) ? given : crypto.randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    next();
  };
}
