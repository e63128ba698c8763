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

/** What Google Analytics needs when an admin turns measurement on: its loader and where it sends hits. */
const ANALYTICS_SCRIPTS = "https://www.googletagmanager.com https://www.google-analytics.com";

/**
 * The style attributes Radix writes into the admin's server-rendered HTML (a Tabs list and panel, a Switch's hidden
 * checkbox), each allowed by its hash (`'unsafe-hashes'`) and no other: a test walks every admin page for violations.
 */
const RADIX_STYLE_ATTRIBUTES = [
  "outline:none",
  "animation-duration:0s",
  "position:absolute;pointer-events:none;opacity:0;margin:0;transform:translateX(-100%)",
];
const radixStyleHashes = RADIX_STYLE_ATTRIBUTES.map((style) => `'sha256-${crypto.createHash("sha256").update(style).digest("base64")}'`);

/**
 * The Content-Security-Policy, in its two forms (docs/decisions/049-csp-without-inline-styles-or-shared-nonces.md):
 * - **with a nonce** for what is rendered for one visitor and streamed (admin and owner screens, error pages): the
 *   request's nonce on its scripts and on the `<style>` that a dialog adds to lock the page's scroll, with
 *   `'strict-dynamic'` for what those scripts load;
 * - **with hashes** for a public page collected whole before it is sent (server/page-etag.ts), which the page cache
 *   may hand to many visitors: the SHA-256 of each of its inline scripts and no nonce at all, so that no visitor is
 *   handed a nonce another one saw. Its external scripts are the site's own (`'self'`) and Analytics'.
 * Neither allows an inline style element or attribute (`style-src` has no `'unsafe-inline'`) but the nonced `<style>`
 * and Radix's few attributes (RADIX_STYLE_ATTRIBUTES) on the admin's screens, except in development, where Vite adds
 * its styles inline.
 */
function contentSecurityPolicy(development: boolean) {
  const directives = (scripts: string, styles: string) =>
    [
      "default-src 'self'",
      `script-src 'self' ${scripts} ${ANALYTICS_SCRIPTS}${development ? " 'unsafe-eval'" : ""}`,
      `style-src 'self'${development ? " 'unsafe-inline'" : styles}`,
      ...(styles && !development ? [`style-src-attr 'unsafe-hashes' ${radixStyleHashes.join(" ")}`] : []),
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
    ].join("; ");
  // The nonced policy is the same for every response but for its nonce: joined once, around the nonce's places.
  const aroundNonce = directives("'nonce-\0' 'strict-dynamic'", " 'nonce-\0'").split("\0");
  return {
    withNonce: (nonce: string) => aroundNonce.join(nonce),
    withHashes: (hashes: readonly string[]) => directives(hashes.map((hash) => `'sha256-${hash}'`).join(" ") || "'none'", ""),
  };
}

export type ContentSecurityPolicy = ReturnType<typeof contentSecurityPolicy>;

/**
 * A mail message's HTML shown to an admin in a frame (routes/admin/mail-message-html.ts, newsletter-email.ts): a
 * document of its own, styled inline as mail is, with no script, no form, nothing fetched but images, in a sandbox
 * (no origin of its own, links open in a new tab), and framed only by the site's own pages.
 */
const FRAMED_MESSAGE = /^\/admin\/(mail\/[^/]+\/html|newsletter\/[^/]+\/email)$/;
const FRAMED_MESSAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' https: data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  "sandbox allow-popups allow-popups-to-escape-sandbox",
].join("; ");

/**
 * A per-request nonce and the security headers every response carries. Scripts run only with the
 * nonce (or, on a page collected whole, their hash: res.locals.contentSecurityPolicy.withHashes); the Google
 * Analytics origins are allowed because an admin may turn measurement on.
 * - `base-uri 'none'`: no injected `<base>` can move where the page's relative links and scripts point.
 * - `Cross-Origin-Opener-Policy: same-origin`: a page another site opened cannot reach this one's window.
 * - `Strict-Transport-Security` when the site is served over https: `SITE_URL` is https, or the request came
 *   over TLS or from a trusted proxy that says so (`X-Forwarded-Proto: https`, `req.secure`).
 */
export function securityHeaders({ development, siteUrl }: { development: boolean; siteUrl: string }) {
  const https = siteUrl.startsWith("https://");
  const policy = contentSecurityPolicy(development);
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    res.locals.contentSecurityPolicy = policy;
    const framedMessage = FRAMED_MESSAGE.test(req.path);
    res.setHeader("Content-Security-Policy", framedMessage ? FRAMED_MESSAGE_POLICY : policy.withNonce(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", framedMessage ? "SAMEORIGIN" : "DENY");
    // "Use my location" asks for the position on our own pages; no embedded frame may.
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (https || req.secure) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    next();
  };
}
