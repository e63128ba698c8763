import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/schema";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";
import { createAdmin, defaultAdminEmail, ensureFirstAdmin, findAdminByEmail, INITIAL_PASSWORD_FILE, signIn } from "./admins.server";
import { verifyPassword } from "./password.server";
import { getActiveSession } from "./sessions.server";
import { LOGIN_FAILURE_LIMIT, LOGIN_THROTTLE_WINDOW_MS } from "./throttle.server";

const logger = () => ({ info: vi.fn(), warn: vi.fn() });

const PASSWORD = "jane's long password";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`signIn on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let janeId: number;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "admins");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      janeId = (await createAdmin(db, { email: "Jane@Example.com", name: "Jane", password: PASSWORD })).id;
    });
    afterAll(() => cleanup());
    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("login_attempts").execute();
      await db.deleteFrom("sessions").execute();
    });

    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const failure = (email: string, ip: string, createdAt: string) =>
      db.insertInto("login_attempts").values({ email, ip, device: null, outcome: "failure", created_at: createdAt }).execute();

    it("starts a session for the right password, ignoring the email's case, and logs the attempt with its address", async () => {
      const result = await signIn(db, { email: " JANE@example.com", password: PASSWORD, ip: "203.0.113.5", userAgent: "UA" });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.admin).toMatchObject({ id: janeId, email: "jane@example.com", name: "Jane" });
      expect(await getActiveSession(db, result.sessionId)).toMatchObject({ admin: { id: janeId } });
      expect((await auditRows()).at(-1)).toMatchObject({
        action: "auth.login.success",
        actor: "JANE@example.com",
        ip: "203.0.113.5",
        admin_id: janeId,
      });
    });

    it("gives a new session id at each sign-in", async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const result = await signIn(db, { email: "jane@example.com", password: PASSWORD, ip: "203.0.113.5" });
        if (!result.ok) throw new Error(`sign-in ${i} refused: ${result.reason}`);
        ids.add(result.sessionId);
      }
      expect(ids.size).toBe(3);
      expect(await db.selectFrom("sessions").select("id_hash").where("admin_id", "=", janeId).execute()).toHaveLength(3);
    }, 60_000);

    it("answers a wrong password and an unknown email alike, logging both as failures", async () => {
      const wrong = await signIn(db, { email: "jane@example.com", password: "not jane's password", ip: "203.0.113.6" });
      const unknown = await signIn(db, { email: "nobody@example.com", password: "whatever password", ip: "203.0.113.6" });
      expect(wrong).toEqual({ ok: false, reason: "invalid" });
      expect(unknown).toEqual({ ok: false, reason: "invalid" });
      expect((await auditRows()).map((row) => [row.action, row.actor, row.ip])).toEqual([
        ["auth.login.failure", "jane@example.com", "203.0.113.6"],
        ["auth.login.failure", "nobody@example.com", "203.0.113.6"],
      ]);
      expect(await db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    }, 60_000);

    it("after 5 wrong passwords for the account from elsewhere, slows a new browser (the refusal logged) and lets a known one in", async () => {
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
        const attempt = await signIn(db, { email: "jane@example.com", password: `wrong guess ${i}`, ip: `198.51.100.${i}` });
        expect(attempt).toEqual({ ok: false, reason: "invalid" });
      }
      const result = await signIn(db, { email: "Jane@example.com", password: PASSWORD, ip: "203.0.113.7" });
      expect(result).toEqual({ ok: false, reason: "slowed", retryAfterSeconds: 1 });
      expect((await auditRows()).at(-1)).toMatchObject({ action: "auth.login.throttled", actor: "Jane@example.com", ip: "203.0.113.7" });
      expect(await db.selectFrom("sessions").selectAll().execute()).toEqual([]);
      // From a browser Jane signed in on before, the right password gets in at once.
      const known = await signIn(db, { email: "Jane@example.com", password: PASSWORD, ip: "203.0.113.7", device: "janes-laptop-device" });
      expect(known.ok).toBe(true);
      // And a second later, so does a new browser: the account is slowed, not locked.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await signIn(db, { email: "jane@example.com", password: PASSWORD, ip: "203.0.113.8" })).ok).toBe(true);
    }, 120_000); // eight scrypt checks of 128 MiB each

    it("refuses the 6th attempt from an address after 5 failures there, whichever accounts they tried", async () => {
      const recent = new Date(Date.now() - 60_000).toISOString();
      for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) await failure(`guess${i}@example.com`, "192.0.2.33", recent);
      expect(await signIn(db, { email: "guess4@example.com", password: "a guessed password", ip: "192.0.2.33" })).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(await signIn(db, { email: "jane@example.com", password: PASSWORD, ip: "192.0.2.33" })).toEqual({
        ok: false,
        reason: "throttled",
        retryAfterSeconds: 900,
      });
      // Jane herself is not locked out from another address.
      expect((await signIn(db, { email: "jane@example.com", password: PASSWORD, ip: "192.0.2.34" })).ok).toBe(true);
    }, 60_000);

    it("does not count failures older than 15 minutes", async () => {
      const old = new Date(Date.now() - LOGIN_THROTTLE_WINDOW_MS - 60_000).toISOString();
      for (let i = 0; i < 10; i++) await failure("jane@example.com", "192.0.2.44", old);
      const recent = new Date(Date.now() - 60_000).toISOString();
      for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) await failure("jane@example.com", "192.0.2.44", recent);
      expect((await signIn(db, { email: "jane@example.com", password: PASSWORD, ip: "192.0.2.44" })).ok).toBe(true);
      await failure("jane@example.com", "192.0.2.44", recent);
      expect(await signIn(db, { email: "jane@example.com", password: PASSWORD, ip: "192.0.2.44" })).toEqual({
        ok: false,
        reason: "throttled",
        retryAfterSeconds: 900,
      });
    });
  });

  describe.runIf(database.enabled)(`ensureFirstAdmin on ${database.name}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups) await cleanup();
    });

    async function fresh() {
      const opened = await openTestDatabase(database.name, "first-admin");
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-first-admin-"));
      cleanups.push(opened.cleanup, async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      return { db: opened.handle.db, dataDir };
    }

    it("creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, and leaves an existing one alone", async () => {
      const { db, dataDir } = await fresh();
      const env = {
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "from the environment",
        DATA_DIR: dataDir,
        SITE_URL: "https://example.com",
      };
      await ensureFirstAdmin(db, env, logger());
      const admin = await findAdminByEmail(db, "owner@example.com");
      expect(admin && (await verifyPassword("from the environment", admin.password_hash))).toBe(true);

      await ensureFirstAdmin(db, { ...env, ADMIN_PASSWORD: "a different password" }, logger());
      expect((await findAdminByEmail(db, "owner@example.com"))?.password_hash).toBe(admin?.password_hash);
      expect(fs.existsSync(path.join(dataDir, INITIAL_PASSWORD_FILE))).toBe(false);
    }, 60_000);

    it("without ADMIN_PASSWORD, generates a password once and writes it for the owner only; the log says where, not what", async () => {
      const { db, dataDir } = await fresh();
      const env = { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, DATA_DIR: dataDir, SITE_URL: "https://www.flowers.example" };
      const log = logger();
      await ensureFirstAdmin(db, env, log);

      const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
      const password = fs.readFileSync(file, "utf8").trim();
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(String(log.warn.mock.calls[0]?.[1])).not.toContain(password);
      expect(JSON.stringify(log.warn.mock.calls[0])).not.toContain(password);
      expect(String(log.warn.mock.calls[0]?.[1])).toContain(file);
      expect(String(log.warn.mock.calls[0]?.[1])).toContain("admin@flowers.example");
      const admin = await findAdminByEmail(db, "admin@flowers.example");
      expect(admin && (await verifyPassword(password, admin.password_hash))).toBe(true);

      const again = logger();
      await ensureFirstAdmin(db, env, again);
      expect(again.warn).not.toHaveBeenCalled();
      expect(fs.readFileSync(file, "utf8").trim()).toBe(password);
    }, 60_000);
  });
}

describe("defaultAdminEmail", () => {
  it("names the generated admin after the site's host, or admin@localhost", () => {
    expect(defaultAdminEmail("https://www.wholesaleflowerfinder.com")).toBe("admin@wholesaleflowerfinder.com");
    expect(defaultAdminEmail("http://localhost:3000")).toBe("admin@localhost");
    expect(defaultAdminEmail("http://127.0.0.1:3000")).toBe("admin@localhost");
  });
});
