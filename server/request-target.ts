import type { NextFunction, Request, Response } from "express";

/** The methods the site's routes answer (React Router answers a method a route has no handler for with 405). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = "GET, HEAD, POST";

const refusal = (status: number, message: string) => Object.assign(new Error(message), { status });

/**
 * Requests no route of the site can answer get the site's own 4xx (server/error-answer.ts) before anything else
 * reads them: a method outside HTTP's usual set (TRACE, CONNECT, WebDAV's) is a 405 with `Allow`; a target that
 * is not a path is a 400 (`GET http://evil.example/ HTTP/1.1`, the absolute form, which React Router would
 * join to the site's own origin and fail on) or a 404 (`GET * HTTP/1.1`, which Express answered with its own page).
 */
export function requestTarget() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!METHODS.has(req.method)) {
      res.setHeader("Allow", ALLOW);
      return next(refusal(405, `method ${req.method} not allowed`));
    }
    if (req.url.startsWith("/")) return next();
    next(req.url === "*" ? refusal(404, "the target * names no page") : refusal(400, "the request target is not a path"));
  };
}
