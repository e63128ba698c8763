import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * A per-request nonce and the security headers every response carries. Scripts run only with the
 * nonce; the Google Analytics origin is allowed because an admin may turn measurement on.
 */
export function securityHeaders({ development }: { development: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const analytics = "https://www.googletagmanager.com https://www.google-analytics.com";
    const directives = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${analytics}${development ? " 'unsafe-eval'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://www.google-analytics.com https://www.googletagmanager.com",
      `connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com${development ? " ws: wss:" : ""}`,
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ];
    res.setHeader("Content-Security-Policy", directives.join("; "));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    // "Use my location" asks for the position on our own pages; no embedded frame may.
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    next();
  };
}
