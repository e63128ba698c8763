import type { NextFunction, Request, Response } from "express";

/**
 * An answer sent before its request's body was read to the end (a 413 for a body over the limit, a 401, 403,
 * 415 or 429 that never looks at the body) closes the connection with `Connection: close`. Left open, the
 * socket is torn down under the unread rest of the body, and a keep-alive client's next request on it
 * failed with a network error (ECONNRESET) instead of getting its own answer.
 */
export function closeOnUnreadBody() {
  return (req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
      return writeHead.apply(this, args as Parameters<typeof writeHead>);
    } as typeof writeHead;
    next();
  };
}
