import type { NextFunction, Request, Response } from "express";

export interface RateLimitRule {
  /** Requests allowed per client address in each window. */
  limit: number;
  windowMs: number;
  message: string;
}

/**
 * A fixed-window limiter keyed by client address, kept in this process's memory (one server
 * process serves the site). Expired windows are swept as new ones open, so memory stays bounded.
 */
export function rateLimit(rule: RateLimitRule) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    const now = Date.now();
    if (now >= nextSweep) {
      for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
      nextSweep = now + rule.windowMs;
    }
    const key = req.ip ?? "unknown";
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    res.setHeader("RateLimit-Limit", String(rule.limit));
    res.setHeader("RateLimit-Remaining", String(Math.max(0, rule.limit - window.count)));
    if (window.count > rule.limit) {
      const retryAfter = Math.ceil((window.resetAt - now) / 1000);
      res.setHeader("Retry-After", String(retryAfter));
      if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
        res.status(429).json({ message: rule.message });
      } else {
        res.status(429).type("text/plain").send(rule.message);
      }
      return;
    }
    next();
  };
}
