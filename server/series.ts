import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * Middleware that every request passes, run one after the other as one layer of Express's router. The router
 * spends a match, a closure for its parameters and a debug call on each layer a request goes through, which made
 * it the largest source of garbage of an answer from the page cache (BENCHMARKS.md, 2026-11-28).
 *
 * Each handler's `next` runs the following one; the last one's goes on to the next layer. An error, passed to
 * `next`, thrown, or a rejected promise, goes to Express's error handlers at once, as it would from a layer of
 * its own. The handlers call `next()` or `next(error)`, never `next("route")` or `next("router")`.
 */
export function series(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown) => {
      if (error !== undefined && error !== null) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch((rejection: unknown) => next(rejection ?? new Error("Rejected promise")));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
