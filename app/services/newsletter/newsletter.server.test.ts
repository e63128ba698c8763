import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { apiResponse } from "~/http/api.server";
import { STATUS_BY_CODE } from "../errors";
import { TEST_DATABASES, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  findSubscriptionByToken,
  INVALID_EMAIL_MESSAGE,
  subscribe,
  SUBSCRIBED_MESSAGE,
  unsubscribe,
} from "./newsletter.server";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`newsletter on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "newsletter");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
    });
    afterAll(() => cleanup());

    beforeEach(async () => {
      await db.deleteFrom("newsletter_subscribers").execute();
    });

    const rows = () => db.selectFrom("newsletter_subscribers").selectAll().orderBy("id").execute();
    const rowFor = async (normalized: string) =>
      db.selectFrom("newsletter_subscribers").selectAll().where("email_normalized", "=", normalized).executeTakeFirstOrThrow();
    /** What POST /api/newsletter/subscribe answers for this body. */
    const post = async (body: unknown) => {
      const response = await apiResponse(() => subscribe(db, body), { status: 201 });
      return { status: response.status, body: (await response.json()) as { message: string; errors?: Record<string, string> } };
    };

    describe("subscribe", () => {
      it("stores a new address once with its own unsubscribe token and answers 201", async () => {
        expect(await post({ email: "  Ann.Lee@Example.com " })).toEqual({ status: 201, body: { message: SUBSCRIBED_MESSAGE } });
        const stored = await rows();
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({ email: "Ann.Lee@Example.com", email_normalized: "ann.lee@example.com", unsubscribed_at: null });
        expect(stored[0]!.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(await findSubscriptionByToken(db, stored[0]!.unsubscribe_token)).toEqual({ email: "Ann.Lee@Example.com", active: true });

        await subscribe(db, { email: "bob@example.com" });
        const [ann, bob] = await rows();
        expect(bob!.unsubscribe_token).not.toBe(ann!.unsubscribe_token);
      });

      it("answers 409 'already subscribed' for an address subscribed now, whatever its case, and stores nothing", async () => {
        await subscribe(db, { email: "ann@example.com" });
        const before = await rows();
        const error = await rejection(subscribe(db, { email: "ANN@example.COM" }));
        expect(error.code).toBe("conflict");
        expect(STATUS_BY_CODE[error.code]).toBe(409);
        expect(error.message).toBe(ALREADY_SUBSCRIBED_MESSAGE);
        expect(await post({ email: "ann@example.com" })).toEqual({ status: 409, body: { message: ALREADY_SUBSCRIBED_MESSAGE } });
        expect(await rows()).toEqual(before);
      });

      it.each([[{ email: "not-an-email" }], [{ email: "" }], [{ email: `${"a".repeat(250)}@example.com` }], [{}], [null], [{ email: 42 }]])(
        "answers 400 with a message next to the field for %o and stores nothing",
        async (body) => {
          expect(await post(body)).toEqual({
            status: 400,
            body: { message: INVALID_EMAIL_MESSAGE, errors: { email: INVALID_EMAIL_MESSAGE } },
          });
          expect(await rows()).toEqual([]);
        },
      );

      it("subscribes an address again after it unsubscribed: active again, same unsubscribe link, new sign-up date", async () => {
        await subscribe(db, { email: "ann@example.com" });
        const first = await rowFor("ann@example.com");
        await db.updateTable("newsletter_subscribers").set({ created_at: "2025-01-01T00:00:00.000Z" }).where("id", "=", first.id).execute();
        expect(await unsubscribe(db, first.unsubscribe_token)).toBe("ann@example.com");
        expect(await findSubscriptionByToken(db, first.unsubscribe_token)).toEqual({ email: "ann@example.com", active: false });

        expect(await post({ email: "Ann@Example.com" })).toEqual({ status: 201, body: { message: SUBSCRIBED_MESSAGE } });
        const again = await rowFor("ann@example.com");
        expect(await rows()).toHaveLength(1);
        expect(again).toMatchObject({
          id: first.id,
          email: "Ann@Example.com",
          unsubscribed_at: null,
          unsubscribe_token: first.unsubscribe_token,
        });
        expect(again.created_at > "2025-01-01T00:00:00.000Z").toBe(true);
        expect(await findSubscriptionByToken(db, first.unsubscribe_token)).toEqual({ email: "Ann@Example.com", active: true });
        // Subscribed again, so a third sign-up is the conflict.
        expect((await post({ email: "ann@example.com" })).status).toBe(409);
      });

      it.each([
        ["the same address", ["new@example.com", "new@example.com"]],
        ["the same address in different cases", ["New@Example.com", "new@EXAMPLE.com"]],
        [
          "the same address five times",
          ["five@example.com", "Five@example.com", "FIVE@example.com", "five@Example.com", "five@example.COM"],
        ],
      ])("lets exactly one of simultaneous sign-ups for %s succeed; the others get the 409 conflict", async (_label, emails) => {
        const answers = await Promise.all(emails.map((email) => post({ email })));
        expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(emails.length - 1).fill(409)]);
        for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body).toEqual({ message: ALREADY_SUBSCRIBED_MESSAGE });
        const stored = await rows();
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({ email_normalized: emails[0]!.toLowerCase(), unsubscribed_at: null });

        const settled = await Promise.allSettled(emails.map((email) => subscribe(db, { email: email.replace("@", "+2@") })));
        expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
        const refused = settled.filter((s) => s.status === "rejected");
        expect(refused).toHaveLength(emails.length - 1);
        for (const s of refused)
          expect(s.reason).toMatchObject({ name: "AppError", code: "conflict", message: ALREADY_SUBSCRIBED_MESSAGE });
      });

      it("lets exactly one of simultaneous sign-ups succeed for an address that had unsubscribed", async () => {
        await subscribe(db, { email: "back@example.com" });
        const { unsubscribe_token: token } = await rowFor("back@example.com");
        await unsubscribe(db, token);
        const answers = await Promise.all(["back@example.com", "Back@example.com"].map((email) => post({ email })));
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
        expect(await rows()).toHaveLength(1);
        expect(await findSubscriptionByToken(db, token)).toMatchObject({ active: true });
      });
    });

    describe("unsubscribe", () => {
      it("ends the subscription by its link's token and leaves the others", async () => {
        await subscribe(db, { email: "ann@example.com" });
        await subscribe(db, { email: "bob@example.com" });
        const ann = await rowFor("ann@example.com");
        expect(await unsubscribe(db, ann.unsubscribe_token)).toBe("ann@example.com");
        const after = await rowFor("ann@example.com");
        expect(after.unsubscribed_at).not.toBeNull();
        expect(Number.isNaN(Date.parse(after.unsubscribed_at!))).toBe(false);
        expect((await rowFor("bob@example.com")).unsubscribed_at).toBeNull();
      });

      it("answers the address again for a link used twice, keeping the first unsubscribe time", async () => {
        await subscribe(db, { email: "ann@example.com" });
        const { unsubscribe_token: token } = await rowFor("ann@example.com");
        await unsubscribe(db, token);
        const first = (await rowFor("ann@example.com")).unsubscribed_at;
        expect(first).not.toBeNull();
        expect(await unsubscribe(db, token)).toBe("ann@example.com");
        expect((await rowFor("ann@example.com")).unsubscribed_at).toBe(first);
      });

      it("knows no subscription for an unknown or malformed token and changes nothing", async () => {
        await subscribe(db, { email: "ann@example.com" });
        const before = await rows();
        expect(before).toHaveLength(1);
        for (const token of ["A".repeat(32), "short", "", "../../etc/passwd", "x".repeat(65), "' OR 1=1 --"]) {
          expect(await unsubscribe(db, token), token).toBeUndefined();
          expect(await findSubscriptionByToken(db, token), token).toBeUndefined();
        }
        expect(await rows()).toEqual(before);
      });
    });
  });
}
