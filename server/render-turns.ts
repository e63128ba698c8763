import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * At most `limit` holders at once; the others wait their turn, first come, first served.
 */
export function turns(limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`turns needs a whole number of places, not ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    /** Waits for a free place; the function it gives hands the place back (to the next in line), once. */
    async take(): Promise<() => void> {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const next = waiting.shift();
        if (next) next();
        else running--;
      };
    },
    /** How many hold a place now, and how many wait for one. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

/**
 * React Router answers at most `limit` GET and HEAD requests at once (pages, from their loaders to their last
 * byte); the others wait their turn (docs/decisions/036).
 * - Rendering is CPU work on one thread, so pages answered side by side do not finish sooner: they take turns
 *   at every `await`, each keeping its half-built page alive meanwhile. Ten at once kept ten pages' worth of
 *   objects alive through every young-generation collection, to be copied and promoted, and the old
 *   generation was collected four to six times as often as with four at once.
 * - A turn ends when the answer is sent or the client leaves; a client that leaves while waiting gives its turn
 *   on at once.
 * - Other methods never wait: a slow upload must not hold a turn that pages need.
 */
export function takingTurns(handler: RequestHandler, limit: number): RequestHandler {
  const pages = turns(limit);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return handler(req, res, next);
    let release: (() => void) | undefined;
    let over = false;
    const end = () => {
      over = true;
      release?.();
    };
    res.once("finish", end);
    res.once("close", end);
    pages
      .take()
      .then((giveBack) => {
        if (over) return giveBack();
        release = giveBack;
        return handler(req, res, next);
      })
      .catch(next);
  };
}
