import type { Request, Response } from "express";

/** A dependency of the server and how to ask it whether it answers. */
export interface ReadinessCheck {
  /** The key in the answer: "database" or "redis". */
  name: string;
  /** How the message names it when it does not answer. */
  label: string;
  check(): Promise<unknown>;
}

/** How long one check may take before its dependency counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /readyz, for a load balancer: 200 `{status: "ready", database: "up", redis: "up"}` when every dependency
 * answers (Redis only when REDIS_URL is set), otherwise 503 with each one's state and a message naming what is
 * down. /healthz stays the liveness check: the process and its database answer.
 */
export function readiness(checks: ReadinessCheck[]) {
  return async (_req: Request, res: Response) => {
    const results = await Promise.all(
      checks.map((dependency) =>
        withinTimeout(dependency.check()).then(
          () => true,
          () => false,
        ),
      ),
    );
    const states = Object.fromEntries(checks.map((dependency, index) => [dependency.name, results[index] ? "up" : "down"]));
    const down = checks.filter((_, index) => !results[index]).map((dependency) => dependency.label);
    res.set("Cache-Control", "no-store");
    if (down.length === 0) {
      res.json({ status: "ready", ...states });
    } else {
      res.status(503).json({
        status: "not ready",
        ...states,
        message: `Not ready: ${down.join(" and ")} ${down.length > 1 ? "do" : "does"} not answer.`,
      });
    }
  };
}
