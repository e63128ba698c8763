import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";

/**
 * The one place where the server changes how a response is written (ARCHITECTURE.md, "A request's way through
 * the server"). The steps of server/main.ts and server/app.ts never replace `res.writeHead`, `res.write` or
 * `res.end` themselves; they register here, and this module wraps each method of a response at most once:
 *
 * 1. **Before the head** (`beforeHead`): hooks that may still set headers run just before the status line and
 *    headers are written, in the order they were added. Used for `Connection: close` while shutting down and
 *    after an unread body (server/unread-body.ts), for ending a download's render turn at its headers
 *    (server/render-turns.ts), the page cache's X-Cache header and the caches cleared after an admin's write.
 * 2. **The whole body** (`collectBody`): a page or API answer that gets an ETag is collected whole instead of
 *    streamed. Its steps run in a fixed order, whatever order they were added in: `tag` (server/page-etag.ts:
 *    the ETag, or a 304 with no body), then `keep` (server/page-cache.ts: the copy kept, compressed, and sent).
 *    Whether to collect is asked once, at the first write: the `tag` step decides.
 * 3. **The end** (`whenSettled`): a callback run once when the answer has gone, the client has left or the
 *    answer can never be sent (queued behind another on a pipelined connection that closed).
 * 4. **'drain'** (`oneDrainListener`): one listener on the stream beneath a compressed response.
 *
 * The body is wrapped by the first `collectBody` of a response, which comes after compression (compression
 * wraps `write`/`end` when it runs): what the steps collect is the page as rendered, and what they send goes
 * through the compressor, unless it was compressed already (a kept page's variants).
 */

type WriteHead = Response["writeHead"];
type End = (chunk?: unknown, ...rest: unknown[]) => Response;
/** Ends the response with this body, or none. */
export type Send = (body?: Buffer) => void;
type Write = (chunk: unknown, ...rest: unknown[]) => boolean;

export interface BodySteps {
  /** Asked at the first write, headers set: whether to collect the body whole (then `take` gets it). */
  wants?: () => boolean;
  /**
   * Given the whole body (undefined: none, as for a 304). `pass` hands it on to the next step, or to the
   * response's end; `send` is that end itself, for a step that sends something else (a compressed copy).
   */
  take: (body: Buffer | undefined, pass: (body: Buffer | undefined) => void, send: Send) => void;
}

/** Given the response and the arguments of `writeHead` (a status, maybe a message, maybe headers). */
type HeadHook = (res: Response, args: unknown[]) => void;

type BodyStages = { tag?: BodySteps; keep?: BodySteps };

// Kept on the response under names of their own: every request passes here, and an answer from the page cache
// takes a fraction of a millisecond, so the state is the hooks' array itself, made once per response.
type WithLifecycle = Response & { wffHeadHooks?: HeadHook[]; wffBodyStages?: BodyStages };

/**
 * Runs `hook` just before the response's head is written (after any hook added before it). A hook that needs
 * no state of the request is best a function made once (it gets the response and `res.req`), not per request.
 */
export function beforeHead(res: Response, hook: HeadHook): void {
  const owner = res as WithLifecycle;
  const hooks = owner.wffHeadHooks;
  if (hooks) {
    hooks.push(hook);
    return;
  }
  const created = [hook];
  owner.wffHeadHooks = created;
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.headersSent) for (const each of created) each(this, args);
    return writeHead.apply(this, args as Parameters<WriteHead>);
  } as WriteHead;
}

/** Adds a step of the whole body (see the module's comment); the first one wraps the body's writing. */
export function collectBody(res: Response, stage: "tag" | "keep", steps: BodySteps): void {
  const owner = res as WithLifecycle;
  if (owner.wffBodyStages) {
    owner.wffBodyStages[stage] = steps;
    return;
  }
  const body: BodyStages = { [stage]: steps };
  owner.wffBodyStages = body;
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  let collecting: boolean | undefined;
  const chunks: Buffer[] = [];
  const decide = () => {
    if (collecting === undefined) {
      collecting = body.tag?.wants?.() === true;
      // React Router flushes the compressor after every chunk; a collected body is compressed once, whole.
      if (collecting) res.flush = () => undefined;
    }
    return collecting;
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array),
    );
  };

  res.write = function (chunk: unknown, ...rest: unknown[]) {
    if (!decide()) return write(chunk, ...rest);
    collect(chunk, rest[0]);
    const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  } as Response["write"];

  res.end = function (chunk?: unknown, ...rest: unknown[]) {
    if (!decide()) return end(chunk, ...rest);
    collect(chunk, rest[0]);
    const callback = [chunk, ...rest].find((arg) => typeof arg === "function") as (() => void) | undefined;
    const send: Send = (whole) => void (whole === undefined ? end(callback) : end(whole, callback));
    const keep = (whole: Buffer | undefined) => {
      if (body.keep) body.keep.take(whole, send, send);
      else send(whole);
    };
    const whole = Buffer.concat(chunks);
    if (body.tag) body.tag.take(whole, keep, send);
    else keep(whole);
    return res;
  } as Response["end"];
}

/**
 * Runs `done` once, when the answer has been sent, its connection closed, or its client left before it could be
 * sent. An answer queued behind another on a pipelined connection that is gone would never get the socket nor
 * close (Node gives it neither 'finish' nor 'close'): it is destroyed, and 'close' emitted for the steps that
 * wait for it.
 */
export function whenSettled(req: Request, res: Response, done: () => void): void {
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    done();
  };
  res.once("finish", settle);
  res.once("close", settle);
  req.once("close", () => {
    if (res.writableFinished) return;
    settle();
    if (!res.socket && !res.destroyed) {
      res.destroy();
      process.nextTick(() => res.emit("close"));
    }
  });
}

type Listener = (...args: unknown[]) => void;

/**
 * Gives every response one 'drain' listener on the stream beneath it, however often a writer waits.
 *
 * `compression` hands a response's 'drain' listeners to its zlib stream but does not take them off again:
 * `res.off('drain', fn)` and the wrapper of `res.once('drain', fn)` look for them on the response. React
 * Router's writer waits for 'drain' each time a write fills the buffer, so a large page sent to a slow
 * reader piled up listeners on the BrotliCompress stream (MaxListenersExceededWarning) until the response
 * ended. Here the response keeps its 'drain' listeners on an emitter of its own, and one forwarder on the
 * real stream (or the response, when it is not compressed) passes each 'drain' on to them. Mounted right
 * after `compression()` (server/compress.ts).
 */
export function oneDrainListener() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const on = res.on;
    const once = res.once;
    const off = res.off;
    // Made on the first 'drain' listener: most responses never wait for one.
    let listeners: EventEmitter | undefined;
    const ownListeners = (self: Response) => {
      if (!listeners) {
        const created = new EventEmitter();
        listeners = created;
        on.call(self, "drain", () => created.emit("drain"));
      }
      return listeners;
    };

    res.on = res.addListener = function (this: Response, event: string | symbol, listener: Listener) {
      if (event !== "drain") return on.call(this, event, listener);
      ownListeners(this).on("drain", listener);
      return this;
    } as Response["on"];
    res.once = function (this: Response, event: string | symbol, listener: Listener) {
      if (event !== "drain") return once.call(this, event, listener);
      ownListeners(this).once("drain", listener);
      return this;
    } as Response["once"];
    res.off = res.removeListener = function (this: Response, event: string | symbol, listener: Listener) {
      if (event !== "drain") return off.call(this, event, listener);
      listeners?.off("drain", listener);
      return this;
    } as Response["off"];
    next();
  };
}
