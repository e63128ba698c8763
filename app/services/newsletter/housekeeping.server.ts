import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/db/schema";
import { removeStaleDemandRequests } from "../demand/demand.server";
import { removeStalePending } from "./newsletter.server";

const HOUR = 60 * 60 * 1000;

/**
 * Removes, at start and every hour, the subscriptions (decision 039) and nearby-supplier requests (decision 044)
 * never confirmed within 14 days. Several
 * servers doing it at once delete the same rows once.
 */
export function startPendingCleanup(db: Kysely<Database>, logger: Logger, intervalMs = HOUR): { stop(): void } {
  const run = () =>
    removeStalePending(db)
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "removed newsletter subscriptions never confirmed within 14 days");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "could not remove unconfirmed newsletter subscriptions"))
      // "Tell me when a supplier is listed" requests never confirmed go the same way (decision 044).
      .then(() => removeStaleDemandRequests(db))
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "removed nearby-supplier requests never confirmed within 14 days");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "could not remove unconfirmed nearby-supplier requests"));
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
