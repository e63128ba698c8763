import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * Gives every response one 'drain' listener on the stream beneath it, however often a writer waits.
 *
 * `compression` hands a response's 'drain' listeners to its zlib stream but does not take them off again:
 * `res.off('drain', fn)` and the wrapper of `res.once('drain', fn)` look for them on the response. React
 * Router's writer waits for 'drain' each time a write fills the buffer, so a large page sent to a slow
 * reader piled up listeners on the BrotliCompress stream (MaxListenersExceededWarning) until the response
 * ended. Here the response keeps its 'drain' listeners on an emitter of its own, and one forwarder on the
 * real stream (or the response, when it is not compressed) passes each 'drain' on to them. Mount it
 * right after `compression()`.
 */
export function drainListeners() {
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
