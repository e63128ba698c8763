import { sql, type Kysely } from "kysely";
import { festivals } from "../seed/data/festivals";

/**
 * Festivals that roll forward by themselves (issue #37 point 5): `recurrence` holds a festival's yearly rule as an
 * RFC 5545 RRULE (`FREQ=YEARLY;BYMONTH=5;BYDAY=2SA`), or null for a one-off. The stored start and end dates stay
 * one real occurrence; the site computes the current one from them and the rule when it reads them
 * (services/festivals/occurrences.server.ts).
 *
 * A database seeded before this migration gets the rules the seed now ships with, for the festivals it still holds
 * under the same name and without a rule: the others stay one-off until an admin gives them one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("festivals").addColumn("recurrence", "text").execute();
  for (const festival of festivals) {
    if (!festival.recurrence) continue;
    await sql`update festivals set recurrence = ${festival.recurrence} where name = ${festival.name} and recurrence is null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("festivals").dropColumn("recurrence").execute();
}
