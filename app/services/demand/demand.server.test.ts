import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { apiResponse } from "~/http/api.server";
import type { Actor } from "../admin/list";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { approveSubmission } from "../submissions/admin.server";
import { createWholesalerFromSuggestion } from "../suggestions/admin.server";
import { importRows } from "../tools/import.server";
import { createWholesaler, updateWholesaler } from "../wholesalers/admin.server";
import {
  cancelDemandRequest,
  confirmDemandRequest,
  countEmptySearch,
  DEMAND_CONFIRM_RESEND_MS,
  DEMAND_MESSAGES,
  DEMAND_PENDING_LIFETIME_MS,
  demandExpiry,
  findDemandByUnsubscribeToken,
  findDemandConfirmation,
  queueDemandNotices,
  removeStaleDemandRequests,
  requestDemandNotice,
  waitingNear,
} from "./demand.server";
import { demandOverview, demandSummary } from "./admin.server";

const T0 = "2026-01-01T00:00:00.000Z";
const NOTIFY = { siteUrl: "https://flowers.example" };
const HOUR = 60 * 60 * 1000;

/** Los Angeles downtown, Pasadena (9.6 miles from it), Newport Beach (36 miles), San Diego (111 miles). */
const ZIPCODES = [
  { zip: "90014", latitude: 34.0434, longitude: -118.2509, city: "Los Angeles", state_code: "CA" },
  { zip: "91101", latitude: 34.1466, longitude: -118.1387, city: "Pasadena", state_code: "CA" },
  { zip: "92660", latitude: 33.63, longitude: -117.87, city: "Newport Beach", state_code: "CA" },
  { zip: "92101", latitude: 32.7194, longitude: -117.1628, city: "San Diego", state_code: "CA" },
];

const listing = (name: string, zipcode = "90014") => ({
  name,
  address: "754 Wall St",
  city: "Los Angeles",
  stateId: "california",
  zipcode,
  type: "Both",
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`demand on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "demand");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db);
      await db
        .insertInto("states")
        .values([{ id: "california", name: "California", code: "CA", region: "West", created_at: T0, updated_at: T0 }])
        .execute();
      await db.insertInto("zipcodes").values(ZIPCODES).execute();
    });
    afterAll(() => cleanup());

    beforeEach(async () => {
      await db.deleteFrom("demand_requests").execute();
      await db.deleteFrom("empty_searches").execute();
      await db.deleteFrom("mail_outbox").execute();
      await db.deleteFrom("location_suggestions").execute();
      await db.deleteFrom("business_submissions").execute();
      await db.deleteFrom("wholesalers").execute();
    });

    const mails = (kind?: string) => {
      let query = db.selectFrom("mail_outbox").select(["kind", "recipient", "subject", "text"]).orderBy("id");
      if (kind) query = query.where("kind", "=", kind);
      return query.execute();
    };
    const tokenIn = (text: string, path: string) => new RegExp(`https://flowers\\.example${path}\\?token=([\\w-]+)`).exec(text)?.[1] ?? "";
    const ask = (email: string, zipcode: string, radius: number | string, now?: Date) =>
      requestDemandNotice(db, { email, zipcode, radius: String(radius) }, NOTIFY, now);
    /** Asks and confirms from the link of the message, as a visitor does. */
    const waitFor = async (email: string, zipcode: string, radius: number, now = new Date()) => {
      await ask(email, zipcode, radius, now);
      const mail = (await mails("demand-confirm")).filter((m) => m.recipient === email).at(-1);
      const confirmed = await confirmDemandRequest(db, tokenIn(mail?.text ?? "", "/notify-me/confirm"), now);
      expect(confirmed.state).toBe("confirmed");
    };
    const statusOf = async (email: string) =>
      (await db.selectFrom("demand_requests").select("status").where("email_normalized", "=", email).executeTakeFirstOrThrow()).status;

    describe("asking to be told (double opt-in)", () => {
      it("stores the request as pending, sends the confirmation, and waits only once confirmed, for 12 months", async () => {
        const now = new Date("2026-03-01T10:00:00.000Z");
        expect(await ask(" Ann@Example.com ", "90014", 25, now)).toEqual({
          message: DEMAND_MESSAGES.checkInbox,
          zipcode: "90014",
          radius: 25,
        });
        const [mail] = await mails();
        expect(mail).toMatchObject({ kind: "demand-confirm", recipient: "Ann@Example.com" });
        expect(mail?.subject).toBe("Confirm: tell me when a supplier is listed within 25 miles of 90014");
        const token = tokenIn(mail?.text ?? "", "/notify-me/confirm");
        expect(await findDemandConfirmation(db, token, now)).toEqual({
          state: "pending",
          email: "Ann@Example.com",
          zipcode: "90014",
          radiusMiles: 25,
        });
        expect(await waitingNear(db, "90014", now)).toBe(0);

        const confirmed = await confirmDemandRequest(db, token, now);
        expect(confirmed).toMatchObject({ state: "confirmed", zipcode: "90014" });
        const row = await db.selectFrom("demand_requests").selectAll().executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: "confirmed", email_normalized: "ann@example.com", confirmed_at: now.toISOString() });
        expect(row.expires_at).toBe("2027-03-01T10:00:00.000Z");
        expect(demandExpiry(new Date("2026-03-01T10:00:00.000Z"))).toBe("2027-03-01T10:00:00.000Z");
        expect(await waitingNear(db, "90014", now)).toBe(1);
        // Confirming twice is confirmed.
        expect((await confirmDemandRequest(db, token, now)).state).toBe("confirmed");
      });

      it("answers every valid request alike: the confirmation again at most once an hour, nothing to one already waiting", async () => {
        const now = new Date("2026-03-01T10:00:00.000Z");
        await ask("ann@example.com", "90014", 25, now);
        await ask("ann@example.com", "90014", 50, new Date(now.getTime() + 60_000));
        expect(await mails()).toHaveLength(1);
        const later = new Date(now.getTime() + DEMAND_CONFIRM_RESEND_MS);
        await ask("ann@example.com", "90014", 50, later);
        const sent = await mails();
        expect(sent).toHaveLength(2);
        // The same link, with the radius asked last.
        expect(tokenIn(sent[1]?.text ?? "", "/notify-me/confirm")).toBe(tokenIn(sent[0]?.text ?? "", "/notify-me/confirm"));
        expect(await confirmDemandRequest(db, tokenIn(sent[1]?.text ?? "", "/notify-me/confirm"), later)).toMatchObject({
          radiusMiles: 50,
        });
        // Waiting already: the same answer, no message.
        const again = await ask("ann@example.com", "90014", 10, new Date(later.getTime() + 2 * HOUR));
        expect(again.message).toBe(DEMAND_MESSAGES.checkInbox);
        expect(await mails()).toHaveLength(2);
        expect(await db.selectFrom("demand_requests").select("id").execute()).toHaveLength(1);
      });

      it("refuses bad input with its message (a 400), and a zipcode it does not know", async () => {
        const cases: [Record<string, string>, string, string][] = [
          [{ email: "not-an-address", zipcode: "90014", radius: "25" }, "email", DEMAND_MESSAGES.email],
          [{ email: "ann@example.com", zipcode: "9001", radius: "25" }, "zipcode", DEMAND_MESSAGES.zipcode],
          [{ email: "ann@example.com", zipcode: "90014", radius: "30" }, "radius", DEMAND_MESSAGES.radius],
          [{ email: "ann@example.com", zipcode: "00000", radius: "25" }, "zipcode", DEMAND_MESSAGES.unknownZipcode],
        ];
        for (const [input, field, message] of cases) {
          const error = await rejection(requestDemandNotice(db, input, NOTIFY));
          expect(error.code).toBe("bad_request");
          expect(error.fieldErrors?.[field]).toBe(message);
          const response = await apiResponse(() => requestDemandNotice(db, input, NOTIFY));
          expect(response.status).toBe(400);
        }
        expect(await rejection(requestDemandNotice(db, "nonsense", NOTIFY))).toMatchObject({ code: "bad_request" });
        expect(await mails()).toHaveLength(0);
      });

      it("stores nothing when the honeypot is filled, and removes requests never confirmed after 14 days", async () => {
        await requestDemandNotice(db, { email: "bot@example.com", zipcode: "90014", radius: "25", website_url: "x" }, NOTIFY);
        expect(await db.selectFrom("demand_requests").select("id").execute()).toHaveLength(0);
        const then = new Date("2026-03-01T10:00:00.000Z");
        await ask("ann@example.com", "90014", 25, then);
        const token = tokenIn((await mails())[0]?.text ?? "", "/notify-me/confirm");
        const late = new Date(then.getTime() + DEMAND_PENDING_LIFETIME_MS + 1);
        expect(await findDemandConfirmation(db, token, late)).toEqual({ state: "unknown" });
        expect(await confirmDemandRequest(db, token, late)).toEqual({ state: "unknown" });
        expect(await removeStaleDemandRequests(db, late)).toBe(1);
      });
    });

    describe("a listing published within the radius", () => {
      it("writes once to each confirmed request whose radius covers it, names it, and fulfils the request", async () => {
        await waitFor("here@example.com", "90014", 10);
        await waitFor("pasadena@example.com", "91101", 10);
        await waitFor("newport-near@example.com", "92660", 25);
        await waitFor("newport-far@example.com", "92660", 50);
        await waitFor("sandiego@example.com", "92101", 100);
        await ask("pending@example.com", "90014", 100);
        expect(await waitingNear(db, "90014")).toBe(3);

        const id = await createWholesaler(db, listing("Wall Street Flowers"), actor, NOTIFY);
        const listed = await mails("demand-listed");
        expect(listed.map((m) => m.recipient).sort()).toEqual(["here@example.com", "newport-far@example.com", "pasadena@example.com"]);
        for (const mail of listed) {
          expect(mail.subject).toMatch(/^Wall Street Flowers is now listed within \d+ miles of \d{5}$/);
          expect(mail.text).toContain("754 Wall St, Los Angeles, CA 90014");
          expect(mail.text).toContain(`https://flowers.example/wholesalers/${id}/wall-street-flowers`);
        }
        expect(await statusOf("here@example.com")).toBe("fulfilled");
        expect(await statusOf("newport-near@example.com")).toBe("confirmed");
        expect(await statusOf("pending@example.com")).toBe("pending");
        const row = await db
          .selectFrom("demand_requests")
          .selectAll()
          .where("email_normalized", "=", "pasadena@example.com")
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ wholesaler_id: id, confirm_token: null });
        expect(await waitingNear(db, "90014")).toBe(0);

        // One message per request: a second listing there writes to nobody already told.
        await createWholesaler(db, listing("Second Bloom"), actor, NOTIFY);
        expect(await mails("demand-listed")).toHaveLength(3);
        // Without `notify` (a script, a test) nothing is queued.
        await waitFor("quiet@example.com", "90014", 10);
        await createWholesaler(db, listing("Quiet Stems"), actor);
        expect(await statusOf("quiet@example.com")).toBe("confirmed");
      });

      it("fulfils a request exactly once when two listings near it are published at the same moment", async () => {
        await waitFor("ann@example.com", "90014", 25);
        await waitFor("bob@example.com", "91101", 25);
        await Promise.all([
          createWholesaler(db, listing("Racing Roses"), actor, NOTIFY),
          createWholesaler(db, listing("Racing Lilies"), actor, NOTIFY),
          createWholesaler(db, listing("Racing Tulips"), actor, NOTIFY),
        ]);
        const listed = await mails("demand-listed");
        expect(listed.map((m) => m.recipient).sort()).toEqual(["ann@example.com", "bob@example.com"]);
        expect(await statusOf("ann@example.com")).toBe("fulfilled");
      });

      it("is queued by a business's approved request and by a suggestion made a listing", async () => {
        await waitFor("ann@example.com", "90014", 25);
        const submission = await db
          .insertInto("business_submissions")
          .values({
            name: "Approved Petals",
            address: "100 Bloom Ave",
            city: "Los Angeles",
            state_id: "california",
            zipcode: "90014",
            type: "Both",
            access: null,
            access_note: null,
            phone: null,
            website: null,
            opening_hours: null,
            hours: "",
            description: "",
            submitter_name: "Ana Ruiz",
            submitter_email: "owner@example.com",
            submitter_role: "owner",
            status: "pending",
            wholesaler_id: null,
            ip: "198.51.100.1",
            created_at: T0,
            reviewed_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await approveSubmission(db, submission.id, { expectedStatus: "pending", confirmed: true }, actor, NOTIFY);
        expect((await mails("demand-listed")).map((m) => [m.recipient, m.subject])).toEqual([
          ["ann@example.com", "Approved Petals is now listed within 25 miles of 90014"],
        ]);

        await waitFor("bob@example.com", "91101", 25);
        const suggestion = await db
          .insertInto("location_suggestions")
          .values({
            business_name: "Suggested Stems",
            contact_name: null,
            email: null,
            business_address: "1 Colorado Blvd, Pasadena, CA 91101",
            additional_info: null,
            status: "pending",
            wholesaler_id: null,
            ip: "198.51.100.2",
            created_at: T0,
            reviewed_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await createWholesalerFromSuggestion(
          db,
          suggestion.id,
          { ...listing("Suggested Stems", "91101"), city: "Pasadena" },
          { confirmed: true },
          actor,
          NOTIFY,
        );
        expect((await mails("demand-listed")).map((m) => m.recipient)).toEqual(["ann@example.com", "bob@example.com"]);
      });

      it("is queued by the CSV import for the listings it creates, in the batch's transaction", async () => {
        await waitFor("ann@example.com", "91101", 25);
        const file = ["name,address,city,state,zipcode,type", "Imported Irises,9 Grand Ave,Los Angeles,CA,90014,Wholesale"].join("\n");
        await importRows(db, file, "list.csv", actor, { notify: NOTIFY });
        expect((await mails("demand-listed")).map((m) => [m.recipient, m.subject])).toEqual([
          ["ann@example.com", "Imported Irises is now listed within 25 miles of 91101"],
        ]);
        // Run again, the file updates that listing: nobody is written to twice.
        await waitFor("bob@example.com", "90014", 25);
        await importRows(db, file, "list.csv", actor, { notify: NOTIFY });
        expect(await mails("demand-listed")).toHaveLength(1);
      });

      it("is queued by an admin's edit that moves a listing near, or opens it again, never for a listing closed for good", async () => {
        await waitFor("ann@example.com", "92660", 10);
        const id = await createWholesaler(db, listing("Moving Mums", "92101"), actor, NOTIFY);
        expect(await mails("demand-listed")).toHaveLength(0);
        const version = async () =>
          (await db.selectFrom("wholesalers").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at;
        // Closed for good and moved to Newport Beach: still nobody is told.
        await updateWholesaler(
          db,
          id,
          await version(),
          { ...listing("Moving Mums", "92660"), status: "permanently-closed" },
          actor,
          NOTIFY,
        );
        expect(await mails("demand-listed")).toHaveLength(0);
        expect(await statusOf("ann@example.com")).toBe("confirmed");
        // Open again: the one message, naming it.
        await updateWholesaler(db, id, await version(), listing("Moving Mums", "92660"), actor, NOTIFY);
        const told = await mails("demand-listed");
        expect(told.map((m) => m.recipient)).toEqual(["ann@example.com"]);
        expect(told[0]?.text).toContain("Moving Mums");
        expect(await statusOf("ann@example.com")).toBe("fulfilled");
        // Saved again: nothing more.
        await updateWholesaler(db, id, await version(), listing("Moving Mums", "92660"), actor, NOTIFY);
        expect(await mails("demand-listed")).toHaveLength(1);
      });

      it("leaves a cancelled or expired request alone", async () => {
        const then = new Date("2025-01-01T00:00:00.000Z");
        await waitFor("old@example.com", "90014", 25, then);
        await waitFor("gone@example.com", "90014", 25);
        const sent = (await mails("demand-confirm")).find((m) => m.recipient === "gone@example.com");
        const unsubscribeToken = tokenIn(sent?.text ?? "", "/notify-me/unsubscribe");
        expect(await findDemandByUnsubscribeToken(db, unsubscribeToken)).toMatchObject({ state: "active", zipcode: "90014" });
        expect(await cancelDemandRequest(db, unsubscribeToken)).toMatchObject({ state: "ended" });
        expect(await findDemandByUnsubscribeToken(db, unsubscribeToken)).toMatchObject({ state: "ended" });
        expect(await cancelDemandRequest(db, "x".repeat(32))).toEqual({ state: "unknown" });
        expect(await waitingNear(db, "90014")).toBe(0);
        // The old one expired on 2026-01-01 (12 months after confirming).
        expect(await waitingNear(db, "90014", new Date("2025-12-31T23:59:00.000Z"))).toBe(1);

        const id = await createWholesaler(db, listing("Late Lilies"), actor);
        expect(await queueDemandNotices(db, id, NOTIFY)).toBe(0);
        expect(await mails("demand-listed")).toHaveLength(0);
        expect(await statusOf("old@example.com")).toBe("confirmed");
        expect(await statusOf("gone@example.com")).toBe("cancelled");
        // A cancelled request asked again starts over as pending, with new links.
        await ask("gone@example.com", "90014", 10);
        expect(await statusOf("gone@example.com")).toBe("pending");
      });
    });

    describe("the admin's view", () => {
      it("counts empty searches per zipcode and day, and ranks the places by waiting requests and by empty searches", async () => {
        const day1 = new Date("2026-03-01T18:00:00.000Z");
        const day2 = new Date("2026-03-02T18:00:00.000Z");
        await countEmptySearch(db, "92101", day1);
        await countEmptySearch(db, "92101", day1);
        await countEmptySearch(db, "92101", day2);
        await countEmptySearch(db, "92660", day2);
        const rows = await db.selectFrom("empty_searches").selectAll().orderBy("zipcode").orderBy("day").execute();
        expect(rows).toEqual([
          { zipcode: "92101", day: "2026-03-01", count: 2 },
          { zipcode: "92101", day: "2026-03-02", count: 1 },
          { zipcode: "92660", day: "2026-03-02", count: 1 },
        ]);
        await expect(countEmptySearch(db, "abc", day1)).rejects.toMatchObject({ code: "bad_request" });

        await waitFor("a@example.com", "92660", 25, day2);
        await waitFor("b@example.com", "92660", 50, day2);
        await waitFor("a@example.com", "92101", 25, day2);
        await ask("pending@example.com", "90014", 25, day2);
        expect(await demandSummary(db, day2)).toEqual({ people: 2, places: 2 });

        const overview = await demandOverview(db, day2);
        expect(overview.waiting).toEqual([
          { zipcode: "92660", city: "Newport Beach", stateCode: "CA", count: 2 },
          { zipcode: "92101", city: "San Diego", stateCode: "CA", count: 1 },
        ]);
        expect(overview.emptySearches).toEqual([
          { zipcode: "92101", city: "San Diego", stateCode: "CA", count: 3 },
          { zipcode: "92660", city: "Newport Beach", stateCode: "CA", count: 1 },
        ]);
        expect(overview.map.marks.map((mark) => [mark.zipcode, mark.count])).toEqual([
          ["92660", 2],
          ["92101", 1],
        ]);
        expect(overview.map.marks[0]?.radius).toBeGreaterThan(overview.map.marks[1]?.radius ?? 0);
      });
    });
  });
}
