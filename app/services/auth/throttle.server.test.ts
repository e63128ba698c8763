import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { recordAudit } from "../audit/audit.server";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";
import {
  isLoginThrottled,
  LOGIN_FAILURE_ACTION,
  LOGIN_FAILURE_LIMIT,
  LOGIN_SUCCESS_ACTION,
  LOGIN_THROTTLE_WINDOW_MS,
  LOGIN_THROTTLED_ACTION,
} from "./throttle.server";

const now = new Date("2026-05-10T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

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
      await db.deleteFrom("audit_log").execute();
    });

    async function attempts(action: string, count: number, actor: string, ip: string, when = ago(60_000)) {
      for (let i = 0; i < count; i++) await recordAudit(db, { action, actor, ip }, when);
    }

    it("limits sign-in to 5 failures in 15 minutes", () => {
      expect(LOGIN_FAILURE_LIMIT).toBe(5);
      expect(LOGIN_THROTTLE_WINDOW_MS).toBe(15 * 60_000);
    });

    it("blocks an account after 5 failures within 15 minutes, from any address, whatever the case of the email", async () => {
      await attempts(LOGIN_FAILURE_ACTION, 4, "Target@Example.com", "198.51.100.1");
      expect(await isLoginThrottled(db, { email: "target@example.com", ip: "198.51.100.2" }, now)).toBe(false);
      await attempts(LOGIN_FAILURE_ACTION, 1, "target@example.com", "198.51.100.3");
      expect(await isLoginThrottled(db, { email: " TARGET@example.com ", ip: "198.51.100.4" }, now)).toBe(true);
      expect(await isLoginThrottled(db, { email: "someone-else@example.com", ip: "198.51.100.4" }, now)).toBe(false);
    });

    it("blocks an address after 5 failures within 15 minutes, whichever accounts they tried", async () => {
      for (let i = 0; i < 4; i++) await attempts(LOGIN_FAILURE_ACTION, 1, `guess${i}@example.com`, "192.0.2.50");
      expect(await isLoginThrottled(db, { email: "fresh@example.com", ip: "192.0.2.50" }, now)).toBe(false);
      await attempts(LOGIN_FAILURE_ACTION, 1, "guess4@example.com", "192.0.2.50");
      expect(await isLoginThrottled(db, { email: "fresh@example.com", ip: "192.0.2.50" }, now)).toBe(true);
      expect(await isLoginThrottled(db, { email: "fresh@example.com", ip: "192.0.2.51" }, now)).toBe(false);
    });

    it("never counts successful sign-ins, so admins sharing an address do not lock it", async () => {
      await attempts(LOGIN_SUCCESS_ACTION, 20, "busy@example.com", "192.0.2.60");
      expect(await isLoginThrottled(db, { email: "busy@example.com", ip: "192.0.2.60" }, now)).toBe(false);
    });

    it("does not let refused attempts extend the block", async () => {
      await attempts(LOGIN_THROTTLED_ACTION, 50, "patient@example.com", "192.0.2.70");
      expect(await isLoginThrottled(db, { email: "patient@example.com", ip: "192.0.2.70" }, now)).toBe(false);
    });

    it("lifts the block once the failures are older than 15 minutes", async () => {
      await attempts(LOGIN_FAILURE_ACTION, 5, "waited@example.com", "192.0.2.80", ago(LOGIN_THROTTLE_WINDOW_MS + 1000));
      expect(await isLoginThrottled(db, { email: "waited@example.com", ip: "192.0.2.80" }, now)).toBe(false);
      await attempts(LOGIN_FAILURE_ACTION, 5, "recent@example.com", "192.0.2.81", ago(LOGIN_THROTTLE_WINDOW_MS - 1000));
      expect(await isLoginThrottled(db, { email: "recent@example.com", ip: "192.0.2.81" }, now)).toBe(true);
    });

    it("counts a failure until exactly 15 minutes have passed, not at 15 minutes", async () => {
      await attempts(LOGIN_FAILURE_ACTION, 4, "edge@example.com", "192.0.2.90", ago(60_000));
      await attempts(LOGIN_FAILURE_ACTION, 1, "edge@example.com", "192.0.2.90", ago(LOGIN_THROTTLE_WINDOW_MS - 1));
      expect(await isLoginThrottled(db, { email: "edge@example.com", ip: "192.0.2.91" }, now)).toBe(true);
      expect(await isLoginThrottled(db, { email: "edge@example.com", ip: "192.0.2.91" }, new Date(now.getTime() + 1))).toBe(false);
    });

    it("adds old and recent failures only within the window: 4 old and 4 recent do not block", async () => {
      await attempts(LOGIN_FAILURE_ACTION, 4, "mixed@example.com", "192.0.2.100", ago(LOGIN_THROTTLE_WINDOW_MS + 60_000));
      await attempts(LOGIN_FAILURE_ACTION, 4, "mixed@example.com", "192.0.2.100", ago(60_000));
      expect(await isLoginThrottled(db, { email: "mixed@example.com", ip: "192.0.2.100" }, now)).toBe(false);
      await attempts(LOGIN_FAILURE_ACTION, 1, "mixed@example.com", "192.0.2.100", ago(30_000));
      expect(await isLoginThrottled(db, { email: "mixed@example.com", ip: "192.0.2.100" }, now)).toBe(true);
    });
  });
}
