import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { oneDrainListener } from "./response-lifecycle";

/**
 * Answers smaller than this go out as they are. Such an answer and its headers fit in TCP's first flight (ten
 * segments, about 14 KB, RFC 6928), so compressing it saves bytes but no round trip, and cost 0.2-0.25 ms of CPU
 * for a JSON answer of 4-9 KB: a sixth of a rendered API call (issue #39, BENCHMARKS.md). Pages are larger.
 */
export const COMPRESSION_THRESHOLD_BYTES = 12 * 1024;

/**
 * Compresses what the site renders (pages, API answers, calendars) as it is sent, with one 'drain' listener per
 * response (server/response-lifecycle.ts). Precompressed answers (a file of server/static-files.ts, a page kept by
 * server/page-cache.ts) never come here: wrapping a response costs about a fifth of a cached answer's time
 * (docs/decisions/032-compression-after-the-page-cache.md). A response that set `res.locals.precompressed`
 * is left alone all the same.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (req, res) => !res.locals.precompressed && compression.filter(req, res),
  });
  const drain = oneDrainListener();
  return (req: Request, res: Response, next: NextFunction) =>
    compress(req, res, (error?: unknown) => (error ? next(error) : drain(req, res, next)));
}
