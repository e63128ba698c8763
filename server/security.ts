import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** Random bytes for nonces, drawn 4 KB at a time: a draw from the system's generator per request was 4% of a
 * cached page's CPU time (docs/decisions/020-server-render-speed.md). Each nonce is 16 bytes never used again. */
const pool = Buffer.alloc(4096);
let offset = pool.length;

function nextNonce() {
  if (offset === pool.length) {
    crypto.randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + 16);
  offset += 16;
  return nonce;
}

/** HSTS: a year, every subdomain (ASVS 5.0 3.4.1). A browser ignores it on a plain-http answer. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * A per-request nonce and the security headers every response carries. Scripts run only with the
 * nonce; the Google Analytics origin is allowed because an admin may turn measurement on.
 * - `base-uri 'none'`: no injected `<base>` can move where the page's relative links and scripts point.
 * - `Cross-Origin-Opener-Policy: same-origin`: a page another site opened cannot reach this one's window.
 * - `Strict-Transport-Security` when the site is served over https: `SITE_URL` is https, or the request came
 *   over TLS or from a trusted proxy that says so (`X-Forwarded-Proto: https`, `req.secure`).
 */
export function securityHeaders({ development, siteUrl }: { development: boolean; siteUrl: string }) {
  const https = siteUrl.startsWith("https://");
  const analytics = "https://www.googletagmanager.com https://www.google-analytics.com";
  // The policy is the same for every response but for its nonce: joined once, around the nonce's place.
  const [beforeNonce, afterNonce] = [
    "default-src 'self'",
    `script-src 'self' 'nonce-\0' 'strict-dynamic' ${analytics}${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://www.google-analytics.com https://www.googletagmanager.com",
    `connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com${development ? " ws: wss:" : ""}`,
    "font-src 'self'",
    // The service worker (/sw.js) and the web app manifest, named rather than left to fallbacks (decision 046).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .join("; ")
    .split("\0") as [string, string];
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", beforeNonce + nonce + afterNonce);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    // "Use my location" asks for the position on our own pages; no embedded frame may.
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (https || req.secure) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    next();
  };
}
