import http from "node:http";
import type { Socket } from "node:net";
import type { Express } from "express";

/**
 * The HTTP server of an Express application whose requests and responses are made with the application's own
 * prototypes (`app.request` and `app.response`, which inherit from Node's IncomingMessage and ServerResponse).
 *
 * Express gives them those prototypes as each request comes in, with `Object.setPrototypeOf`. Done to a new
 * object at every request, that keeps much of each request's garbage alive through V8's young-generation
 * collections: an answer from the page cache left about 3 MB to be copied and promoted at each collection, whose
 * pauses (4-17 ms) were the p99 of the JSON API at 10 connections (BENCHMARKS.md, 2026-11-28). Made with the
 * right prototype from the start, the request's `setPrototypeOf` changes nothing, and next to nothing survives
 * (docs/decisions/035-requests-made-with-express-prototypes.md).
 */
export function createHttpServer(app: Express): http.Server {
  // Node's constructors are functions that can run on an object made by `new` of another function. Should a later
  // Node make them classes, which cannot be called so, Express sets the prototypes itself as before.
  if (isClass(http.IncomingMessage) || isClass(http.ServerResponse)) return http.createServer(app);
  // Called by Node with `new`, so `this` is an object whose prototype is the application's. (Reflect.construct
  // with new.target would do the same for a class, but its objects still survive collections: measured.)
  function AppRequest(this: http.IncomingMessage, socket: Socket) {
    (http.IncomingMessage as unknown as (this: unknown, socket: Socket) => void).call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: http.ServerResponse, req: http.IncomingMessage, options?: unknown) {
    (http.ServerResponse as unknown as (this: unknown, req: http.IncomingMessage, options?: unknown) => void).call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
    },
    app,
  );
}

const isClass = (constructor: unknown) => /^class\b/.test(Function.prototype.toString.call(constructor));
