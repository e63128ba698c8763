import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";
import {
  accountSlowdownSeconds,
  claimLoginAttempt,
  clearLoginAttempts,
  LOGIN_FAILURE_LIMIT,
  LOGIN_THROTTLE_WINDOW_MS,
  settleLoginAttempt,
  type LoginVerdict,
} from "./throttle.server";

const now = new Date("2026-05-10T12:00:00.000Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const ago = (ms: number) => at(-ms);

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`sign-in throttling on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "throttle");
      db = opened.handle.db;
      cleanup = opened.cleanup;
    });
    afterAll(() => cleanup());
    beforeEach(async () => {
      await db.deleteFrom("login_attempts").execute();
    });

    /** `count` attempts, `when` (a minute ago by default): those allowed to be checked were wrong. */
    async function failures(count: number, email: string, ip: string, options: { when?: Date; device?: string } = {}) {
      for (let i = 0; i < count; i++) {
        const verdict = await claimLoginAttempt(db, { email, ip, device: options.device ?? null }, options.when ?? ago(60_000));
        if (verdict.allowed) await settleLoginAttempt(db, verdict.attemptId, "failure", options.when ?? ago(60_000));
      }
    }
    const claim = (email: string, ip: string, when: Date = now, device: string | null = null) =>
      claimLoginAttempt(db, { email, ip, device }, when);
    const verdictOf = (verdict: LoginVerdict) => (verdict.allowed ? "allowed" : verdict.reason);

    it("limits sign-in to 5 failures in 15 minutes", () => {
      expect(LOGIN_FAILURE_LIMIT).toBe(5);
      expect(LOGIN_THROTTLE_WINDOW_MS).toBe(15 * 60_000);
    });

    it("counts 30 attempts sent at once from one address before any is checked: 5 may be checked, 25 are refused", async () => {
      const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => claim(`target${i % 3}@example.com`, "203.0.113.30")));
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(LOGIN_FAILURE_LIMIT);
      expect(verdicts.filter((verdict) => !verdict.allowed && verdict.reason === "throttled")).toHaveLength(30 - LOGIN_FAILURE_LIMIT);
    });

    it("counts 30 attempts sent at once for one account from 30 addresses: 5 may be checked, the rest are slowed", async () => {
      const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => claim("target@example.com", `198.51.100.${i}`)));
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(LOGIN_FAILURE_LIMIT);
      for (const verdict of verdicts.filter((verdict) => !verdict.allowed)) expect(verdict).toMatchObject({ reason: "slowed" });
    });

    it("refuses an address for 15 minutes after 5 failures there, whichever accounts they tried", async () => {
      for (let i = 0; i < 4; i++) await failures(1, `guess${i}@example.com`, "192.0.2.50");
      expect(verdictOf(await claim("fresh@example.com", "192.0.2.50"))).toBe("allowed");
      await db.deleteFrom("login_attempts").where("email", "=", "fresh@example.com").execute();
      await failures(1, "guess4@example.com", "192.0.2.50");
      expect(await claim("fresh@example.com", "192.0.2.50")).toMatchObject({ allowed: false, reason: "throttled", retryAfterSeconds: 900 });
      expect(verdictOf(await claim("fresh@example.com", "192.0.2.51"))).toBe("allowed");
    });

    it("slows an account after 5 failures from browsers it does not know, never refusing it: 1 s after the last, doubling to a minute", async () => {
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) await failures(1, "Jane@Example.com", `198.51.100.${i}`, { when: ago(60_000 - i) });
      // The last failure was a minute ago: the next attempt may be checked at once.
      const first = await claim("jane@example.com", "203.0.113.1");
      expect(first.allowed).toBe(true);
      await settleLoginAttempt(db, first.attemptId, "failure", now);
      // Six failures: a browser the account does not know waits 2 s after the last attempt.
      expect(await claim(" JANE@example.com ", "203.0.113.2", at(1_000))).toMatchObject({
        allowed: false,
        reason: "slowed",
        retryAfterSeconds: 1,
      });
      const later = await claim("jane@example.com", "203.0.113.2", at(2_000));
      expect(later.allowed).toBe(true);
      await settleLoginAttempt(db, later.attemptId, "failure", at(2_000));
      // Seven: 4 s.
      expect(await claim("jane@example.com", "203.0.113.3", at(3_000))).toMatchObject({ reason: "slowed", retryAfterSeconds: 3 });
      expect(accountSlowdownSeconds(5)).toBe(1);
      expect(accountSlowdownSeconds(7)).toBe(4);
      expect(accountSlowdownSeconds(40)).toBe(60);
      // Another account is not slowed.
      expect(verdictOf(await claim("someone-else@example.com", "203.0.113.3", at(3_000)))).toBe("allowed");
    });

    it("never holds back a browser that signed in as the admin before, whatever the account's or the address's failures", async () => {
      await failures(20, "jane@example.com", "192.0.2.60", { when: now });
      expect(verdictOf(await claim("jane@example.com", "192.0.2.60"))).toBe("throttled");
      expect(verdictOf(await claim("jane@example.com", "192.0.2.61"))).toBe("slowed");
      expect(verdictOf(await claim("jane@example.com", "192.0.2.60", now, "janes-laptop-device-id"))).toBe("allowed");
    });

    it("after 5 failures on a known browser, treats it as one the account does not know", async () => {
      await failures(LOGIN_FAILURE_LIMIT, "jane@example.com", "192.0.2.62", { device: "stolen-device-id" });
      // Its address has no failures without the cookie, and the account none from unknown browsers: allowed, as an unknown browser.
      expect(verdictOf(await claim("jane@example.com", "192.0.2.62", now, "stolen-device-id"))).toBe("allowed");
      await failures(LOGIN_FAILURE_LIMIT, "jane@example.com", "192.0.2.63", { when: now });
      expect(verdictOf(await claim("jane@example.com", "192.0.2.64", now, "stolen-device-id"))).toBe("slowed");
      expect(verdictOf(await claim("jane@example.com", "192.0.2.64", now, "another-device-id"))).toBe("allowed");
    });

    it("never counts successful sign-ins or refused attempts", async () => {
      for (let i = 0; i < 20; i++) {
        const verdict = await claim("busy@example.com", "192.0.2.70", ago(60_000));
        await settleLoginAttempt(db, verdict.attemptId, i % 2 ? "success" : "refused", ago(60_000));
      }
      expect(verdictOf(await claim("busy@example.com", "192.0.2.70"))).toBe("allowed");
    });

    it("forgets failures older than 15 minutes: exactly at 15 minutes they no longer count", async () => {
      await failures(4, "edge@example.com", "192.0.2.90", { when: ago(60_000) });
      await failures(1, "edge@example.com", "192.0.2.90", { when: ago(LOGIN_THROTTLE_WINDOW_MS - 1) });
      expect(verdictOf(await claim("fresh@example.com", "192.0.2.90"))).toBe("throttled");
      expect(verdictOf(await claim("fresh@example.com", "192.0.2.90", at(1)))).toBe("allowed");
      await failures(10, "old@example.com", "192.0.2.91", { when: ago(LOGIN_THROTTLE_WINDOW_MS + 1000) });
      expect(verdictOf(await claim("old@example.com", "192.0.2.91"))).toBe("allowed");
    });

    it("unlocks an account (npm run admin -- unlock): its failures are forgotten, for the account and the addresses they came from", async () => {
      await failures(LOGIN_FAILURE_LIMIT, "locked@example.com", "192.0.2.100", { when: now });
      expect(verdictOf(await claim("locked@example.com", "192.0.2.101"))).toBe("slowed");
      expect(await clearLoginAttempts(db, " Locked@Example.com")).toBe(LOGIN_FAILURE_LIMIT + 1);
      expect(verdictOf(await claim("locked@example.com", "192.0.2.100"))).toBe("allowed");
    });
  });
}
