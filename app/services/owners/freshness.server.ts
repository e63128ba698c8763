import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/db/schema";
import { mailContext } from "../mail/context.server";
import { getSiteSettings } from "../settings/settings.server";
import { askOwnersForFreshness } from "./owners.server";

const HOUR = 60 * 60 * 1000;

/** One round: each owner due by the site's setting (Mail → "Ask owners every") is asked "Is your listing still right?". */
export async function runOwnerFreshness(db: Kysely<Database>, siteUrl: string, now: Date = new Date()): Promise<number> {
  const settings = await getSiteSettings(db);
  return askOwnersForFreshness(db, await mailContext(db, siteUrl), { periodMonths: settings.mail.ownerCheckMonths, now });
}

/**
 * At start and every hour, like the newsletter's housekeeping: several servers doing it at once ask each owner once,
 * since each owner's row is claimed by the update that queues its message (askOwnersForFreshness).
 */
export function startOwnerFreshness(db: Kysely<Database>, logger: Logger, siteUrl: string, intervalMs = HOUR): { stop(): void } {
  const run = () =>
    runOwnerFreshness(db, siteUrl)
      .then((asked) => {
        if (asked > 0) logger.info({ asked }, "asked owners whether their listings are still right");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "could not ask owners whether their listings are still right"));
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
