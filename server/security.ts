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

/**
 * A per-request nonce and the security headers every response carries. Scripts run only with the
 * nonce; the Google Analytics origin is allowed because an admin may turn measurement on.
 */
export function securityHeaders({ development }: { development: boolean }) {
  const analytics = "https://www.googletagmanager.com https://www.google-analytics.com";
  // The policy is the same for every response but for its nonce: joined once, around the nonce's place.
  const [beforeNonce, afterNonce] = [
    "default-src 'self'",
    `script-src 'self' 'nonce-\0' 'strict-dynamic' ${analytics}${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://www.google-analytics.com https://www.googletagmanager.com",
    `connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com${development ? " ws: wss:" : ""}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .join("; ")
    .split("\0") as [string, string];
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", beforeNonce + nonce + afterNonce);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    // "Use my location" asks for the position on our own pages; no embedded frame may.
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    next();
  };
}
