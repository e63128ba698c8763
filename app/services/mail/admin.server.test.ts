import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { saveSetting } from "../settings/settings.server";
import { queueTestMail } from "./admin.server";
import { getOutboxMessage } from "./outbox.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase } from "../../../tests/support/test-databases";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`mail admin on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "mail-admin");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "ann@example.com", name: "Ann", ip: "203.0.113.9" });
    });
    afterAll(() => cleanup());

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("mail_outbox").execute();
      await db.deleteFrom("mail_undeliverable").execute();
    });

    describe("queueTestMail", () => {
      it("queues the test message to the admin, its links on the site URL it is given, and logs it", async () => {
        await saveSetting(db, "mail", { sendRate: 0, postalAddress: "1 Bloom Lane, Portland, OR 97201", adminDigest: "daily" });
        const id = await queueTestMail(db, "https://flowers.example/", actor);
        const message = await getOutboxMessage(db, id);
        expect(message).toMatchObject({ id, kind: "test", recipient: "ann@example.com", status: "queued", attempts: 0, sentAt: null });
        expect(message.subject).toMatch(/^Test message from .+/);
        expect(message.html).toContain("This is a test message");
        expect(message.html).toContain('href="https://flowers.example"');
        expect(message.html).toContain("1 Bloom Lane, Portland, OR 97201");
        expect(message.text).toContain("If you can read this, the site can write to you.");

        const audit = await db.selectFrom("audit_log").selectAll().execute();
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          action: "mail.test",
          admin_id: actor.adminId,
          actor: "ann@example.com",
          entity_type: "mail",
          entity_id: String(id),
          ip: actor.ip,
        });
        expect(JSON.parse(audit[0]!.details!)).toEqual({ label: message.subject, to: "ann@example.com" });
      });

      it("records the message failed, and still logs the attempt, when the admin's address was refused for good", async () => {
        await db
          .insertInto("mail_undeliverable")
          .values({ address_normalized: "ann@example.com", reason: "550 no such user", created_at: new Date().toISOString() })
          .execute();
        const id = await queueTestMail(db, "https://flowers.example", actor);
        expect(await getOutboxMessage(db, id)).toMatchObject({ status: "failed", lastError: expect.stringMatching(/refused for good/) });
        expect(await db.selectFrom("audit_log").select("action").execute()).toEqual([{ action: "mail.test" }]);
      });
    });
  });
}
