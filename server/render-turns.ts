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

/** Answers that keep their turn until they are sent: pages and the JSON API. */
const KEEPS_ITS_TURN = /^\s*(text\/html|application\/json)\b/i;

/** The Content-Type an answer is sent with: set on it, or given to `writeHead` with the status. */
function contentTypeOf(res: Response, args: unknown[]): string {
  const given = args.find((arg): arg is Record<string, unknown> => typeof arg === "object" && arg !== null && !Array.isArray(arg));
  const name = given && Object.keys(given).find((key) => key.toLowerCase() === "content-type");
  return String((name && given[name]) ?? res.getHeader("Content-Type") ?? "");
}

/**
 * React Router answers at most `limit` GET and HEAD requests at once (pages, from their loaders to their last
 * byte); the others wait their turn (docs/decisions/036).
 * - Rendering is CPU work on one thread, so pages answered side by side do not finish sooner: they take turns
 *   at every `await`, each keeping its half-built page alive meanwhile. Ten at once kept ten pages' worth of
 *   objects alive through every young-generation collection, to be copied and promoted, and the old
 *   generation was collected four to six times as often as with four at once.
 * - A turn ends when the answer is sent or the client leaves, or for a download (neither HTML nor JSON) when its
 *   headers go; a client that leaves while waiting gives its turn on at once.
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
    // A download (a backup, a CSV) ends its turn once its headers go: its client's speed must not hold a turn.
    // A page or an API answer keeps its turn until it is sent: ended at its headers, which go only once it is
    // whole and being compressed (server/page-etag.ts), it let the next pages start beside its compression and
    // brought the 6 s tails at 100 connections back (measured, decision 036).
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (!KEEPS_ITS_TURN.test(contentTypeOf(this, args))) end();
      return writeHead.apply(this, args);
    } as Response["writeHead"];
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
