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

    const subscriber = (email: string, createdAt: string, unsubscribedAt: string | null = null) => ({
      email,
      email_normalized: email.toLowerCase(),
      unsubscribe_token: `token-${email.replace(/[^a-z0-9]/gi, "")}-0123456789`,
      created_at: createdAt,
      unsubscribed_at: unsubscribedAt,
    });

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("newsletter_subscribers").execute();
      await db
        .insertInto("newsletter_subscribers")
        .values([
          subscriber("first@example.com", "2026-01-02T10:00:00.000Z"),
          subscriber("Gone_Away@example.com", "2026-01-03T10:00:00.000Z", "2026-02-01T00:00:00.000Z"),
          subscriber("=cmd@example.com", "2026-01-04T10:00:00.000Z"),
        ])
        .execute();
    });

    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();

    describe("listSubscribersForAdmin", () => {
      it("lists newest first with their status", async () => {
        const page = await listSubscribersForAdmin(db, { page: 1 });
        expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1 });
        expect(page.rows.map((s) => [s.email, s.status])).toEqual([
          ["=cmd@example.com", "active"],
          ["Gone_Away@example.com", "unsubscribed"],
          ["first@example.com", "active"],
        ]);
        expect(page.rows[1]).toMatchObject({ subscribedAt: "2026-01-03T10:00:00.000Z", unsubscribedAt: "2026-02-01T00:00:00.000Z" });
      });

      it("searches the email case-insensitively (with _ literal) and filters by status", async () => {
        const emails = async (query: { q?: string; status?: string }) =>
          (await listSubscribersForAdmin(db, { ...query, page: 1 })).rows.map((s) => s.email);
        expect(await emails({ q: "GONE_" })).toEqual(["Gone_Away@example.com"]);
        expect(await emails({ q: "t_" })).toEqual([]);
        expect(await emails({ status: "active" })).toEqual(["=cmd@example.com", "first@example.com"]);
        expect(await emails({ status: "unsubscribed" })).toEqual(["Gone_Away@example.com"]);
        expect(await emails({ status: "bogus" })).toHaveLength(3);
        expect(await emails({ q: "first", status: "unsubscribed" })).toEqual([]);
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
        expect(await listSubscribersForAdmin(db, { page: 2 })).toMatchObject({ total: 14, page: 2, pageCount: 2 });
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
      it("writes the header and one row per subscriber, oldest first, neutralising formulas, and logs the export", async () => {
        const { csv, count } = await exportSubscribersCsv(db, {}, actor);
        expect(count).toBe(3);
        expect(csv).toBe(
          "email,subscribed_at,status\r\n" +
            "first@example.com,2026-01-02T10:00:00.000Z,active\r\n" +
            "Gone_Away@example.com,2026-01-03T10:00:00.000Z,unsubscribed\r\n" +
            "'=cmd@example.com,2026-01-04T10:00:00.000Z,active\r\n",
        );
        const [entry] = await auditRows();
        expect(entry).toMatchObject({ action: "subscriber.export", admin_id: actor.adminId, ip: actor.ip });
        expect(JSON.parse(entry!.details!)).toEqual({ label: "3 subscribers", count: 3 });
      });

      it("exports only the subscribers matching the search and status", async () => {
        const { csv } = await exportSubscribersCsv(db, { status: "unsubscribed" }, actor);
        expect(csv).toBe("email,subscribed_at,status\r\nGone_Away@example.com,2026-01-03T10:00:00.000Z,unsubscribed\r\n");
        const [entry] = await auditRows();
        expect(JSON.parse(entry!.details!)).toEqual({ label: "1 subscriber", count: 1, status: "unsubscribed" });
      });
    });
  });
}
