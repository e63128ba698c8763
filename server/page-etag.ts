import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { collectBody } from "./response-lifecycle";
import type { ContentSecurityPolicy } from "./security";
import { matchesEtag } from "./static-files";

/** Whether a request is for the JSON API under /api. */
export const isApiPath = (path: string) => /^\/api(\/|$)/i.test(path);

/**
 * A page may be kept, but is asked again with its ETag every time it is shown (a 304 costs a render but no
 * transfer): an admin's change, a setting switched off or an unsubscribe shows at once, never a minute late.
 */
export const PAGE_CACHE = "no-cache";

/**
 * The page's entity tag: a hash of its HTML with the values that differ on every request blanked (the render
 * time the root loader hands the page, server/app.ts; the nonce is already gone, withScriptHashes). Two
 * renders of the same content have the same tag (docs/decisions/014-caching-and-compression.md).
 */
export function pageEtag(html: Buffer, perRequestValues: string[]): string {
  // The bytes between the values' occurrences are hashed where they lie: no copy of a 200 KB page as a string.
  const hash = crypto.createHash("sha256");
  const values = perRequestValues.filter(Boolean).map((value) => ({ bytes: Buffer.from(value), at: -1 }));
  let start = 0;
  for (;;) {
    let next: { bytes: Buffer; at: number } | undefined;
    for (const value of values) {
      if (value.at !== -2 && value.at < start) {
        value.at = html.indexOf(value.bytes, start);
        if (value.at === -1) value.at = -2;
      }
      if (value.at >= 0 && (!next || value.at < next.at)) next = value;
    }
    if (!next) break;
    hash.update(html.subarray(start, next.at));
    start = next.at + next.bytes.length;
  }
  hash.update(html.subarray(start));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script");
const TAG_END = 0x3e; // ">"

/**
 * A whole page made fit for any visitor: the request's nonce taken off its tags, and the SHA-256 of each inline
 * script that may run (not structured data, not a script with a `src`), for a policy that allows exactly those
 * (server/security.ts, `withHashes`). A script's text ends at the first `</script`, as the browser reads it;
 * React escapes `<` in what it writes there, so the text hashed is the text run.
 */
export function withScriptHashes(html: Buffer, nonce: string): { html: Buffer; hashes: string[] } {
  let page = html;
  if (nonce) {
    const attribute = Buffer.from(` nonce="${nonce}"`);
    const parts: Buffer[] = [];
    let start = 0;
    for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, start)) {
      parts.push(html.subarray(start, at));
      start = at + attribute.length;
    }
    if (parts.length > 0) page = Buffer.concat([...parts, html.subarray(start)]);
  }
  const hashes = new Set<string>();
  for (let open = page.indexOf(SCRIPT_OPEN); open !== -1; open = page.indexOf(SCRIPT_OPEN, open + 1)) {
    const tagEnd = page.indexOf(TAG_END, open);
    const close = tagEnd === -1 ? -1 : page.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close === -1) break;
    const tag = page.toString("latin1", open, tagEnd);
    if (/\ssrc=|type="application\/(ld\+)?json"/i.test(tag)) continue;
    hashes.add(
      crypto
        .createHash("sha256")
        .update(page.subarray(tagEnd + 1, close))
        .digest("base64"),
    );
    open = close;
  }
  return { html: page, hashes: [...hashes] };
}

/**
 * ETag and 304 for the HTML pages React Router renders and the JSON of the public API (/api). A successful GET
 * of an HTML page or API answer that did not set its own Cache-Control (admin pages send `private, no-store`,
 * the search around a position and API errors `no-store`, and are left alone) is collected whole, tagged, and
 * answered with 304 when the request's If-None-Match names the tag. Its nonce is taken off and its policy names its
 * scripts' hashes instead (withScriptHashes): a copy the page cache hands to many visitors carries no nonce. The 304
 * carries no Content-Security-Policy: the browser keeps the one stored with its copy.
 *
 * Mount it before the React Router handler. `res.locals.renderedAt` is the render time the page was given.
 */
const contentTypeOf = (res: Response) => String(res.getHeader("Content-Type") ?? "");

export function pageEtags() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    collectBody(res, "tag", {
      wants: () => {
        const contentType = contentTypeOf(res);
        const tagged = contentType.startsWith("text/html") || (isApiPath(req.path) && contentType.startsWith("application/json"));
        return res.statusCode === 200 && tagged && !res.getHeader("Cache-Control");
      },
      take: (body, pass) => {
        let whole = body ?? Buffer.alloc(0);
        const policy = res.locals.contentSecurityPolicy as ContentSecurityPolicy | undefined;
        if (policy && contentTypeOf(res).startsWith("text/html")) {
          const fit = withScriptHashes(whole, String(res.locals.cspNonce ?? ""));
          whole = fit.html;
          res.setHeader("Content-Security-Policy", policy.withHashes(fit.hashes));
        }
        const etag = pageEtag(whole, [String(res.locals.renderedAt ?? "")]);
        res.setHeader("ETag", etag);
        res.setHeader("Cache-Control", PAGE_CACHE);
        if (matchesEtag(req.headers["if-none-match"], etag)) {
          res.statusCode = 304;
          res.vary("Accept-Encoding");
          for (const header of ["Content-Type", "Content-Length", "Content-Security-Policy"]) res.removeHeader(header);
          return pass(undefined);
        }
        res.setHeader("Content-Length", whole.length);
        pass(whole);
      },
    });
    next();
  };
}
