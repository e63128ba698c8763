import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../app/db/unavailable.server";

const MESSAGES: Record<number, string> = {
  400: "Bad request: the address or the request could not be read.",
  403: "Forbidden.",
  404: "Not found.",
  413: "The request is too large.",
};
const SERVER_ERROR = "Something went wrong on our side. Please try again in a moment.";

/**
 * The last error handler: an error that reaches Express itself (a malformed or traversing path refused by the
 * static file handlers, a URL that cannot be decoded) gets the site's own short answer, JSON under /api and
 * plain text elsewhere, instead of Express's HTML error page. No stack trace or framework page is ever sent;
 * a 5xx is logged with its cause. A database that cannot be reached is a 503 with Retry-After.
 */
export function errorAnswer(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const declared =
      (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    const unavailable = isDatabaseUnavailable(error);
    const status = unavailable ? 503 : typeof declared === "number" && declared >= 400 && declared < 600 ? declared : 500;
    if (unavailable) logger.error({ err: error }, "database unavailable");
    else if (status >= 500) logger.error({ err: error }, "request failed");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = unavailable
      ? DATABASE_UNAVAILABLE_MESSAGE
      : status >= 500
        ? SERVER_ERROR
        : (MESSAGES[status] ?? "The request could not be handled.");
    res.status(status).set("Cache-Control", "no-store");
    if (unavailable) res.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    if (req.path.startsWith("/api/") || req.path === "/api") res.json({ message });
    else res.type("text/plain").send(message);
  };
}
