import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { beforeHead } from "./response-lifecycle";

/** The most of an unread body that is read and thrown away so that its connection can serve the next request. */
export const MAX_DISCARDED_BODY_BYTES = 8 * 1024 * 1024;

/** How long a connection closed after its answer goes on reading what its client still sends before it is cut. */
export const LINGER_MS = 2_000;

/**
 * Reads the rest of a body nobody will use and throws it away. With a bound, the connection is cut past it; a
 * connection that is closing anyway (lingerThenClose) reads until the client stops.
 */
function discardRest(req: IncomingMessage, bound = Number.POSITIVE_INFINITY) {
  // The request handler's reader (React Router's body stream) gave up on the body and paused it; it must not
  // buffer what follows either.
  req.removeAllListeners("data");
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > bound) req.destroy();
  });
  req.resume();
}

/**
 * Closes the connection after its answer the way RFC 9112 (section 9.6) asks of a server that stops reading a
 * request: Node would destroy the socket once the answer is written, and a socket closed with unread data in it
 * makes the kernel send a reset, so the client still sending its body gets EPIPE or ECONNRESET and may lose the
 * answer itself. Instead the answer is followed by a half close, and what still comes is read and thrown away
 * until the client closes its side, for at most LINGER_MS.
 */
function lingerThenClose(socket: Socket) {
  socket.destroySoon = function (this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}

/**
 * Whether the request carries a body: a declared length above 0, or chunks. One without either has none, even
 * while `req.complete` is still false: Node marks a bodiless request complete only after its request event, so
 * an answer sent at once (a static file from memory) would otherwise count as leaving a body unread.
 */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && Number(length) !== 0);
}

/**
 * An answer sent before its request's body was read to the end (a 413 for a body over the limit, a 401, 403,
 * 415 or 429 that never looks at the body) must not leave the unread rest on a keep-alive connection: the
 * next request on it would fail with a network error (ECONNRESET) instead of getting its own answer. A body
 * of at most MAX_DISCARDED_BODY_BYTES is read and thrown away, so the client can finish sending it, read the
 * answer and reuse the connection. A larger declared one, or one sent in chunks without a declared length, gets
 * `Connection: close`, and its connection lingers
 * (lingerThenClose) so that the client can finish sending and read the answer; a body whose stream is already
 * gone gets `Connection: close`.
 */
export function closeOnUnreadBody() {
  return (_req: Request, res: Response, next: NextFunction) => {
    beforeHead(res, closeAfterUnreadBody);
    next();
  };
}

/** Before the head of an answer whose request's body is not read to the end (made once: it reads `res.req`). */
function closeAfterUnreadBody(res: Response) {
  const req = res.req;
  if (!hasBody(req) || req.complete) return;
  // A body sent in chunks declares no length: it could be larger than the bound, found out only after the
  // answer went out as keep-alive, and cutting it then would reset the client's connection.
  const length = req.headers["content-length"];
  const declared = length === undefined ? Number.POSITIVE_INFINITY : Number(length);
  if (req.destroyed) {
    res.setHeader("Connection", "close");
  } else if (!(declared <= MAX_DISCARDED_BODY_BYTES)) {
    res.setHeader("Connection", "close");
    lingerThenClose(req.socket);
    discardRest(req);
  } else {
    discardRest(req, MAX_DISCARDED_BODY_BYTES);
  }
}
