import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { apiResponse } from "~/http/api.server";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";
import type { MailContext } from "../mail/messages.server";
import {
  CHECK_INBOX_MESSAGE,
  confirmSubscription,
  CONFIRM_RESEND_MS,
  findConfirmation,
  findSubscriptionByToken,
  INVALID_EMAIL_MESSAGE,
  removeStalePending,
  subscribe as subscribeWith,
  unsubscribe,
} from "./newsletter.server";

const CONTEXT: MailContext = {
  siteName: "Wholesale Flower Finder",
  siteUrl: "https://flowers.example",
  contactEmail: "hello@flowers.example",
  postalAddress: "",
};

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
      await db.deleteFrom("mail_outbox").execute();
      await db.deleteFrom("mail_undeliverable").execute();
    });

    const subscribe = (database: Kysely<Database>, body: unknown, now?: Date) => subscribeWith(database, body, CONTEXT, now);
    const mails = () => db.selectFrom("mail_outbox").select(["kind", "recipient", "subject", "text", "status"]).orderBy("id").execute();
    const linkIn = (text: string, path: string) => new RegExp(`https://flowers\\.example${path}\\?token=([\\w-]+)`).exec(text)?.[1];

    const rows = () => db.selectFrom("newsletter_subscribers").selectAll().orderBy("id").execute();
    const rowFor = async (normalized: string) =>
      db.selectFrom("newsletter_subscribers").selectAll().where("email_normalized", "=", normalized).executeTakeFirstOrThrow();
    /** What POST /api/newsletter/subscribe answers for this body. */
    const post = async (body: unknown) => {
      const response = await apiResponse(() => subscribe(db, body), { status: 202 });
      return { status: response.status, body: (await response.json()) as { message: string; errors?: Record<string, string> } };
    };

    describe("subscribe", () => {
      it("stores a new address as pending with its own tokens, queues one confirmation whose link confirms, and answers 202", async () => {
        expect(await post({ email: "  Ann.Lee@Example.com " })).toEqual({ status: 202, body: { message: CHECK_INBOX_MESSAGE } });
        const stored = await rows();
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({
          email: "Ann.Lee@Example.com",
          email_normalized: "ann.lee@example.com",
          status: "pending",
          confirmed_at: null,
        });
        expect(stored[0]!.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(stored[0]!.confirm_token).toMatch(/^[A-Za-z0-9_-]{32}$/);

        const [mail, ...others] = await mails();
        expect(others).toEqual([]);
        expect(mail).toMatchObject({
          kind: "confirm",
          recipient: "Ann.Lee@Example.com",
          subject: "Confirm your subscription to Wholesale Flower Finder",
          status: "queued",
        });
        const token = linkIn(mail!.text, "/newsletter/confirm");
        expect(token).toBe(stored[0]!.confirm_token);

        // Reading the link (a GET) changes nothing; confirming does, once.
        expect(await findConfirmation(db, token!)).toEqual({ state: "pending", email: "Ann.Lee@Example.com" });
        expect((await rowFor("ann.lee@example.com")).status).toBe("pending");
        expect(await confirmSubscription(db, token!)).toEqual({ state: "confirmed", email: "Ann.Lee@Example.com" });
        const confirmed = await rowFor("ann.lee@example.com");
        expect(confirmed.status).toBe("confirmed");
        expect(confirmed.confirmed_at).not.toBeNull();
        expect(await confirmSubscription(db, token!)).toEqual({ state: "confirmed", email: "Ann.Lee@Example.com" });
        expect((await rowFor("ann.lee@example.com")).confirmed_at).toBe(confirmed.confirmed_at);
      });

      it("answers a pending and a confirmed address exactly as a new one; the mail differs and comes at most once an hour", async () => {
        const t0 = new Date("2026-12-01T10:00:00.000Z");
        const answer = { message: CHECK_INBOX_MESSAGE };
        expect(await subscribe(db, { email: "ann@example.com" }, t0)).toEqual(answer);
        // Pending, within the hour: the same answer, no second message.
        expect(await subscribe(db, { email: "ANN@example.com" }, new Date(t0.getTime() + 60_000))).toEqual(answer);
        expect((await mails()).map((m) => m.kind)).toEqual(["confirm"]);
        // Pending, an hour later: the same link again.
        await subscribe(db, { email: "ann@example.com" }, new Date(t0.getTime() + CONFIRM_RESEND_MS));
        const [first, second] = await mails();
        expect(second?.kind).toBe("confirm");
        expect(linkIn(second!.text, "/newsletter/confirm")).toBe(linkIn(first!.text, "/newsletter/confirm"));

        await confirmSubscription(db, (await rowFor("ann@example.com")).confirm_token!);
        // Confirmed: "you are already subscribed", with the unsubscribe link, at most once an hour.
        const t2 = new Date(t0.getTime() + 2 * CONFIRM_RESEND_MS);
        expect(await subscribe(db, { email: "ann@example.com" }, t2)).toEqual(answer);
        expect(await subscribe(db, { email: "ann@example.com" }, new Date(t2.getTime() + 1000))).toEqual(answer);
        const all = await mails();
        expect(all.map((m) => m.kind)).toEqual(["confirm", "confirm", "already-subscribed"]);
        expect(linkIn(all[2]!.text, "/newsletter/unsubscribe")).toBe((await rowFor("ann@example.com")).unsubscribe_token);
        expect((await rowFor("ann@example.com")).status).toBe("confirmed");
        expect(await rows()).toHaveLength(1);
      });

      it.each([[{ email: "not-an-email" }], [{ email: "" }], [{ email: `${"a".repeat(250)}@example.com` }], [{}], [null], [{ email: 42 }]])(
        "answers 400 with a message next to the field for %o and stores nothing",
        async (body) => {
          expect(await post(body)).toEqual({
            status: 400,
            body: { message: INVALID_EMAIL_MESSAGE, errors: { email: INVALID_EMAIL_MESSAGE } },
          });
          expect(await rows()).toEqual([]);
          expect(await mails()).toEqual([]);
        },
      );

      it("subscribes an address again after it unsubscribed: pending again with a new confirmation link, same unsubscribe link", async () => {
        await subscribe(db, { email: "ann@example.com" });
        const first = await rowFor("ann@example.com");
        await confirmSubscription(db, first.confirm_token!);
        await db.updateTable("newsletter_subscribers").set({ created_at: "2025-01-01T00:00:00.000Z" }).where("id", "=", first.id).execute();
        expect(await unsubscribe(db, first.unsubscribe_token)).toBe("ann@example.com");
        expect(await findSubscriptionByToken(db, first.unsubscribe_token)).toEqual({ email: "ann@example.com", active: false });
        expect(await findConfirmation(db, first.confirm_token!)).toEqual({ state: "unknown" });

        expect(await post({ email: "Ann@Example.com" })).toEqual({ status: 202, body: { message: CHECK_INBOX_MESSAGE } });
        const again = await rowFor("ann@example.com");
        expect(await rows()).toHaveLength(1);
        expect(again).toMatchObject({
          id: first.id,
          email: "Ann@Example.com",
          status: "pending",
          unsubscribed_at: null,
          unsubscribe_token: first.unsubscribe_token,
        });
        expect(again.confirm_token).not.toBe(first.confirm_token);
        expect(again.created_at > "2025-01-01T00:00:00.000Z").toBe(true);
        expect((await mails()).map((m) => m.kind)).toEqual(["confirm", "confirm"]);
        expect(await confirmSubscription(db, again.confirm_token!)).toEqual({ state: "confirmed", email: "Ann@Example.com" });
      });

      it("sends nothing to an address refused for good, with the same answer", async () => {
        await db
          .insertInto("mail_undeliverable")
          .values({ address_normalized: "gone@example.com", reason: "550 no such user", created_at: new Date().toISOString() })
          .execute();
        expect(await post({ email: "Gone@example.com" })).toEqual({ status: 202, body: { message: CHECK_INBOX_MESSAGE } });
        expect(await mails()).toMatchObject([{ kind: "confirm", status: "failed" }]);
        await db.updateTable("newsletter_subscribers").set({ status: "undeliverable" }).execute();
        expect(await post({ email: "gone@example.com" })).toEqual({ status: 202, body: { message: CHECK_INBOX_MESSAGE } });
        expect(await mails()).toHaveLength(1);
      });

      it.each([
        ["the same address", ["new@example.com", "new@example.com"]],
        ["the same address in different cases", ["New@Example.com", "new@EXAMPLE.com"]],
        [
          "the same address five times",
          ["five@example.com", "Five@example.com", "FIVE@example.com", "five@Example.com", "five@example.COM"],
        ],
      ])("stores one row and queues one confirmation for simultaneous sign-ups of %s, each answered 202", async (_label, emails) => {
        const answers = await Promise.all(emails.map((email) => post({ email })));
        expect(answers.map((a) => a.status)).toEqual(Array<number>(emails.length).fill(202));
        const stored = await rows();
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({ email_normalized: emails[0]!.toLowerCase(), status: "pending" });
        expect((await mails()).map((m) => m.kind)).toEqual(["confirm"]);
      });

      it("removes subscriptions still pending after 14 days, and no other", async () => {
        const old = new Date("2026-11-01T00:00:00.000Z");
        await subscribe(db, { email: "never@example.com" }, old);
        await subscribe(db, { email: "confirmed@example.com" }, old);
        await confirmSubscription(db, (await rowFor("confirmed@example.com")).confirm_token!);
        await subscribe(db, { email: "recent@example.com" }, new Date("2026-11-20T00:00:00.000Z"));
        expect(await removeStalePending(db, new Date("2026-11-21T00:00:00.000Z"))).toBe(1);
        expect((await rows()).map((r) => r.email_normalized).sort()).toEqual(["confirmed@example.com", "recent@example.com"]);
      });
    });

    describe("unsubscribe", () => {
      it("ends the subscription by its link's token and leaves the others", async () => {
        await subscribe(db, { email: "ann@example.com" });
        await subscribe(db, { email: "bob@example.com" });
        const ann = await rowFor("ann@example.com");
        await confirmSubscription(db, ann.confirm_token!);
        expect(await unsubscribe(db, ann.unsubscribe_token)).toBe("ann@example.com");
        const after = await rowFor("ann@example.com");
        expect(after.status).toBe("unsubscribed");
        expect(Number.isNaN(Date.parse(after.unsubscribed_at!))).toBe(false);
        expect((await rowFor("bob@example.com")).status).toBe("pending");
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
          expect(await confirmSubscription(db, token), token).toEqual({ state: "unknown" });
        }
        expect(await rows()).toEqual(before);
      });
    });
  });
}
