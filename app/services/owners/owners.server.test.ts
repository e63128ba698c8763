import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { states } from "~/db/seed/data/states";
import type { Actor } from "../admin/list";
import { STATUS_BY_CODE } from "../errors";
import type { MailContext } from "../mail/messages.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import {
  approveChange,
  approveClaim,
  askOwnersForFreshness,
  CLAIMS_PER_HOUR,
  confirmStillRight,
  createClaim,
  emailOnWebsiteDomain,
  findOwnedListing,
  findOwnerLink,
  findOwnerSession,
  findStillRight,
  ownerEditFromForm,
  listClaimsForAdmin,
  OWNER_CONFLICT_MESSAGE,
  OWNER_LINK_EXPIRED_MESSAGE,
  rejectClaim,
  removeOwner,
  requestOwnerSignIn,
  saveOwnerEdit,
  saveOwnerPhoto,
  signInWithLink,
  SIGN_IN_REQUESTED_MESSAGE,
} from "./owners.server";
import { askOwnersForHolidayHours } from "./holiday-hours.server";

const MINUTE = 60_000;
const T0 = "2026-01-01T00:00:00.000Z";
const NOW = new Date("2026-06-01T17:00:00.000Z");
const CONTEXT: MailContext = {
  siteName: "Bloom Finder",
  siteUrl: "https://flowers.example",
  contactEmail: "hi@flowers.example",
  postalAddress: "",
};
const ZIPCODES = [
  { zip: "90012", latitude: 34.0614, longitude: -118.2385, city: "Los Angeles", state_code: "CA" },
  { zip: "90014", latitude: 34.0435, longitude: -118.2517, city: "Los Angeles", state_code: "CA" },
  { zip: "89101", latitude: 36.1725, longitude: -115.1224, city: "Las Vegas", state_code: "NV" },
];
const later = (start: Date, ms: number) => new Date(start.getTime() + ms);
const claimant = { name: "Rosa Diaz", role: "Owner", email: "rosa@bloommart.example", phone: "(213) 555-0101" };

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`listing owners on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;
    let mart: number;
    let other: number;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "owners");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db);
      await db
        .insertInto("states")
        .values(
          states
            .filter((s) => ["california", "nevada"].includes(s.id))
            .map((s) => ({ id: s.id, name: s.name, code: s.code, region: s.region, created_at: T0, updated_at: T0 })),
        )
        .execute();
      await db.insertInto("zipcodes").values(ZIPCODES).execute();
    }, 60_000);
    afterAll(() => cleanup());

    beforeEach(async () => {
      for (const table of [
        "owner_changes",
        "owner_claims",
        "listing_owners",
        "owner_links",
        "owner_sessions",
        "mail_outbox",
        "demand_requests",
        "audit_log",
      ] as const) {
        await db.deleteFrom(table).execute();
      }
      await db.deleteFrom("wholesalers").execute();
      const listing = (name: string, website: string | null) => ({
        name,
        address: "754 Wall St",
        city: "Los Angeles",
        state_id: "california",
        zipcode: "90012",
        type: "Wholesale",
        hours: "",
        description: "Roses by the bucket.",
        image: null,
        image_updated_at: null,
        phone: "(213) 627-3696",
        website,
        latitude: 34.0614,
        longitude: -118.2385,
        featured: 0,
        verified_at: "2008-09-01",
        created_at: T0,
        updated_at: T0,
      });
      mart = (
        await db
          .insertInto("wholesalers")
          .values(listing("Bloom Mart", "https://www.bloommart.example/"))
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      other = (
        await db.insertInto("wholesalers").values(listing("Other Mart", "https://other.example")).returning("id").executeTakeFirstOrThrow()
      ).id;
    });

    const outbox = () => db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
    const owners = () => db.selectFrom("listing_owners").selectAll().orderBy("id").execute();
    const tokenIn = (text: string, path: string) => {
      const match = new RegExp(`https://flowers\\.example${path}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
      if (!match) throw new Error(`no ${path} link in: ${text}`);
      return match[1]!;
    };
    const latestToken = async (path = "/owner/link") => tokenIn((await outbox()).at(-1)?.text ?? "", path);
    const listingRow = (id: number) => db.selectFrom("wholesalers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    it("knows an email on the listing's own website domain, and only that host", () => {
      expect(emailOnWebsiteDomain("Rosa@BloomMart.example", "https://www.bloommart.example/")).toBe(true);
      expect(emailOnWebsiteDomain("rosa@gmail.com", "https://www.bloommart.example/")).toBe(false);
      expect(emailOnWebsiteDomain("rosa@wixsite.com", "https://bloommart.wixsite.com/")).toBe(false);
      expect(emailOnWebsiteDomain("rosa@bloommart.example", null)).toBe(false);
    });

    it("a claim by website domain makes an owner at once and mails a single-use sign-in link that expires after 30 minutes", async () => {
      const result = await createClaim(db, mart, claimant, "203.0.113.1", CONTEXT, NOW);
      expect(result.status).toBe("verified");
      expect(await owners()).toMatchObject([{ wholesaler_id: mart, email_normalized: "rosa@bloommart.example" }]);
      const [mail] = await outbox();
      expect(mail).toMatchObject({ kind: "owner-sign-in", recipient: "rosa@bloommart.example" });
      const token = await latestToken();
      // Only the hash is stored.
      const links = await db.selectFrom("owner_links").selectAll().execute();
      expect(links).toHaveLength(1);
      expect(links[0]!.token_hash).not.toContain(token);

      expect(await findOwnerLink(db, token, later(NOW, 29 * MINUTE))).toEqual({ live: true, email: "rosa@bloommart.example" });
      expect(await findOwnerLink(db, token, later(NOW, 30 * MINUTE))).toEqual({ live: false });
      const expired = await rejection(signInWithLink(db, token, {}, later(NOW, 31 * MINUTE)));
      expect(expired.message).toBe(OWNER_LINK_EXPIRED_MESSAGE);

      const session = await signInWithLink(db, token, {}, later(NOW, 5 * MINUTE));
      expect(await findOwnerSession(db, session.sessionId, later(NOW, 6 * MINUTE))).toBe("rosa@bloommart.example");
      // Single use, even twice at once.
      const again = await rejection(signInWithLink(db, token, {}, later(NOW, 6 * MINUTE)));
      expect(STATUS_BY_CODE[again.code]).toBe(400);
    });

    it("of two sign-ins with one link at once, one wins", async () => {
      await createClaim(db, mart, claimant, "203.0.113.1", CONTEXT, NOW);
      const token = await latestToken();
      const results = await Promise.allSettled([signInWithLink(db, token, {}, NOW), signInWithLink(db, token, {}, NOW)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    });

    it("a claim from another address waits for an admin; approval makes an owner and mails a link, rejection mails no link", async () => {
      const pending = await createClaim(db, mart, { ...claimant, email: "rosa@gmail.com" }, "203.0.113.1", CONTEXT, NOW);
      expect(pending.status).toBe("pending");
      expect(await owners()).toEqual([]);
      expect(await outbox()).toEqual([]);
      const list = await listClaimsForAdmin(db, { status: "pending", page: 1 });
      expect(list.rows).toMatchObject([
        { email: "rosa@gmail.com", listing: { name: "Bloom Mart", website: "https://www.bloommart.example/" } },
      ]);

      await approveClaim(db, list.rows[0]!.id, actor, CONTEXT, NOW);
      expect(await owners()).toMatchObject([{ wholesaler_id: mart, email: "rosa@gmail.com" }]);
      expect((await outbox()).map((m) => m.kind)).toEqual(["owner-sign-in"]);
      await latestToken();
      // Decided once.
      const twice = await rejection(approveClaim(db, list.rows[0]!.id, actor, CONTEXT, NOW));
      expect(STATUS_BY_CODE[twice.code]).toBe(409);

      await createClaim(db, other, { ...claimant, email: "mallory@evil.example" }, "203.0.113.2", CONTEXT, NOW);
      const [second] = (await listClaimsForAdmin(db, { status: "pending", page: 1 })).rows;
      await rejectClaim(db, second!.id, actor, CONTEXT, NOW);
      expect((await owners()).map((o) => o.email)).toEqual(["rosa@gmail.com"]);
      expect((await outbox()).map((m) => m.kind)).toEqual(["owner-sign-in", "owner-claim"]);
    });

    it("refuses bad claims with field errors, and too many from one address", async () => {
      const bad = await rejection(createClaim(db, mart, { name: "R", role: "", email: "nope", phone: "x" }, "203.0.113.1", CONTEXT, NOW));
      expect(STATUS_BY_CODE[bad.code]).toBe(400);
      expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["email", "name", "phone", "role"]);
      expect(STATUS_BY_CODE[(await rejection(createClaim(db, 999_999, claimant, "203.0.113.1", CONTEXT, NOW))).code]).toBe(404);
      for (let i = 0; i < CLAIMS_PER_HOUR; i++)
        await createClaim(db, mart, { ...claimant, email: `r${i}@gmail.com` }, "203.0.113.9", CONTEXT, NOW);
      const tooMany = await rejection(createClaim(db, mart, claimant, "203.0.113.9", CONTEXT, NOW));
      expect(STATUS_BY_CODE[tooMany.code]).toBe(429);
    });

    it("answers a sign-in request the same whether the address owns a listing or not", async () => {
      expect(await requestOwnerSignIn(db, "nobody@example.com", CONTEXT, NOW)).toEqual({ message: SIGN_IN_REQUESTED_MESSAGE, sent: false });
      await createClaim(db, mart, claimant, "203.0.113.1", CONTEXT, NOW);
      expect(await requestOwnerSignIn(db, "ROSA@bloommart.example", CONTEXT, NOW)).toEqual({
        message: SIGN_IN_REQUESTED_MESSAGE,
        sent: true,
      });
      expect(await outbox()).toHaveLength(2);
    });

    describe("the owner's edit", () => {
      const form = (overrides: Record<string, string> = {}) => ({
        name: "Bloom Mart",
        address: "754 Wall St",
        city: "Los Angeles",
        zipcode: "90012",
        phone: "(213) 555-0199",
        website: "https://www.bloommart.example/",
        access: "public-welcome",
        accessNote: "Cash only before 6 AM",
        openingHours: JSON.stringify({ mon: [{ open: "05:00", close: "12:00" }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }),
        description: "Roses and peonies.",
        ...overrides,
      });
      beforeEach(async () => {
        await createClaim(db, mart, claimant, "203.0.113.1", CONTEXT, NOW);
      });

      it("publishes phone, website, access, hours and description at once, verified today by the business, audited as the owner's", async () => {
        const saved = await saveOwnerEdit(db, claimant.email, mart, T0, form(), { ip: "203.0.113.1" }, NOW);
        expect(saved.pending).toEqual([]);
        expect(saved.published.sort()).toEqual(["access", "access_note", "description", "opening_hours", "phone"]);
        const row = await listingRow(mart);
        expect(row).toMatchObject({
          phone: "(213) 555-0199",
          access: "public-welcome",
          access_note: "Cash only before 6 AM",
          description: "Roses and peonies.",
          verified_at: "2026-06-01",
          owner_confirmed_at: "2026-06-01",
        });
        const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "wholesaler.owner_update").execute();
        expect(audit).toMatchObject([{ actor: "rosa@bloommart.example", admin_id: null, entity_id: String(mart) }]);
        expect(JSON.parse(audit[0]!.details!)).toMatchObject({ source: "confirmed by the business" });
      });

      it("sends a change of name, address or zipcode to the admin with before and after; the admin publishes it", async () => {
        const saved = await saveOwnerEdit(db, claimant.email, mart, T0, form({ name: "Bloom Mart & Co", zipcode: "90014" }), {}, NOW);
        expect(saved.pending).toEqual(["name", "zipcode"]);
        const row = await listingRow(mart);
        expect(row.name).toBe("Bloom Mart");
        expect(row.zipcode).toBe("90012");
        const owned = await findOwnedListing(db, claimant.email, mart);
        expect(owned.pendingChange?.after).toMatchObject({ name: "Bloom Mart & Co", zipcode: "90014" });
        const change = await db.selectFrom("owner_changes").selectAll().executeTakeFirstOrThrow();
        expect(JSON.parse(change.before)).toMatchObject({ name: "Bloom Mart", zipcode: "90012" });
        // Someone waits for a supplier around the new place: the move publishes the listing there (decision 044).
        await db
          .insertInto("demand_requests")
          .values({
            email: "ann@example.com",
            email_normalized: "ann@example.com",
            zipcode: "90014",
            latitude: 34.0435,
            longitude: -118.2517,
            radius_miles: 10,
            status: "confirmed",
            unsubscribe_token: "ann-token",
            created_at: T0,
            confirmed_at: T0,
            expires_at: "2027-01-01T00:00:00.000Z",
          })
          .execute();
        await approveChange(db, change.id, actor, { siteUrl: CONTEXT.siteUrl }, NOW);
        expect(await listingRow(mart)).toMatchObject({ name: "Bloom Mart & Co", zipcode: "90014", latitude: 34.0435 });
        const waiting = await db.selectFrom("demand_requests").selectAll().executeTakeFirstOrThrow();
        expect(waiting).toMatchObject({ status: "fulfilled", wholesaler_id: mart });
        const told = await db.selectFrom("mail_outbox").selectAll().where("kind", "=", "demand-listed").execute();
        expect(told.map((mail) => [mail.recipient, mail.subject])).toEqual([
          ["ann@example.com", expect.stringContaining("Bloom Mart & Co")],
        ]);
      });

      it("publishes special hours sent as the plain text area (without JavaScript), and refuses a line it cannot read", async () => {
        const read = (fields: Record<string, string>) => (field: string) => fields[field];
        const plain = { ...form(), "specialHours.text": "2026-06-12 closed | Inventory day\n2026-06-14 04:00-10:00" };
        const { raw, fieldErrors } = ownerEditFromForm(read(plain));
        expect(fieldErrors).toBeUndefined();
        const saved = await saveOwnerEdit(db, claimant.email, mart, T0, raw, {}, NOW);
        expect(saved.published).toContain("special_hours");
        expect(JSON.parse((await listingRow(mart)).special_hours ?? "[]")).toEqual([
          { from: "2026-06-12", to: "2026-06-12", ranges: [], note: "Inventory day" },
          { from: "2026-06-14", to: "2026-06-14", ranges: [{ open: "04:00", close: "10:00" }], note: "" },
        ]);
        const bad = ownerEditFromForm(read({ ...form(), "specialHours.text": "next tuesday maybe" }));
        expect(bad.fieldErrors?.specialHours).toBeTruthy();
      });

      it("refuses what the admin form refuses, a zipcode of another state, and a stale version", async () => {
        const bad = await rejection(saveOwnerEdit(db, claimant.email, mart, T0, form({ phone: "call us", website: "bloommart" }), {}, NOW));
        expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["phone", "website"]);
        const nevada = await rejection(saveOwnerEdit(db, claimant.email, mart, T0, form({ zipcode: "89101" }), {}, NOW));
        expect(bad.code).toBe("bad_request");
        expect(nevada.fieldErrors?.zipcode).toMatch(/not in California/);
        const hours = await rejection(saveOwnerEdit(db, claimant.email, mart, T0, form({ openingHours: "{" }), {}, NOW));
        expect(hours.fieldErrors?.openingHours).toBeTruthy();
        await saveOwnerEdit(db, claimant.email, mart, T0, form(), {}, NOW);
        const stale = await rejection(saveOwnerEdit(db, claimant.email, mart, T0, form({ phone: "(213) 555-0000" }), {}, NOW));
        expect(STATUS_BY_CODE[stale.code]).toBe(409);
        expect(stale.message).toBe(OWNER_CONFLICT_MESSAGE);
      });

      it("an owner of one listing can neither read nor change another", async () => {
        expect(STATUS_BY_CODE[(await rejection(findOwnedListing(db, claimant.email, other))).code]).toBe(404);
        const refused = await rejection(saveOwnerEdit(db, claimant.email, other, T0, form({ name: "Other Mart" }), {}, NOW));
        expect(STATUS_BY_CODE[refused.code]).toBe(404);
        expect((await listingRow(other)).phone).toBe("(213) 627-3696");
      });

      it("publishes a new photo through the image pipeline, audited as the owner's, and never another listing's", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-owner-photo-"));
        try {
          const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#c2185b" } })
            .jpeg()
            .toBuffer();
          const { imageUrl } = await saveOwnerPhoto(db, claimant.email, mart, photo, { kind: "disk", dir }, { ip: "203.0.113.1" }, NOW);
          expect(imageUrl).toMatch(/^\/uploads\//);
          expect(await listingRow(mart)).toMatchObject({ image: imageUrl, owner_confirmed_at: "2026-06-01", verified_at: "2026-06-01" });
          const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "wholesaler.image").execute();
          expect(audit).toMatchObject([{ actor: "rosa@bloommart.example", admin_id: null }]);
          const refused = await rejection(saveOwnerPhoto(db, claimant.email, other, photo, { kind: "disk", dir }, {}, NOW));
          expect(STATUS_BY_CODE[refused.code]).toBe(404);
          const notImage = await rejection(saveOwnerPhoto(db, claimant.email, mart, Buffer.from("<svg/>"), { kind: "disk", dir }, {}, NOW));
          expect(STATUS_BY_CODE[notImage.code]).toBeLessThan(500);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });

      it("an owner an admin removed can no longer edit", async () => {
        const [owner] = await owners();
        await removeOwner(db, owner!.id, actor);
        expect(STATUS_BY_CODE[(await rejection(saveOwnerEdit(db, claimant.email, mart, T0, form(), {}, NOW))).code]).toBe(404);
      });
    });

    describe("freshness", () => {
      beforeEach(async () => {
        await createClaim(db, mart, claimant, "203.0.113.1", CONTEXT, NOW);
        await db.deleteFrom("mail_outbox").execute();
      });

      it("asks each owner once per period, even when several servers ask at once", async () => {
        expect(await askOwnersForFreshness(db, CONTEXT, { periodMonths: 6, now: later(NOW, 30 * 24 * 60 * MINUTE) })).toBe(0);
        const due = new Date("2026-12-02T17:00:00.000Z");
        const asked = await Promise.all([1, 2, 3].map(() => askOwnersForFreshness(db, CONTEXT, { periodMonths: 6, now: due })));
        expect(asked.reduce((a, b) => a + b, 0)).toBe(1);
        expect((await outbox()).map((m) => m.kind)).toEqual(["owner-freshness"]);
        // Not again in the same period, and again after it.
        expect(await askOwnersForFreshness(db, CONTEXT, { periodMonths: 6, now: new Date("2027-05-01T00:00:00.000Z") })).toBe(0);
        expect(await askOwnersForFreshness(db, CONTEXT, { periodMonths: 6, now: new Date("2027-06-03T00:00:00.000Z") })).toBe(1);
      });

      it("“Yes, still right” verifies the listing today by the business, once", async () => {
        const due = new Date("2026-12-02T17:00:00.000Z");
        await askOwnersForFreshness(db, CONTEXT, { periodMonths: 6, now: due });
        const token = await latestToken("/owner/still-right");
        expect(await findStillRight(db, token)).toEqual({ live: true, listingName: "Bloom Mart" });
        await confirmStillRight(db, token, {}, due);
        expect(await listingRow(mart)).toMatchObject({ verified_at: "2026-12-02", owner_confirmed_at: "2026-12-02" });
        expect(await owners()).toMatchObject([{ freshness_answer: "still-right", freshness_asked_at: due.toISOString() }]);
        expect(STATUS_BY_CODE[(await rejection(confirmStillRight(db, token, {}, due))).code]).toBe(400);
      });

      it("asks each owner for a flower holiday's week three weeks ahead, once, unless the listing's special hours cover it", async () => {
        const holidays = [
          { name: "Valentine's Day", date: "2027-02-14" },
          { name: "Mother's Day", date: "2027-05-09" },
        ];
        const on = (day: string) => new Date(`${day}T15:00:00.000Z`);
        expect(await askOwnersForHolidayHours(db, CONTEXT, { holidays, now: on("2027-01-23") })).toBe(0);
        // Three servers at once on the first day: one message.
        const asked = await Promise.all([1, 2, 3].map(() => askOwnersForHolidayHours(db, CONTEXT, { holidays, now: on("2027-01-24") })));
        expect(asked.reduce((a, b) => a + b, 0)).toBe(1);
        const [mail] = await outbox();
        expect(mail).toMatchObject({ kind: "owner-holiday", recipient: claimant.email });
        expect(mail?.subject).toBe("Your hours for Valentine's Day week: Bloom Mart");
        expect(mail?.text).toContain(`https://flowers.example/owner/listings/${mart}`);
        // Not again for the same holiday.
        expect(await askOwnersForHolidayHours(db, CONTEXT, { holidays, now: on("2027-02-01") })).toBe(0);
        // The owner adds that week's hours before Mother's Day's question: then nobody asks.
        await db
          .updateTable("wholesalers")
          .set({ special_hours: JSON.stringify([{ from: "2027-05-09", to: "2027-05-09", ranges: [], note: "Closed" }]) })
          .where("id", "=", mart)
          .execute();
        expect(await askOwnersForHolidayHours(db, CONTEXT, { holidays, now: on("2027-04-20") })).toBe(0);
        await db.updateTable("wholesalers").set({ special_hours: null }).where("id", "=", mart).execute();
        expect(await askOwnersForHolidayHours(db, CONTEXT, { holidays, now: on("2027-04-20") })).toBe(1);
        // Once the week has begun it is too late to ask.
        await db.updateTable("listing_owners").set({ holiday_asked_for: null }).execute();
        expect(await askOwnersForHolidayHours(db, CONTEXT, { holidays, now: on("2027-05-03") })).toBe(0);
      });
    });
  });
}
