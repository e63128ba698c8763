import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** The most of an unread body that is read and thrown away so that its connection can serve the next request. */
export const MAX_DISCARDED_BODY_BYTES = 8 * 1024 * 1024;

/** Reads the rest of a body nobody will use and throws it away; past the bound, the connection is closed. */
function discardRest(req: IncomingMessage) {
  // The request handler's reader (React Router's body stream) gave up on the body and paused it; it must not
  // buffer what follows either.
  req.removeAllListeners("data");
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > MAX_DISCARDED_BODY_BYTES) req.destroy();
  });
  req.resume();
}

/**
 * An answer sent before its request's body was read to the end (a 413 for a body over the limit, a 401, 403,
 * 415 or 429 that never looks at the body) must not leave the unread rest on a keep-alive connection: the
 * next request on it would fail with a network error (ECONNRESET) instead of getting its own answer. A body
 * of at most MAX_DISCARDED_BODY_BYTES is read and thrown away, so the client can finish sending it, read the
 * answer and reuse the connection; a larger one, or a body whose stream is already gone, gets
 * `Connection: close`.
 */
export function closeOnUnreadBody() {
  return (req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!req.complete && !this.headersSent) {
        const declared = Number(req.headers["content-length"] ?? 0);
        if (req.destroyed || declared > MAX_DISCARDED_BODY_BYTES) this.setHeader("Connection", "close");
        else discardRest(req);
      }
      return writeHead.apply(this, args as Parameters<typeof writeHead>);
    } as typeof writeHead;
    next();
  };
}
