import type { Kysely } from "kysely";

/**
 * Special hours and closed status (issue #36, decision 043):
 * - `special_hours`: the listing's dated exceptions to its weekly hours as JSON (SpecialHours[]), null when none;
 * - `status`: "open", "temporarily-closed" or "permanently-closed";
 * - `closed_until`: while temporarily closed, the local date (YYYY-MM-DD) it opens again; null when not known.
 * Every listing there is stays open, with no special hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("wholesalers").addColumn("special_hours", "text").execute();
  await db.schema
    .alterTable("wholesalers")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("open"))
    .execute();
  await db.schema.alterTable("wholesalers").addColumn("closed_until", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("wholesalers").dropColumn("closed_until").execute();
  await db.schema.alterTable("wholesalers").dropColumn("status").execute();
  await db.schema.alterTable("wholesalers").dropColumn("special_hours").execute();
}
