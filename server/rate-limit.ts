import type { NextFunction, Request, Response } from "express";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export interface RateLimitRule {
  /** Requests allowed per client address in each window. */
  limit: number;
  windowMs: number;
  message: string;
}

/**
 * A fixed-window limit per client address on rate-limiter-flexible. The counters live in this process's
 * memory by default; server/app.ts passes the limiter of its store (server/limit-store.ts: Redis or
 * PostgreSQL when several servers count together). The answer past the limit is a 429 with Retry-After,
 * JSON under /api or for a client that asks for JSON, plain text otherwise; every answer carries
 * RateLimit-Limit and RateLimit-Remaining.
 */
export function rateLimit(
  rule: RateLimitRule,
  limiter: RateLimiterAbstract = new RateLimiterMemory({ points: rule.limit, duration: Math.ceil(rule.windowMs / 1000) }),
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    let result: RateLimiterRes;
    let refused = false;
    try {
      result = await limiter.consume(req.ip ?? "unknown");
    } catch (rejection) {
      // A store that fails rejects with an Error; only a RateLimiterRes means the limit was reached.
      if (!(rejection instanceof RateLimiterRes)) return next(rejection);
      result = rejection;
      refused = true;
    }
    res.setHeader("RateLimit-Limit", String(rule.limit));
    res.setHeader("RateLimit-Remaining", String(Math.max(0, result.remainingPoints)));
    if (!refused) return next();
    res.setHeader("Retry-After", String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))));
    if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
      res.status(429).json({ message: rule.message });
    } else {
      res.status(429).type("text/plain").send(rule.message);
    }
  };
}
