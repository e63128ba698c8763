import type { NextFunction, Request, RequestHandler, Response } from "express";
import { whenSettled } from "./response-lifecycle";

/**
 * At most `limit` holders at once; the others wait their turn, first come, first served.
 */
export function turns(limit: number, now: () => number = Date.now) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`turns needs a whole number of places, not ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  // When a place was last taken or given back: with every place held and none moving, nothing new can start.
  let movedAt = now();
  return {
    /** Waits for a free place; the function it gives hands the place back (to the next in line), once. */
    async take(): Promise<() => void> {
      if (running < limit) {
        running++;
        movedAt = now();
      } else await new Promise<void>((resolve) => waiting.push(resolve));
      let given = false;
      return () => {
        if (given) return;
        given = true;
        movedAt = now();
        const next = waiting.shift();
        if (next) next();
        else running--;
      };
    },
    /** How many hold a place now, and how many wait for one. */
    get load() {
      return { running, waiting: waiting.length };
    },
    /** How long every place has been held with none taken or given back (0 while one is free). */
    stuckForMs(): number {
      return running < limit ? 0 : now() - movedAt;
    },
  };
}

export type Turns = ReturnType<typeof turns>;

export interface TakingTurnsOptions {
  /** How many GET and HEAD requests are answered at once. */
  limit: number;
  /**
   * Addresses whose answers are downloads (a backup, a CSV export): they take no turn, so that a client that
   * reads slowly never holds one, and few are ever asked for at once (the admin's).
   */
  downloads?: RegExp;
  /**
   * The longest a request may hold its turn: past it the turn goes to the next in line and `onOverdue` is told.
   * The render deadline (entry.server.tsx) stops a render before then; what is left is a client reading slowly.
   */
  holdLimitMs: number;
  onOverdue?: (req: Request, heldMs: number) => void;
}

/**
 * React Router answers at most `limit` GET and HEAD requests at once (pages, from their loaders to their last
 * byte); the others wait their turn (docs/decisions/036). The turns are returned by `handler.turns`, for /readyz.
 * - Rendering is CPU work on one thread, so pages answered side by side do not finish sooner: they take turns
 *   at every `await`, each keeping its half-built page alive meanwhile. Ten at once kept ten pages' worth of
 *   objects alive through every young-generation collection, to be copied and promoted, and the old
 *   generation was collected four to six times as often as with four at once.
 * - A turn ends however the request ends: its answer sent (`finish`), its response closed, its request
 *   destroyed (the connection closed: a request pipelined behind another on a connection its client closed
 *   never gets the socket, so its response fires neither `finish` nor `close`; Node destroys the request),
 *   or `holdLimitMs` passed. A client that leaves while waiting gives its turn on at once, and its page is never
 *   rendered.
 * - A response that will never be sent (its connection is gone and it never had the socket) is closed, so that
 *   React Router aborts its request and stops its render.
 * - Other methods never wait: a slow upload must not hold a turn that pages need. Nor do downloads (`downloads`).
 */
export function takingTurns(handler: RequestHandler, options: TakingTurnsOptions): RequestHandler & { turns: Turns } {
  const pages = turns(options.limit);
  const taking = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || options.downloads?.test(req.path)) return handler(req, res, next);
    let release: (() => void) | undefined;
    let over = false;
    let overdue: NodeJS.Timeout | undefined;
    const end = () => {
      over = true;
      clearTimeout(overdue);
      release?.();
    };
    // A page or an API answer keeps its turn until it is sent: ended at its headers, which go only once it is
    // whole and being compressed (server/page-etag.ts), it let the next pages start beside its compression and
    // brought the 6 s tails at 100 connections back (measured, decision 036).
    whenSettled(req, res, end);
    pages
      .take()
      .then((giveBack) => {
        if (over) return giveBack();
        release = giveBack;
        const since = Date.now();
        overdue = setTimeout(() => {
          options.onOverdue?.(req, Date.now() - since);
          end();
        }, options.holdLimitMs);
        overdue.unref();
        return handler(req, res, next);
      })
      .catch(next);
  };
  return Object.assign(taking, { turns: pages });
}
