import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { carriesSessionCookie } from "~/http/auth.server";
import { cacheGeneration, cachesUsable, registerCache } from "~/services/tools/cache.server";
import { isApiPath, PAGE_CACHE } from "./page-etag";
import { beforeHead, collectBody } from "./response-lifecycle";
import { codingWeights, matchesEtag } from "./static-files";

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** How a page was answered, in the X-Cache header of every HTML page and API answer: for operators, tests and the benchmark. */
export type CacheState = "hit" | "miss" | "bypass";

/**
 * API addresses never answered from or kept in the cache, whatever they answer: the search around a position
 * carries the visitor's coordinates (from "Use my location"), which the site never keeps, not even in memory
 * (docs/decisions/016). It also sends `no-store`, which alone keeps it out; this list makes that not depend on it.
 */
const NEVER_CACHED_API = [/^\/api\/wholesalers\/near(\/|$)/i];

/**
 * The owners' pages (decision 045) show one owner's listings and links: never answered from or kept in the cache,
 * whatever they answer (they also send `private, no-store`, which alone keeps them out).
 */
const NEVER_CACHED_PAGES = [/^\/owner(\/|\.data$|$)/i];

const neverCached = (path: string) => [...NEVER_CACHED_API, ...NEVER_CACHED_PAGES].some((pattern) => pattern.test(path));

/** Whether a response is of a kind the cache keeps: an HTML page, or JSON from the API. */
function keepableType(req: Request, contentType: string): boolean {
  if (contentType.startsWith("text/html")) return true;
  return isApiPath(req.path) && contentType.startsWith("application/json");
}

export interface PageCacheOptions {
  /** Most pages kept; the least recently used goes first. */
  maxEntries: number;
  /** Most bytes kept, counting the page and its brotli and gzip copies. */
  maxBytes: number;
  /** How long a page is kept (see DEFAULT_PAGE_CACHE_OPTIONS). */
  ttlMs: number;
  logger: Logger;
  /**
   * What compresses a rendered answer as it is sent (server/compress.ts): run for every request this cache
   * does not answer itself, before the cache looks at what is rendered, so that it keeps the page as rendered.
   * An answer from the cache was compressed when kept and skips it.
   */
  compress: RequestHandler;
}

/**
 * A minute: pages show the time-dependent facts of the moment they were rendered (a listing's "Open now", the
 * festivals from today on, "today" in the site's calendar), so a cached copy is at most a minute behind the
 * clock, which is also how late a day rolls over. Data changes do not wait for it: they clear the cache.
 */
export const DEFAULT_PAGE_CACHE_OPTIONS = { maxEntries: 1_000, maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 };

/** Headers of a response that belong to that one response (or are set again when a copy is sent), never kept. */
const NOT_KEPT = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
  "x-cache",
]);

interface Entry {
  /** Headers the page's render set (Content-Type, Link...), not the ones every response gets before it. */
  headers: [string, string | number | string[]][];
  /** The policy the page was rendered with: its nonce is the one its scripts carry. */
  contentSecurityPolicy: string;
  etag: string;
  identity: Buffer;
  /** Left out when compressing does not make it smaller (a short API answer). */
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
  expiresAt: number;
}

/**
 * A request carrying a cookie the site itself sets for a visitor's state may see a page of its own (today only the
 * admin's session: the public site sets no cookie), so it bypasses the cache. Other cookies sent to the site, such
 * as Google Analytics' own, change nothing the server renders.
 */
const carriesAppCookie = (req: Request) => carriesSessionCookie(req.headers.cookie);

/** Response#end, bound, with its overloads flattened. */
/** Ends the response with this body, or none. */
type End = (body?: Buffer) => unknown;

function sendEntry(req: Request, res: Response, entry: Entry, state: CacheState, end: End) {
  // Compressed once when kept: compression (server/compress.ts) leaves it alone, if it wrapped this response.
  res.locals.precompressed = true;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", entry.contentSecurityPolicy);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Cache-Control", PAGE_CACHE);
  res.setHeader("X-Cache", state);
  res.vary("Accept-Encoding");
  if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
    res.statusCode = 304;
    // As in server/page-etag.ts: the browser keeps the policy stored with its copy.
    for (const header of ["Content-Type", "Content-Security-Policy"]) res.removeHeader(header);
    return end();
  }
  const weights = codingWeights(req.headers["accept-encoding"]);
  const coding = weights.br > 0 && entry.br ? "br" : weights.gzip > 0 && entry.gzip ? "gzip" : "identity";
  const body = entry[coding] ?? entry.identity;
  if (coding !== "identity") res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  return req.method === "HEAD" ? end() : end(body);
}

/**
 * Keeps anonymous visitors' public HTML pages and public JSON API answers in memory (issue #13) and answers
 * repeats from there: keyed by path and query, with the ETag and 304 of server/page-etag.ts, each compressed
 * once (brotli and gzip) when kept. Only a GET without the site's own cookies is answered from or stored in
 * the cache; only a 200 HTML page or /api JSON answer that server/page-etag.ts tagged (so it set no
 * Cache-Control of its own: admin pages and the unsubscribe page are `private, no-store`, the search around a
 * position and every API error `no-store`), that sets no cookie and varies on nothing else is kept; the
 * addresses of NEVER_CACHED_API never are. Every
 * clear of the caches (invalidateEverywhere, the Clear cache tool) empties it, and a page whose render
 * began before a clear is not kept. While the invalidation bus is down it is not used at all.
 *
 * Mount it after the rate limits and before pageEtags().
 */
export function pageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  // The addresses that were pages worth keeping, and the renders of them under way: a request for one of them
  // while it is being rendered waits for that render instead of rendering it too (after a clear or an expiry,
  // a busy page is rendered once, not once per waiting visitor). Only for known pages (an address whose answer
  // was kept before): a 404 or an uncacheable answer is never kept, and its requests must not queue behind each other.
  const knownPages = new Set<string>();
  const rendering = new Map<string, Promise<Entry | undefined>>();
  const keep = (key: string, entry: Entry) => {
    if (knownPages.size >= options.maxEntries * 4) knownPages.clear();
    knownPages.add(key);
    if (entry.bytes > options.maxBytes / 4) return;
    remove(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    // A Map iterates in insertion order and a hit moves its entry to the end: the first is the least recently used.
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      remove(oldest);
    }
  };
  registerCache({
    name: "Pages",
    clear: () => {
      const count = entries.size;
      entries.clear();
      bytes = 0;
      return count;
    },
  });

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return options.compress(req, res, next);
    const key = req.originalUrl;
    const eligible = cachesUsable() && !carriesAppCookie(req) && !neverCached(req.path);
    if (eligible) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > Date.now()) {
        entries.delete(key);
        entries.set(key, entry);
        sendEntry(req, res, entry, "hit", res.end.bind(res) as End);
        return;
      }
      if (entry) remove(key);
      const underway = rendering.get(key);
      if (underway) {
        void underway.then((rendered) => {
          if (rendered && !res.headersSent) sendEntry(req, res, rendered, "hit", res.end.bind(res) as End);
          else render(req, res, next, key, eligible);
        });
        return;
      }
    }
    render(req, res, next, key, eligible);
  };

  function render(req: Request, res: Response, next: NextFunction, key: string, eligible: boolean) {
    // Compression wraps the response first: the cache's own wrapper below sees the page as rendered.
    options.compress(req, res, (error?: unknown) => (error ? next(error) : renderCompressed(req, res, next, key, eligible)));
  }

  function renderCompressed(req: Request, res: Response, next: NextFunction, key: string, eligible: boolean) {
    const state: CacheState = eligible ? "miss" : "bypass";
    const generation = cacheGeneration();
    // Whatever was set before this point (security and rate-limit headers) belongs to this response only.
    const earlierHeaders = new Set(res.getHeaderNames());
    beforeHead(res, () => {
      if (!res.getHeader("X-Cache") && (isApiPath(req.path) || String(res.getHeader("Content-Type") ?? "").startsWith("text/html")))
        res.setHeader("X-Cache", state);
    });
    if (!eligible || req.method !== "GET") return next();

    let settle: (entry: Entry | undefined) => void = () => undefined;
    if (knownPages.has(key) && !rendering.has(key)) {
      const underway = new Promise<Entry | undefined>((resolve) => {
        settle = (entry) => {
          if (rendering.get(key) === underway) rendering.delete(key);
          resolve(entry);
        };
      });
      rendering.set(key, underway);
      // An answer that ends without a page to keep (an error, a closed connection) lets the waiting requests render.
      res.once("close", () => settle(undefined));
    }

    // The page as tagged (server/page-etag.ts), whole: kept when it may be, then sent from what was kept.
    collectBody(res, "keep", {
      take: (chunk, pass, end) => {
        const vary = String(res.getHeader("Vary") ?? "")
          .split(",")
          .map((name) => name.trim().toLowerCase())
          .filter((name) => name && name !== "accept-encoding");
        const etag = res.getHeader("ETag");
        const storable =
          res.statusCode === 200 &&
          !res.headersSent &&
          chunk !== undefined &&
          typeof etag === "string" &&
          res.getHeader("Cache-Control") === PAGE_CACHE &&
          keepableType(req, String(res.getHeader("Content-Type") ?? "")) &&
          res.getHeader("Set-Cookie") === undefined &&
          vary.length === 0;
        if (!storable) {
          settle(undefined);
          return pass(chunk);
        }
        const headers = res
          .getHeaderNames()
          .filter((name) => !earlierHeaders.has(name) && !NOT_KEPT.has(name))
          .map((name): Entry["headers"][number] => [name, res.getHeader(name)!]);
        const identity = chunk;
        Promise.all([
          brotliCompress(identity, {
            params: {
              // Quality 6 compresses a 200 KB page in a few milliseconds, within a few percent of the slowest setting.
              [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
          gzip(identity, { level: 6 }),
        ]).then(
          ([br, gzipped]) => {
            const smaller = (copy: Buffer) => (copy.length < identity.length ? copy : undefined);
            const entry: Entry = {
              headers,
              contentSecurityPolicy: String(res.getHeader("Content-Security-Policy") ?? ""),
              etag,
              identity,
              br: smaller(br),
              gzip: smaller(gzipped),
              bytes: identity.length + br.length + gzipped.length,
              expiresAt: Date.now() + options.ttlMs,
            };
            // A page rendered while a clear happened may show what the clear was for: sent, not kept.
            const current = generation === cacheGeneration() && cachesUsable();
            if (current) keep(key, entry);
            settle(current ? entry : undefined);
            sendEntry(req, res, entry, "miss", end);
          },
          (error: unknown) => {
            options.logger.error({ err: error }, "could not compress a page for the page cache");
            settle(undefined);
            pass(identity);
          },
        );
      },
    });
    next();
  }
}
