import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { ADMIN_PAGE_SIZE } from "../admin/list";
import { listFestivals } from "./festivals.server";
import { festivals as seededFestivals } from "~/db/seed/data/festivals";
import {
  createFestival,
  deleteFestival,
  festivalInputSchema,
  listFestivalsForAdmin,
  listFestivalStateChoices,
  listFestivalStatesInUse,
  parseMonth,
  updateFestival,
} from "./admin.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";

const CONFLICT =
  "This festival was changed by someone else since you opened it. Close this dialog and reopen it to see the latest version, then make your changes again.";
const now = "2026-04-01T00:00:00.000Z";

const valid = {
  name: "  Tulip Time  ",
  description: "Millions of tulips in bloom along the lake.",
  startDate: "2026-05-02",
  endDate: "2026-05-10",
  location: "Centennial Park",
  city: "Holland",
  state: "michigan",
  website: "https://www.tuliptime.com",
  ticketPrice: "Free",
  image: "/images/festivals/tulip-time.webp",
  featured: "on",
};

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`festival admin on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "festival-admin");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      const state = (id: string, name: string, code: string) => ({ id, name, code, region: "Midwest", created_at: now, updated_at: now });
      await db
        .insertInto("states")
        .values([state("michigan", "Michigan", "MI"), state("oregon", "Oregon", "OR"), state("texas", "Texas", "TX")])
        .execute();
      actor = await createTestAdmin(db, { email: "editor@example.com", name: "Editor", ip: "203.0.113.9" });
    });

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("festivals").execute();
    });

    afterAll(() => cleanup());

    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const festivalRow = (id: number) => db.selectFrom("festivals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    it("creates a festival with trimmed fields and the state spelled as the state list has it, and logs it", async () => {
      const id = await createFestival(db, valid, actor);
      const row = await festivalRow(id);
      expect(row).toMatchObject({
        name: "Tulip Time",
        start_date: "2026-05-02",
        end_date: "2026-05-10",
        location: "Centennial Park",
        city: "Holland",
        state: "Michigan",
        website: "https://www.tuliptime.com",
        ticket_price: "Free",
        image: "/images/festivals/tulip-time.webp",
      });
      expect(Boolean(row.featured)).toBe(true);
      expect(row.created_at).toBe(row.updated_at);

      const [entry] = await auditRows();
      expect(entry).toMatchObject({
        action: "festival.create",
        admin_id: actor.adminId,
        actor: actor.email,
        entity_type: "festival",
        entity_id: String(id),
        ip: actor.ip,
      });
      expect(JSON.parse(entry!.details!)).toEqual({ label: "Tulip Time" });
    });

    it("stores empty optional fields as null and an unticked box as not featured", async () => {
      const id = await createFestival(db, { ...valid, website: " ", ticketPrice: "", image: "", featured: undefined }, actor);
      const row = await festivalRow(id);
      expect(row).toMatchObject({ website: null, ticket_price: null, image: null });
      expect(Boolean(row.featured)).toBe(false);
    });

    it("accepts the District of Columbia and a one-day festival", async () => {
      const id = await createFestival(db, { ...valid, state: "District of Columbia", endDate: valid.startDate }, actor);
      expect(await festivalRow(id)).toMatchObject({ state: "District of Columbia", end_date: "2026-05-02" });
    });

    it("explains every invalid field next to it and stores nothing", async () => {
      const error = await rejection(
        createFestival(
          db,
          {
            name: "X",
            description: "short",
            startDate: "2026-02-30",
            endDate: "",
            location: "",
            city: "",
            state: "",
            website: "javascript:alert(1)",
            ticketPrice: "x".repeat(121),
            image: "https://evil.example/a.png",
          },
          actor,
        ),
      );
      expect(error.code).toBe("bad_request");
      expect(error.fieldErrors).toEqual({
        name: "Enter the festival's name (at least 3 characters).",
        description: "Describe the festival in at least 10 characters.",
        startDate: "Enter the first day of the festival.",
        endDate: "Enter the last day of the festival.",
        location: "Enter the venue.",
        city: "Enter the city.",
        state: "Choose the state.",
        website: "Enter a full web address starting with https://",
        ticketPrice: "The ticket price is at most 120 characters.",
        image: "Enter a path on this site starting with /images/ or /uploads/, or leave it empty.",
      });
      expect(await db.selectFrom("festivals").selectAll().execute()).toEqual([]);
      expect(await auditRows()).toEqual([]);
    });

    it("refuses an end date before the start date, next to the end date", async () => {
      const error = await rejection(createFestival(db, { ...valid, startDate: "2026-05-10", endDate: "2026-05-09" }, actor));
      expect(error.fieldErrors).toEqual({ endDate: "The end date must be on or after the start date." });
    });

    it("stores the yearly rule the plain picker fields describe, as an RRULE; a one-off stores none", async () => {
      const yearly = await createFestival(
        db,
        {
          ...valid,
          startDate: "2026-05-09",
          endDate: "2026-05-10",
          repeat: "weekday",
          repeatOrdinal: "2",
          repeatWeekday: "6",
          repeatMonth: "5",
          repeatDaysBefore: "0",
        },
        actor,
      );
      expect((await festivalRow(yearly)).recurrence).toBe("FREQ=YEARLY;BYMONTH=5;BYDAY=2SA");
      const weekend = await createFestival(
        db,
        {
          ...valid,
          name: "Bluebonnets",
          startDate: "2026-04-10",
          endDate: "2026-04-12",
          repeat: "weekday",
          repeatOrdinal: "2",
          repeatWeekday: "6",
          repeatMonth: "4",
          repeatDaysBefore: "1",
        },
        actor,
      );
      expect((await festivalRow(weekend)).recurrence).toBe("FREQ=YEARLY;BYMONTH=4;BYDAY=FR;BYMONTHDAY=7,8,9,10,11,12,13");
      const date = await createFestival(
        db,
        { ...valid, name: "Lei Day", startDate: "2026-05-01", endDate: "2026-05-01", repeat: "date", repeatMonth: "5", repeatDay: "1" },
        actor,
      );
      expect((await festivalRow(date)).recurrence).toBe("FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=1");
      const oneOff = await createFestival(db, { ...valid, name: "Once", repeat: "none" }, actor);
      expect((await festivalRow(oneOff)).recurrence).toBeNull();
      await updateFestival(db, yearly, (await festivalRow(yearly)).updated_at, { ...valid, repeat: "none" }, actor);
      expect((await festivalRow(yearly)).recurrence).toBeNull();
    });

    it("refuses a rule whose day is not the start date, or one the picker cannot keep, with a message on the picker", async () => {
      const notThatDay = await rejection(
        createFestival(
          db,
          {
            ...valid,
            startDate: "2026-05-02",
            endDate: "2026-05-03",
            repeat: "weekday",
            repeatOrdinal: "2",
            repeatWeekday: "6",
            repeatMonth: "5",
          },
          actor,
        ),
      );
      expect(notThatDay.fieldErrors).toEqual({
        repeat: "The start date is not the second Saturday of May: pick the festival's first day in a year it is held.",
      });
      const noSuchDay = await rejection(createFestival(db, { ...valid, repeat: "date", repeatMonth: "4", repeatDay: "31" }, actor));
      expect(noSuchDay.fieldErrors).toEqual({ repeat: "April has 30 days." });
      const tooLong = await rejection(
        createFestival(
          db,
          { ...valid, startDate: "2026-05-01", endDate: "2027-04-01", repeat: "date", repeatMonth: "5", repeatDay: "1" },
          actor,
        ),
      );
      expect(tooLong.fieldErrors).toEqual({ endDate: "A festival that repeats every year lasts less than a year." });
      expect(await db.selectFrom("festivals").selectAll().execute()).toEqual([]);
    });

    it("refuses a state that is not on the list", async () => {
      const error = await rejection(createFestival(db, { ...valid, state: "Atlantis" }, actor));
      expect(error.fieldErrors).toEqual({ state: "Choose a state from the list, or District of Columbia." });
    });

    it.each([
      "/images/../secrets.txt",
      "/images//a.webp",
      "/static/a.webp",
      "images/a.webp",
      "/images/a.webp?x=1",
      "//evil.example/images/a.webp",
    ])("refuses the image path %s", async (image) => {
      const error = await rejection(createFestival(db, { ...valid, image }, actor));
      expect(Object.keys(error.fieldErrors ?? {})).toEqual(["image"]);
    });

    it("accepts an uploaded image path", async () => {
      const id = await createFestival(db, { ...valid, image: "/uploads/festivals/12-abc.webp" }, actor);
      expect((await festivalRow(id)).image).toBe("/uploads/festivals/12-abc.webp");
    });

    it("updates from the version the editor loaded, and the public list shows the change at once", async () => {
      const id = await createFestival(db, valid, actor);
      const loaded = await festivalRow(id);
      await updateFestival(db, id, loaded.updated_at, { ...valid, name: "Tulip Time Festival", featured: undefined }, actor);
      const saved = await festivalRow(id);
      expect(saved.name).toBe("Tulip Time Festival");
      expect(Boolean(saved.featured)).toBe(false);
      expect(saved.updated_at).not.toBe(loaded.updated_at);
      expect((await listFestivals(db)).map((f) => f.name)).toEqual(["Tulip Time Festival"]);
      const entries = await auditRows();
      expect(entries.map((e) => e.action)).toEqual(["festival.create", "festival.update"]);
      expect(JSON.parse(entries[1]!.details!)).toEqual({ label: "Tulip Time Festival" });
    });

    it("refuses to save over a change someone else made since the editor opened it", async () => {
      const id = await createFestival(db, valid, actor);
      const loaded = await festivalRow(id);
      await updateFestival(db, id, loaded.updated_at, { ...valid, city: "Holland Township" }, actor);
      const error = await rejection(updateFestival(db, id, loaded.updated_at, { ...valid, name: "Stale edit" }, actor));
      expect(error.code).toBe("conflict");
      expect(error.message).toBe(CONFLICT);
      expect((await festivalRow(id)).name).toBe("Tulip Time");
      expect((await auditRows()).map((e) => e.action)).toEqual(["festival.create", "festival.update"]);
    });

    it("deletes from the version shown, refuses a stale delete, and logs the festival's name", async () => {
      const id = await createFestival(db, valid, actor);
      const loaded = await festivalRow(id);
      expect((await rejection(deleteFestival(db, id, "2000-01-01T00:00:00.000Z", actor))).message).toBe(CONFLICT);
      await deleteFestival(db, id, loaded.updated_at, actor);
      expect(await db.selectFrom("festivals").selectAll().execute()).toEqual([]);
      const entries = await auditRows();
      expect(entries.map((e) => e.action)).toEqual(["festival.create", "festival.delete"]);
      expect(JSON.parse(entries[1]!.details!)).toEqual({ label: "Tulip Time" });
      expect((await rejection(deleteFestival(db, id, loaded.updated_at, actor))).code).toBe("conflict");
    });

    describe("the list", () => {
      const insert = (rows: { name: string; city?: string; state?: string; start: string; description?: string }[]) =>
        db
          .insertInto("festivals")
          .values(
            rows.map((r) => ({
              name: r.name,
              description: r.description ?? "",
              start_date: r.start,
              end_date: r.start,
              location: "Park",
              city: r.city ?? "Town",
              state: r.state ?? "Oregon",
              featured: 0,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();

      it("searches name, city and state (not the description), case-insensitively, with wildcards taken literally", async () => {
        await insert([
          { name: "Rose Festival", city: "Portland", start: "2026-06-01" },
          { name: "Bluebonnet Days", city: "Chappell Hill", state: "Texas", start: "2026-04-10" },
          { name: "Lilac Days", city: "Woodland", start: "2026-05-01", description: "roses too" },
          { name: "100% Tulips", city: "Woodburn", start: "2026-04-01" },
        ]);
        const names = async (q: string) => (await listFestivalsForAdmin(db, { q, page: 1 })).rows.map((f) => f.name);
        expect(await names("ROSE")).toEqual(["Rose Festival"]);
        expect(await names("portland")).toEqual(["Rose Festival"]);
        expect(await names("texas")).toEqual(["Bluebonnet Days"]);
        expect(await names("%")).toEqual(["100% Tulips"]);
        expect(await names("_")).toEqual([]);
      });

      it("filters by the start date's month and by state", async () => {
        await insert([
          { name: "April A", start: "2026-04-30" },
          { name: "May B", start: "2026-05-01", state: "Texas" },
          { name: "May C", start: "2027-05-20" },
        ]);
        const names = async (query: { month?: number; state?: string }) =>
          (await listFestivalsForAdmin(db, { ...query, page: 1 })).rows.map((f) => f.name);
        expect(await names({ month: 5 })).toEqual(["May B", "May C"]);
        expect(await names({ month: 5, state: "oregon" })).toEqual(["May C"]);
        expect(await names({ state: "Texas" })).toEqual(["May B"]);
        expect(await listFestivalStatesInUse(db)).toEqual(["Oregon", "Texas"]);
      });

      it("pages by 10, counting pages from the filtered results and clamping a page past the end", async () => {
        await insert(
          Array.from({ length: 23 }, (_, i) => ({
            name: `Fest ${String(i).padStart(2, "0")}`,
            start: `2026-0${i < 12 ? 6 : 7}-${String((i % 12) + 1).padStart(2, "0")}`,
          })),
        );
        const all = await listFestivalsForAdmin(db, { page: 3 });
        expect(all).toMatchObject({ total: 23, page: 3, pageCount: 3 });
        expect(all.rows).toHaveLength(3);
        const june = await listFestivalsForAdmin(db, { month: 6, page: 1 });
        expect(june).toMatchObject({ total: 12, pageCount: 2 });
        expect(june.rows).toHaveLength(ADMIN_PAGE_SIZE);
        expect(await listFestivalsForAdmin(db, { month: 7, page: 9 })).toMatchObject({ total: 11, page: 2, pageCount: 2 });
        expect((await listFestivalsForAdmin(db, { month: 7, page: 2 })).rows.map((f) => f.name)).toEqual(["Fest 22"]);
      });

      it("offers the states and the District of Columbia as choices", async () => {
        expect(await listFestivalStateChoices(db)).toEqual(["District of Columbia", "Michigan", "Oregon", "Texas"]);
      });
    });
  });
}

describe("the seeded festivals", () => {
  it("each passes the admin form's checks as seeded, so an admin can save one without shortening a field", () => {
    const refused = seededFestivals.flatMap((festival) => {
      const result = festivalInputSchema.safeParse({
        ...festival,
        startDate: "2026-05-02",
        endDate: "2026-05-10",
        featured: festival.featured ? "on" : undefined,
      });
      return result.success ? [] : [`${festival.name}: ${result.error.issues.map((issue) => issue.message).join(" ")}`];
    });
    expect(refused).toEqual([]);
  });
});

describe("parseMonth", () => {
  it("reads 1-12 and ignores anything else", () => {
    expect([parseMonth("1"), parseMonth("12"), parseMonth("05")]).toEqual([1, 12, 5]);
    expect([parseMonth("0"), parseMonth("13"), parseMonth("x"), parseMonth(""), parseMonth(null), parseMonth("1.5")]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
