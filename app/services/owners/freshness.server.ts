import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/db/schema";
import { mailContext } from "../mail/context.server";
import { getSiteSettings } from "../settings/settings.server";
import { getFlowerHolidays } from "../wholesalers/flower-holidays.server";
import { todayIsoDate } from "~/utils/dates";
import { askOwnersForHolidayHours } from "./holiday-hours.server";
import { askOwnersForFreshness } from "./owners.server";

const HOUR = 60 * 60 * 1000;

/** One round: each owner due by the site's setting (Mail → "Ask owners every") is asked "Is your listing still right?". */
export async function runOwnerFreshness(db: Kysely<Database>, siteUrl: string, now: Date = new Date()): Promise<number> {
  const settings = await getSiteSettings(db);
  return askOwnersForFreshness(db, await mailContext(db, siteUrl), { periodMonths: settings.mail.ownerCheckMonths, now });
}

/** One round of the holiday question: three weeks before a flower holiday, its week's hours (holiday-hours.server.ts). */
export async function runOwnerHolidayHours(db: Kysely<Database>, siteUrl: string, now: Date = new Date()): Promise<number> {
  const holidays = await getFlowerHolidays(db, todayIsoDate(now));
  return askOwnersForHolidayHours(db, await mailContext(db, siteUrl), { holidays, now });
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
      .catch((error: unknown) => logger.warn({ err: error }, "could not ask owners whether their listings are still right"))
      .then(() => runOwnerHolidayHours(db, siteUrl))
      .then((asked) => {
        if (asked > 0) logger.info({ asked }, "asked owners for their hours of the coming flower holiday's week");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "could not ask owners for their flower holiday hours"));
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
