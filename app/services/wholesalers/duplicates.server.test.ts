import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { TEST_DATABASES, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { POSSIBLE_DUPLICATES_MESSAGE } from "./duplicates";
import { findPossibleDuplicates, refuseUnconfirmedDuplicates } from "./duplicates.server";

const T0 = "2026-01-01T00:00:00.000Z";

const listing = (name: string, address: string, city: string, zipcode: string, stateId = "california") => ({
  name,
  address,
  city,
  state_id: stateId,
  zipcode,
  type: "Wholesale",
  hours: "",
  description: "",
  image: null,
  image_updated_at: null,
  phone: null,
  website: null,
  latitude: 34,
  longitude: -118,
  featured: 0,
  access: null,
  access_note: null,
  opening_hours: null,
  time_zone: null,
  verified_at: null,
  source: null,
  admin_note: null,
  created_at: T0,
  updated_at: T0,
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`findPossibleDuplicates on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "duplicates");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      await db
        .insertInto("states")
        .values([
          { id: "california", name: "California", code: "CA", region: "West", created_at: T0, updated_at: T0 },
          { id: "oregon", name: "Oregon", code: "OR", region: "West", created_at: T0, updated_at: T0 },
        ])
        .execute();
      await db
        .insertInto("wholesalers")
        .values([
          listing("Rose Wholesale Florist, Inc.", "754 Wall Street", "Los Angeles", "90014"),
          listing("Lily Supply", "800 Maple Ave, Stall 12", "Los Angeles", "90014"),
          listing("Green Valley Growers", "12 Orchard Rd", "Los Angeles", "90021"),
          listing("Rose Florist", "1 Rose Ln", "Portland", "97201", "oregon"),
        ])
        .execute();
    });
    afterAll(() => cleanup());

    const names = async (input: Parameters<typeof findPossibleDuplicates>[1]) =>
      (await findPossibleDuplicates(db, input)).map((d) => [d.name, d.reasons]);

    it("finds a similar name in the same zipcode, with where it is", async () => {
      const found = await findPossibleDuplicates(db, { name: "ROSE FLORIST LLC", address: "1 Other St", zipcode: "90014" });
      expect(found).toEqual([
        {
          id: expect.any(Number),
          name: "Rose Wholesale Florist, Inc.",
          address: "754 Wall Street",
          city: "Los Angeles",
          state: "California",
          zipcode: "90014",
          reasons: ["similar-name"],
        },
      ]);
    });

    it("finds the same street address, written another way, and gives every reason that applies", async () => {
      expect(await names({ name: "Bloom Depot", address: "754 Wall St.", zipcode: "90014" })).toEqual([
        ["Rose Wholesale Florist, Inc.", ["same-address"]],
      ]);
      expect(await names({ name: "Rose Flowers", address: "754 WALL ST, Suite 3", zipcode: "90014" })).toEqual([
        ["Rose Wholesale Florist, Inc.", ["similar-name", "same-address"]],
      ]);
    });

    it("finds the same address in another zipcode of the same city, but not a similar name there", async () => {
      expect(await names({ name: "Valley Greens", address: "12 Orchard Road", zipcode: "90014", city: " los angeles " })).toEqual([
        ["Green Valley Growers", ["same-address"]],
      ]);
      expect(await names({ name: "Green Valley Growers", address: "99 Far Rd", zipcode: "90014", city: "Los Angeles" })).toEqual([]);
    });

    it("finds nothing for a different business, another stall or the same name in another zipcode", async () => {
      expect(await names({ name: "Tulip Traders", address: "5 Spring St", zipcode: "90014" })).toEqual([]);
      expect(await names({ name: "Peony Place", address: "800 Maple Avenue, Stall 14", zipcode: "90014" })).toEqual([]);
      expect(await names({ name: "Rose Florist", address: "1 Rose Lane", zipcode: "97209" })).toEqual([]);
    });

    it("refuses to go on until the admin confirms, listing the duplicates one a line", async () => {
      const input = { name: "Rose Flowers", address: "754 Wall St", zipcode: "90014" };
      const error = await rejection(refuseUnconfirmedDuplicates(db, input, false));
      expect(error).toMatchObject({ code: "conflict", message: POSSIBLE_DUPLICATES_MESSAGE });
      expect(error.fieldErrors).toEqual({
        confirm:
          "Rose Wholesale Florist, Inc., 754 Wall Street, Los Angeles, California 90014 (similar name in the same zipcode; same street address)",
      });
      await expect(refuseUnconfirmedDuplicates(db, input, true)).resolves.toBeUndefined();
      await expect(refuseUnconfirmedDuplicates(db, { ...input, name: "Tulip", address: "5 Spring St" }, false)).resolves.toBeUndefined();
    });
  });
}
