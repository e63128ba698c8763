import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { STATUS_BY_CODE } from "../errors";
import type { MailContext } from "../mail/messages.server";
import { TEST_DATABASES, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { createAdmin } from "./admins.server";
import { PASSWORD_TOO_SHORT_MESSAGE, verifyPassword } from "./password.server";
import {
  findPasswordReset,
  isResetLinkRefusal,
  PASSWORD_RESET_ACTION,
  PASSWORD_RESET_LIFETIME_MS,
  PASSWORD_RESET_REQUEST_ACTION,
  PASSWORD_RESETS_PER_HOUR,
  requestPasswordReset,
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  resetPassword,
} from "./password-reset.server";
import { createSession, getActiveSession } from "./sessions.server";

const MINUTE = 60_000;
const OLD_PASSWORD = "jane's old long password";
const NEW_PASSWORD = "jane's brand new password";
const CONTEXT: MailContext = {
  siteName: "Bloom Finder",
  siteUrl: "https://flowers.example",
  contactEmail: "hi@flowers.example",
  postalAddress: "",
};
const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
const later = (start: Date, ms: number) => new Date(start.getTime() + ms);

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`password reset on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let janeId: number;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "password-reset");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      janeId = (await createAdmin(db, { email: "jane@example.com", name: "Jane", password: OLD_PASSWORD })).id;
    }, 60_000);
    afterAll(() => cleanup());
    beforeEach(async () => {
      await db.deleteFrom("password_resets").execute();
      await db.deleteFrom("mail_outbox").execute();
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("sessions").execute();
    });

    const resets = () => db.selectFrom("password_resets").selectAll().orderBy("id").execute();
    const outbox = () => db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
    const audit = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const passwordHash = async () =>
      (await db.selectFrom("admin_users").select("password_hash").where("id", "=", janeId).executeTakeFirstOrThrow()).password_hash;
    /** The token of the link in the latest message. */
    const latestToken = async () => {
      const text = (await outbox()).at(-1)?.text ?? "";
      const match = /https:\/\/flowers\.example\/admin\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text);
      if (!match) throw new Error(`no reset link in: ${text}`);
      return match[1]!;
    };
    const askForLink = async (now = new Date()) => {
      await requestPasswordReset(db, "jane@example.com", CONTEXT, { ip: "203.0.113.5" }, now);
      return latestToken();
    };

    describe("requestPasswordReset", () => {
      it("for an admin's address (any case), stores only the token's hash, valid 30 minutes, and queues the message with the link", async () => {
        const now = new Date("2030-05-01T10:00:00.000Z");
        expect(await requestPasswordReset(db, "  JANE@Example.com ", CONTEXT, { ip: "203.0.113.5" }, now)).toEqual({
          message: RESET_REQUESTED_MESSAGE,
        });
        const [row, ...others] = await resets();
        expect(others).toEqual([]);
        expect(row).toMatchObject({
          admin_id: janeId,
          created_at: now.toISOString(),
          expires_at: later(now, PASSWORD_RESET_LIFETIME_MS).toISOString(),
          used_at: null,
        });
        const mails = await outbox();
        expect(mails).toHaveLength(1);
        expect(mails[0]).toMatchObject({ kind: "password-reset", recipient: "jane@example.com", status: "queued" });
        const token = await latestToken();
        expect(row!.token_hash).toBe(sha256(token));
        expect(row!.token_hash).not.toContain(token);
        expect(mails[0]!.html).toContain(`https://flowers.example/admin/reset-password?token=${token}`);
        expect((await audit()).map((entry) => [entry.action, entry.admin_id, entry.ip, entry.details])).toEqual([
          [PASSWORD_RESET_REQUEST_ACTION, janeId, "203.0.113.5", JSON.stringify({ sent: true })],
        ]);
      });

      it("answers an unknown or empty address the same, and stores and sends nothing", async () => {
        for (const email of ["nobody@example.com", "", "not an address"]) {
          expect(await requestPasswordReset(db, email, CONTEXT)).toEqual({ message: RESET_REQUESTED_MESSAGE });
        }
        expect(await resets()).toEqual([]);
        expect(await outbox()).toEqual([]);
        expect(await audit()).toEqual([]);
      });

      it(`sends at most ${PASSWORD_RESETS_PER_HOUR} unused links an hour, answering the rest the same`, async () => {
        const start = new Date();
        for (let i = 0; i < PASSWORD_RESETS_PER_HOUR + 2; i++) {
          expect(await requestPasswordReset(db, "jane@example.com", CONTEXT, {}, later(start, i * MINUTE))).toEqual({
            message: RESET_REQUESTED_MESSAGE,
          });
        }
        expect(await resets()).toHaveLength(PASSWORD_RESETS_PER_HOUR);
        expect(await outbox()).toHaveLength(PASSWORD_RESETS_PER_HOUR);
        expect((await audit()).map((entry) => JSON.parse(entry.details ?? "{}") as unknown)).toEqual([
          { sent: true },
          { sent: true },
          { sent: true },
          { sent: false },
          { sent: false },
        ]);
        // An hour after the first, one more may go.
        await requestPasswordReset(db, "jane@example.com", CONTEXT, {}, later(start, 60 * MINUTE + 1));
        expect(await resets()).toHaveLength(PASSWORD_RESETS_PER_HOUR + 1);
      });

      it("counts requests sent at once one after another", async () => {
        await Promise.all(Array.from({ length: 8 }, () => requestPasswordReset(db, "jane@example.com", CONTEXT)));
        expect(await resets()).toHaveLength(PASSWORD_RESETS_PER_HOUR);
        expect(await outbox()).toHaveLength(PASSWORD_RESETS_PER_HOUR);
      });

      it("deletes links asked for more than a day ago", async () => {
        const now = new Date();
        await requestPasswordReset(db, "jane@example.com", CONTEXT, {}, later(now, -25 * 60 * MINUTE));
        await requestPasswordReset(db, "jane@example.com", CONTEXT, {}, later(now, -23 * 60 * MINUTE));
        expect(await resets()).toHaveLength(2);
        await requestPasswordReset(db, "nobody@example.com", CONTEXT, {}, now);
        expect((await resets()).map((row) => row.created_at)).toEqual([later(now, -23 * 60 * MINUTE).toISOString()]);
      });
    });

    describe("findPasswordReset", () => {
      it("says a link is live, with whose it is, until it expires; a malformed or unknown token is not", async () => {
        const now = new Date();
        const token = await askForLink(now);
        expect(await findPasswordReset(db, token, now)).toEqual({ live: true, email: "jane@example.com" });
        expect(await findPasswordReset(db, token, later(now, PASSWORD_RESET_LIFETIME_MS - 1))).toEqual({
          live: true,
          email: "jane@example.com",
        });
        expect(await findPasswordReset(db, token, later(now, PASSWORD_RESET_LIFETIME_MS))).toEqual({ live: false });
        expect(await findPasswordReset(db, "A".repeat(43), now)).toEqual({ live: false });
        expect(await findPasswordReset(db, `${token}x`, now)).toEqual({ live: false });
        expect(await findPasswordReset(db, "", now)).toEqual({ live: false });
      });
    });

    describe("resetPassword", () => {
      it("sets the new password, ends every session of the admin, spends the admin's other links and logs it", async () => {
        const other = await askForLink();
        const token = await askForLink();
        const sessions = [await createSession(db, janeId), await createSession(db, janeId)];
        const result = await resetPassword(db, token, NEW_PASSWORD, { ip: "198.51.100.7" });
        expect(result).toEqual({ adminId: janeId, email: "jane@example.com", endedSessions: 2 });
        expect(await verifyPassword(NEW_PASSWORD, await passwordHash())).toBe(true);
        expect(await verifyPassword(OLD_PASSWORD, await passwordHash())).toBe(false);
        for (const session of sessions) expect(await getActiveSession(db, session.id)).toBeUndefined();
        expect((await resets()).every((row) => row.used_at !== null)).toBe(true);
        expect(await findPasswordReset(db, other)).toEqual({ live: false });
        expect((await audit()).at(-1)).toMatchObject({
          action: PASSWORD_RESET_ACTION,
          admin_id: janeId,
          actor: "jane@example.com",
          ip: "198.51.100.7",
          entity_id: String(janeId),
        });
        // The link works once.
        const again = await rejection(resetPassword(db, token, "yet another long password"));
        expect([again.message, STATUS_BY_CODE[again.code], isResetLinkRefusal(again)]).toEqual([RESET_LINK_EXPIRED_MESSAGE, 400, true]);
        expect(await verifyPassword(NEW_PASSWORD, await passwordHash())).toBe(true);
      }, 60_000);

      it("refuses an expired, unknown or malformed link with the expired message, changing nothing", async () => {
        const now = new Date();
        const token = await askForLink(now);
        const before = await passwordHash();
        for (const [what, attempt] of [
          ["expired", () => resetPassword(db, token, NEW_PASSWORD, {}, later(now, PASSWORD_RESET_LIFETIME_MS + 1))],
          ["unknown", () => resetPassword(db, crypto.randomBytes(32).toString("base64url"), NEW_PASSWORD)],
          ["malformed", () => resetPassword(db, "../../etc/passwd", NEW_PASSWORD)],
        ] as const) {
          const error = await rejection(attempt());
          expect([what, error.message, STATUS_BY_CODE[error.code]]).toEqual([what, RESET_LINK_EXPIRED_MESSAGE, 400]);
        }
        expect(await passwordHash()).toBe(before);
        expect((await resets())[0]!.used_at).toBeNull();
      });

      it("refuses a link whose expiry was set in the past (the row as stored decides)", async () => {
        const token = await askForLink();
        await db
          .updateTable("password_resets")
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .execute();
        expect((await rejection(resetPassword(db, token, NEW_PASSWORD))).message).toBe(RESET_LINK_EXPIRED_MESSAGE);
      });

      it("refuses a short password with the field's message and leaves the link live", async () => {
        const token = await askForLink();
        const error = await rejection(resetPassword(db, token, "short"));
        expect([error.message, error.fieldErrors, STATUS_BY_CODE[error.code]]).toEqual([
          PASSWORD_TOO_SHORT_MESSAGE,
          { password: PASSWORD_TOO_SHORT_MESSAGE },
          400,
        ]);
        expect(await findPasswordReset(db, token)).toEqual({ live: true, email: "jane@example.com" });
      });

      it("lets only one of two posts at once use a link", async () => {
        const token = await askForLink();
        const results = await Promise.allSettled([
          resetPassword(db, token, "first racer's password"),
          resetPassword(db, token, "second racer's password"),
        ]);
        expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
        const refused = results.find((result) => result.status === "rejected");
        expect(isResetLinkRefusal(refused?.reason)).toBe(true);
        expect((await audit()).filter((entry) => entry.action === PASSWORD_RESET_ACTION)).toHaveLength(1);
        const hash = await passwordHash();
        const winner = (await verifyPassword("first racer's password", hash)) ? "first" : "second";
        expect(await verifyPassword(`${winner} racer's password`, hash)).toBe(true);
      }, 60_000);
    });
  });
}
