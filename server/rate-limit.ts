import type { NextFunction, Request, Response } from "express";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export interface RateLimitRule {
  /** Requests allowed per client address in each window. */
  limit: number;
  windowMs: number;
  message: string;
}

export interface RateLimitOptions {
  /**
   * Past the limit, let the page answer instead of a bare 429: the request goes on to React Router with the
   * refusal in its context (app/http/request-context.server.ts, rateLimitRefusalContext), and the form's action
   * shows the message beside the form, with the visitor's values kept, and answers 429 before it saves anything.
   * A bare text 429 on a page's `.data` address is an error React Router's client can only show as "Something
   * went wrong", and on the page's own address a page without the site around it.
   */
  handToPage?: boolean;
  /** Told of each request past the limit (the metrics' refusals, server/metrics.ts). */
  onRefused?: (() => void) | undefined;
}

const REFUSAL = "rateLimitRefusal";

/** The message of a limit this request went past, when that limit handed the refusal on to the page. */
export const refusalOf = (res: Response): string | undefined => {
  const refusal: unknown = res.locals[REFUSAL];
  return typeof refusal === "string" ? refusal : undefined;
};

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
  options: RateLimitOptions = {},
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
    // A refusal handed on to the page keeps its own limit's headers: a later, wider limit only counts.
    if (!refusalOf(res)) {
      res.setHeader("RateLimit-Limit", String(rule.limit));
      res.setHeader("RateLimit-Remaining", String(Math.max(0, result.remainingPoints)));
    }
    if (!refused) return next();
    options.onRefused?.();
    res.setHeader("Retry-After", String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))));
    if (options.handToPage && !req.path.startsWith("/api/")) {
      res.locals[REFUSAL] = rule.message;
      return next();
    }
    if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
      res.status(429).json({ message: rule.message });
    } else {
      res.status(429).type("text/plain").send(rule.message);
    }
  };
}
