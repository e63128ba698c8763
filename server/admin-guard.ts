import type { NextFunction, Request, Response } from "express";
import { getOptionalAdmin, UNAUTHORIZED_MESSAGE } from "~/http/auth.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const OPEN_PATHS = new Set(["/login", "/logout"]);

/**
 * Every admin mutation without a valid session answers 401 JSON, whether it comes from a script, a
 * plain form post or the app's own fetch, before any route code runs. Pages (GET) redirect to the
 * sign-in page in their loaders instead.
 */
export function adminMutationGuard() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || OPEN_PATHS.has(req.path.replace(/\.data$/, ""))) return next();
    try {
      const admin = await getOptionalAdmin(new Request("http://admin.invalid/", { headers: { cookie: req.get("cookie") ?? "" } }));
      if (admin) return next();
      res.status(401).set("Cache-Control", "no-store").json({ message: UNAUTHORIZED_MESSAGE });
    } catch (error) {
      next(error);
    }
  };
}
