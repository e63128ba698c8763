import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { oneDrainListener } from "./response-lifecycle";

/**
 * Compresses what the site renders (pages, API answers, calendars) as it is sent, with one 'drain' listener per
 * response (server/response-lifecycle.ts). Precompressed answers (a file of server/static-files.ts, a page kept by
 * server/page-cache.ts) never come here: wrapping a response costs about a fifth of a cached answer's time
 * (docs/decisions/032-compression-after-the-page-cache.md). A response that set `res.locals.precompressed`
 * is left alone all the same.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({ filter: (req, res) => !res.locals.precompressed && compression.filter(req, res) });
  const drain = oneDrainListener();
  return (req: Request, res: Response, next: NextFunction) =>
    compress(req, res, (error?: unknown) => (error ? next(error) : drain(req, res, next)));
}
