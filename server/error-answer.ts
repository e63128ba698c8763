import type { Duplex } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../app/db/unavailable.server";

const MESSAGES: Record<number, string> = {
  400: "Bad request: the address or the request could not be read.",
  403: "Forbidden.",
  404: "Not found.",
  405: "This address does not answer that method.",
  408: "The request took too long to arrive.",
  413: "The request is too large.",
  431: "The request's address or headers are too large.",
};
const REASONS: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" };
const SERVER_ERROR = "Something went wrong on our side. Please try again in a moment.";

/**
 * The last error handler: an error that reaches Express itself (a malformed or traversing path refused by the
 * static file handlers, a URL that cannot be decoded) gets the site's own short answer, JSON under /api and
 * plain text elsewhere, instead of Express's HTML error page. No stack trace or framework page is ever sent;
 * a 5xx is logged with its cause, and its answer gives the request's id ("Reference: …"). A database that cannot
 * be reached is a 503 with Retry-After.
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
    // A server error gives the request's id (server/request-id.ts), which a visitor can quote.
    const reference = status >= 500 && !unavailable ? (res.locals.requestId as string | undefined) : undefined;
    if (req.path.startsWith("/api/") || req.path === "/api") res.json(reference ? { message, reference } : { message });
    else res.type("text/plain").send(reference ? `${message}\nReference: ${reference}` : message);
  };
}

/**
 * Answers a request Node's HTTP parser refused before Express saw it (an address or headers over 16 KB, a
 * request line that is not HTTP, a request that took too long to arrive) with the site's own short answer,
 * JSON when the request line names /api and plain text otherwise, instead of Node's bare status line; then
 * closes the connection, whose rest cannot be read.
 */
export function clientErrorAnswer(logger: Logger) {
  return (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    // As Node does: no answer on a dead socket or in the middle of another response on the same connection.
    const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    logger.warn({ err: { code: error.code, message: error.message }, res: { statusCode: status } }, "request refused by the HTTP parser");
    const message = MESSAGES[status]!;
    const api = /^[A-Z]+ \/api(?:[/?#\s]|$)/.test(error.rawPacket?.toString("latin1", 0, 64) ?? "");
    const body = api ? JSON.stringify({ message }) : message;
    socket.end(
      [
        `HTTP/1.1 ${status} ${REASONS[status]}`,
        `Content-Type: ${api ? "application/json" : "text/plain"}; charset=utf-8`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  };
}
