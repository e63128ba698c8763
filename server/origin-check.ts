import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site writes: a non-GET request whose Origin (or, without one, Referer) names another
 * site gets 403, in addition to the SameSite session cookie. Requests with neither header (curl, server
 * to server) carry no ambient browser credentials of another site and pass.
 */
export function originCheck({ siteUrl }: { siteUrl: string }) {
  const allowed = new Set([new URL(siteUrl).origin]);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // RFC 8058's one-click unsubscribe: a mail provider posts to the link of the List-Unsubscribe header, from
    // wherever it runs. The link's token is all it acts on (no cookie, no session), so no other site can misuse it.
    // React Router refuses an action whose Origin is not the site's own: the header is dropped for this one address.
    if (req.path === "/newsletter/unsubscribe") {
      delete req.headers.origin;
      return next();
    }
    const source = req.get("origin") ?? refererOrigin(req.get("referer"));
    if (source === undefined) return next();
    const own = `${req.protocol}://${req.get("host")}`;
    if (source === own || allowed.has(source)) return next();
    res.status(403).json({ message: "Cross-site requests are not allowed." });
  };
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}
