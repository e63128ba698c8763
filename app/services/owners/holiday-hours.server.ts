/**
 * Before each flower holiday (the site's setting, flower-holidays.ts), the owners of listings whose special hours say
 * nothing about that week are asked for them, three weeks ahead and once per holiday (issue #36, decision 043).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { todayIsoDate } from "~/utils/dates";
import { inTransaction } from "../admin/versioned.server";
import type { MailContext } from "../mail/messages.server";
import { ownerHolidayMail } from "../mail/owner-messages.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import { holidayDueForReminder, holidayWeek, type FlowerHoliday } from "../wholesalers/flower-holidays";
import { formatSpecialDates } from "../wholesalers/special-hours";
import { parseSpecialHours } from "../wholesalers/special-hours-schema";
import { ownerListingPath } from "./owner-form";

/**
 * Asks each owner not yet asked for the holiday due today (holidayDueForReminder) what that week's hours are, unless
 * the listing's special hours already cover a day of it. Each row is claimed by an update that checks it was not asked
 * for this holiday, in the transaction that queues its message, so several servers at once ask each owner once.
 * Returns how many were asked.
 */
export async function askOwnersForHolidayHours(
  db: Kysely<Database>,
  context: MailContext,
  options: { holidays: readonly FlowerHoliday[]; now?: Date; limit?: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const holiday = holidayDueForReminder(options.holidays, todayIsoDate(now));
  if (!holiday) return 0;
  const week = holidayWeek(holiday);
  const rows = await db
    .selectFrom("listing_owners")
    .innerJoin("wholesalers", "wholesalers.id", "listing_owners.wholesaler_id")
    .select(["listing_owners.id", "listing_owners.email", "listing_owners.wholesaler_id", "wholesalers.name", "wholesalers.special_hours"])
    .where((eb) => eb.or([eb("listing_owners.holiday_asked_for", "is", null), eb("listing_owners.holiday_asked_for", "<>", holiday.date)]))
    .where("wholesalers.status", "<>", "permanently-closed")
    .orderBy("listing_owners.id")
    .limit(options.limit ?? 200)
    .execute();
  let asked = 0;
  for (const row of rows) {
    const covered = parseSpecialHours(row.special_hours).some((entry) => entry.from <= week.to && entry.to >= week.from);
    if (covered) continue;
    const claimed = await inTransaction(db, async (trx) => {
      const result = await trx
        .updateTable("listing_owners")
        .set({ holiday_asked_for: holiday.date })
        .where("id", "=", row.id)
        .where((eb) => eb.or([eb("holiday_asked_for", "is", null), eb("holiday_asked_for", "<>", holiday.date)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const mail = await ownerHolidayMail(context, row.email, {
        listingName: row.name,
        holidayName: holiday.name,
        week: formatSpecialDates(week),
        editUrl: `${context.siteUrl}${ownerListingPath(row.wholesaler_id)}`,
      });
      await enqueueMail(trx, mail, now);
      return true;
    });
    if (claimed) asked += 1;
  }
  if (asked > 0) wakeMailSender();
  return asked;
}
