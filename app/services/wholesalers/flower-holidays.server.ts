import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { badRequest } from "../errors";
import { saveSettingAtVersion, type SettingsActor } from "../settings/settings.server";
import { defaultFlowerHolidays, formatFlowerHolidays, parseFlowerHolidays, type FlowerHoliday } from "./flower-holidays";

/** The settings row that lists the flower holidays: their text, one "Name: YYYY-MM-DD" a line. */
export const FLOWER_HOLIDAYS_KEY = "flowerHolidays";

/**
 * The flower holidays the site knows on `today` (YYYY-MM-DD): the setting's list, or, until an admin saves one
 * (or when it is empty), Valentine's Day and Mother's Day of this year and the next, by their rules.
 */
export async function getFlowerHolidays(db: Kysely<Database>, today: string): Promise<FlowerHoliday[]> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", FLOWER_HOLIDAYS_KEY).executeTakeFirst();
  const parsed = row ? parseFlowerHolidays(row.value) : undefined;
  if (parsed?.ok && parsed.holidays.length > 0) return parsed.holidays;
  return defaultFlowerHolidays(Number(today.slice(0, 4)));
}

/** The setting's text for the admin's form, and its version ("" when never saved). */
export async function getFlowerHolidaysForEditing(db: Kysely<Database>, today: string) {
  const row = await db.selectFrom("settings").select(["value", "updated_at"]).where("key", "=", FLOWER_HOLIDAYS_KEY).executeTakeFirst();
  return { text: row?.value ?? formatFlowerHolidays(await getFlowerHolidays(db, today)), version: row?.updated_at ?? "" };
}

/**
 * Saves the list (one holiday a line; empty goes back to the built-in two) edited from version `expectedVersion`
 * ("" when the editor saw the built-in two), audited as settings.update; refuses when someone saved it in between.
 */
export async function saveFlowerHolidays(
  db: Kysely<Database>,
  text: string,
  expectedVersion: string,
  actor: SettingsActor,
): Promise<FlowerHoliday[]> {
  const parsed = parseFlowerHolidays(text);
  if (!parsed.ok) throw badRequest("Please correct the highlighted fields.", { holidays: parsed.message });
  const value = formatFlowerHolidays(parsed.holidays);
  await saveSettingAtVersion(db, { key: FLOWER_HOLIDAYS_KEY, value, label: "Flower holidays" }, expectedVersion, actor);
  return parsed.holidays;
}
