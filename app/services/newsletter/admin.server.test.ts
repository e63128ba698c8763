import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { AppError } from "../errors";
import { deleteSubscriber, exportSubscribersCsv, listSubscribersForAdmin, SUBSCRIBER_GONE } from "./admin.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase } from "../../../tests/support/test-databases";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`subscriber admin on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "subscribers-admin");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "ann@example.com", name: "Ann", ip: "203.0.113.9" });
    });
    afterAll(() => cleanup());

    const SITE_URL = "https://flowers.example";
    const tokenOf = (email: string) => `token-${email.replace(/[^a-z0-9]/gi, "")}-0123456789`;

    /** A subscriber in one of the four statuses; a confirmed one was confirmed a day after subscribing. */
    const subscriber = (
      email: string,
      createdAt: string,
      status: "pending" | "confirmed" | "unsubscribed" | "undeliverable" = "confirmed",
    ) => ({
      email,
      email_normalized: email.toLowerCase(),
      unsubscribe_token: tokenOf(email),
      created_at: createdAt,
      status,
      confirm_token: status === "pending" ? `confirm-${tokenOf(email)}` : null,
      confirmed_at: status === "confirmed" ? createdAt.replace("T10:", "T11:") : null,
      unsubscribed_at: status === "unsubscribed" ? "2026-02-01T00:00:00.000Z" : null,
    });

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("newsletter_subscribers").execute();
      await db
        .insertInto("newsletter_subscribers")
        .values([
          subscriber("first@example.com", "2026-01-02T10:00:00.000Z"),
          subscriber("Gone_Away@example.com", "2026-01-03T10:00:00.000Z", "unsubscribed"),
          subscriber("=cmd@example.com", "2026-01-04T10:00:00.000Z"),
          subscriber("waiting@example.com", "2026-01-05T10:00:00.000Z", "pending"),
          subscriber("bounced@example.com", "2026-01-06T10:00:00.000Z", "undeliverable"),
        ])
        .execute();
    });

    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();

    describe("listSubscribersForAdmin", () => {
      it("lists newest first with the status of each, read from its status column", async () => {
        const page = await listSubscribersForAdmin(db, { page: 1 });
        expect(page).toMatchObject({ total: 5, page: 1, pageCount: 1 });
        expect(page.rows.map((s) => [s.email, s.status, s.confirmedAt])).toEqual([
          ["bounced@example.com", "undeliverable", null],
          ["waiting@example.com", "pending", null],
          ["=cmd@example.com", "confirmed", "2026-01-04T11:00:00.000Z"],
          ["Gone_Away@example.com", "unsubscribed", null],
          ["first@example.com", "confirmed", "2026-01-02T11:00:00.000Z"],
        ]);
        expect(page.rows[3]).toMatchObject({ subscribedAt: "2026-01-03T10:00:00.000Z", unsubscribedAt: "2026-02-01T00:00:00.000Z" });
      });

      it("goes by the status column, not by unsubscribed_at", async () => {
        // An address that unsubscribed once and subscribed again is pending; its old unsubscribe time says nothing.
        await db
          .updateTable("newsletter_subscribers")
          .set({ status: "pending", unsubscribed_at: "2026-02-01T00:00:00.000Z" })
          .where("email", "=", "first@example.com")
          .execute();
        const first = (await listSubscribersForAdmin(db, { q: "first", page: 1 })).rows[0];
        expect(first).toMatchObject({ status: "pending" });
        expect((await listSubscribersForAdmin(db, { status: "unsubscribed", page: 1 })).rows.map((s) => s.email)).toEqual([
          "Gone_Away@example.com",
        ]);
      });

      it("searches the email case-insensitively (with _ literal) and filters by status", async () => {
        const emails = async (query: { q?: string; status?: string }) =>
          (await listSubscribersForAdmin(db, { ...query, page: 1 })).rows.map((s) => s.email);
        expect(await emails({ q: "GONE_" })).toEqual(["Gone_Away@example.com"]);
        expect(await emails({ q: "t_" })).toEqual([]);
        expect(await emails({ status: "pending" })).toEqual(["waiting@example.com"]);
        expect(await emails({ status: "confirmed" })).toEqual(["=cmd@example.com", "first@example.com"]);
        expect(await emails({ status: "unsubscribed" })).toEqual(["Gone_Away@example.com"]);
        expect(await emails({ status: "undeliverable" })).toEqual(["bounced@example.com"]);
        // "active" was the old word: it filters nothing now, like any other unknown status.
        expect(await emails({ status: "active" })).toHaveLength(5);
        expect(await emails({ status: "bogus" })).toHaveLength(5);
        expect(await emails({ q: "first", status: "unsubscribed" })).toEqual([]);
        expect(await emails({ q: "first", status: "confirmed" })).toEqual(["first@example.com"]);
      });

      it("pages by 10, counting pages from the filtered rows", async () => {
        await db
          .insertInto("newsletter_subscribers")
          .values(
            Array.from({ length: 11 }, (_, i) =>
              subscriber(`bulk${i}@example.com`, `2026-03-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`),
            ),
          )
          .execute();
        expect(await listSubscribersForAdmin(db, { page: 2 })).toMatchObject({ total: 16, page: 2, pageCount: 2 });
        expect(await listSubscribersForAdmin(db, { status: "unsubscribed", page: 2 })).toMatchObject({ total: 1, page: 1, pageCount: 1 });
      });
    });

    describe("deleteSubscriber", () => {
      it("erases the subscriber and logs the address that was removed", async () => {
        const { id } = await db
          .selectFrom("newsletter_subscribers")
          .select("id")
          .where("email", "=", "first@example.com")
          .executeTakeFirstOrThrow();
        await deleteSubscriber(db, id, actor);
        expect((await listSubscribersForAdmin(db, { page: 1 })).rows.map((s) => s.email)).not.toContain("first@example.com");
        const [entry] = await auditRows();
        expect(entry).toMatchObject({
          action: "subscriber.delete",
          admin_id: actor.adminId,
          entity_type: "subscriber",
          entity_id: String(id),
          ip: actor.ip,
        });
        expect(JSON.parse(entry!.details!)).toEqual({ label: "first@example.com" });
      });

      it("says so when the subscriber is already gone", async () => {
        const error = await deleteSubscriber(db, 999_999, actor).then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ code: "not_found", message: SUBSCRIBER_GONE });
        expect(await auditRows()).toEqual([]);
      });
    });

    describe("exportSubscribersCsv", () => {
      const HEADER = "email,subscribed_at,status,confirmed_at,unsubscribe_url\r\n";
      const unsubscribeLink = (email: string) => `${SITE_URL}/newsletter/unsubscribe?token=${tokenOf(email)}`;

      it("writes the header and one row per subscriber, oldest first, neutralising formulas, and logs the export", async () => {
        const { csv, count } = await exportSubscribersCsv(db, {}, actor, SITE_URL);
        expect(count).toBe(5);
        expect(csv).toBe(
          HEADER +
            `first@example.com,2026-01-02T10:00:00.000Z,confirmed,2026-01-02T11:00:00.000Z,${unsubscribeLink("first@example.com")}\r\n` +
            "Gone_Away@example.com,2026-01-03T10:00:00.000Z,unsubscribed,,\r\n" +
            `'=cmd@example.com,2026-01-04T10:00:00.000Z,confirmed,2026-01-04T11:00:00.000Z,${unsubscribeLink("=cmd@example.com")}\r\n` +
            "waiting@example.com,2026-01-05T10:00:00.000Z,pending,,\r\n" +
            "bounced@example.com,2026-01-06T10:00:00.000Z,undeliverable,,\r\n",
        );
        const [entry] = await auditRows();
        expect(entry).toMatchObject({ action: "subscriber.export", admin_id: actor.adminId, ip: actor.ip });
        expect(JSON.parse(entry!.details!)).toEqual({ label: "5 subscribers", count: 5 });
      });

      it("gives the unsubscribe link on the site URL it is given, without a doubled slash, its token encoded", async () => {
        await db
          .updateTable("newsletter_subscribers")
          .set({ unsubscribe_token: "a+b/c=" })
          .where("email", "=", "first@example.com")
          .execute();
        const { csv } = await exportSubscribersCsv(db, { q: "first" }, actor, "http://localhost:3000/");
        expect(csv).toBe(
          HEADER +
            "first@example.com,2026-01-02T10:00:00.000Z,confirmed,2026-01-02T11:00:00.000Z,http://localhost:3000/newsletter/unsubscribe?token=a%2Bb%2Fc%3D\r\n",
        );
      });

      it("exports only the subscribers matching the search and status", async () => {
        const { csv } = await exportSubscribersCsv(db, { status: "unsubscribed" }, actor, SITE_URL);
        expect(csv).toBe(HEADER + "Gone_Away@example.com,2026-01-03T10:00:00.000Z,unsubscribed,,\r\n");
        const [entry] = await auditRows();
        expect(JSON.parse(entry!.details!)).toEqual({ label: "1 subscriber", count: 1, status: "unsubscribed" });

        const pending = await exportSubscribersCsv(db, { q: "WAIT", status: "pending" }, actor, SITE_URL);
        expect(pending).toEqual({ csv: HEADER + "waiting@example.com,2026-01-05T10:00:00.000Z,pending,,\r\n", count: 1 });
      });
    });
  });
}
