import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import type { Actor } from "../admin/list";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { FLOWER_HOLIDAYS_KEY, getFlowerHolidays, getFlowerHolidaysForEditing, saveFlowerHolidays } from "./flower-holidays.server";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`the flower holidays setting on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "flower-holidays");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db);
    });
    afterAll(() => cleanup());

    it("knows Valentine's Day and Mother's Day until an admin saves a list, then that list, audited", async () => {
      expect(await getFlowerHolidays(db, "2027-03-01")).toEqual([
        { name: "Valentine's Day", date: "2027-02-14" },
        { name: "Mother's Day", date: "2027-05-09" },
        { name: "Valentine's Day", date: "2028-02-14" },
        { name: "Mother's Day", date: "2028-05-14" },
      ]);
      expect((await getFlowerHolidaysForEditing(db, "2027-03-01")).version).toBe("");

      await saveFlowerHolidays(db, "Mother's Day: 2027-05-09\nGraduation week: 2027-06-05\n", "", actor);
      expect(await getFlowerHolidays(db, "2027-03-01")).toEqual([
        { name: "Mother's Day", date: "2027-05-09" },
        { name: "Graduation week", date: "2027-06-05" },
      ]);
      expect(await getFlowerHolidaysForEditing(db, "2027-03-01")).toMatchObject({
        text: "Mother's Day: 2027-05-09\nGraduation week: 2027-06-05",
        version: expect.stringMatching(/^\d{4}-/),
      });
      const audit = await db.selectFrom("audit_log").select(["action", "entity_id"]).execute();
      expect(audit).toEqual([{ action: "settings.update", entity_id: FLOWER_HOLIDAYS_KEY }]);

      // Emptied, the built-in two come back.
      await saveFlowerHolidays(db, "", (await getFlowerHolidaysForEditing(db, "2027-03-01")).version, actor);
      expect(await getFlowerHolidays(db, "2027-03-01")).toHaveLength(4);
    });

    it("refuses a line it cannot read, saying which", async () => {
      const error = await rejection(saveFlowerHolidays(db, "Mother's Day: May 9", "", actor));
      expect(error.fieldErrors?.holidays).toMatch(/^“Mother's Day: May 9” could not be read/);
    });

    it("refuses a save made from an older version, so a second editor does not silently undo the first", async () => {
      const { version } = await getFlowerHolidaysForEditing(db, "2027-03-01");
      await saveFlowerHolidays(db, "Mother's Day: 2027-05-09", version, actor);
      const stale = await rejection(saveFlowerHolidays(db, "Graduation week: 2027-06-05", version, actor));
      expect(stale.code).toBe("conflict");
      expect(stale.message).toMatch(/changed by someone else since you opened this page/);
      expect((await getFlowerHolidaysForEditing(db, "2027-03-01")).text).toBe("Mother's Day: 2027-05-09");

      // An editor who opened the built-in two ("" ) cannot overwrite a list saved since either.
      const fromDefaults = await rejection(saveFlowerHolidays(db, "Graduation week: 2027-06-05", "", actor));
      expect(fromDefaults.code).toBe("conflict");
    });
  });
}
