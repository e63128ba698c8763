import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createAdmin, defaultAdminEmail, ensureFirstAdmin, findAdminByEmail, INITIAL_PASSWORD_FILE, signIn } from "./admins.server";
import { verifyPassword } from "./password.server";
import { getActiveSession } from "./sessions.server";
import { LOGIN_FAILURE_LIMIT } from "./throttle.server";

const tempDirs: string[] = [];
const closers: (() => Promise<void>)[] = [];

function freshDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-admins-"));
  tempDirs.push(dataDir);
  const handle = openDatabase({ DATA_DIR: dataDir });
  closers.push(handle.close);
  return { db: handle.db, dataDir };
}

const logger = () => ({ info: vi.fn(), warn: vi.fn() });

afterAll(async () => {
  for (const close of closers) await close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("signIn", () => {
  const { db } = freshDatabase();
  beforeAll(async () => {
    await migrateToLatest(db);
    await createAdmin(db, { email: "Jane@Example.com", name: "Jane", password: "jane's long password" });
  });

  const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();

  it("starts a session for the right password, ignoring the email's case, and logs the attempt with its address", async () => {
    const result = await signIn(db, { email: " JANE@example.com", password: "jane's long password", ip: "203.0.113.5", userAgent: "UA" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.admin).toMatchObject({ email: "jane@example.com", name: "Jane" });
    expect(await getActiveSession(db, result.sessionId)).toBeDefined();
    expect((await auditRows()).at(-1)).toMatchObject({
      action: "auth.login.success",
      actor: "JANE@example.com",
      ip: "203.0.113.5",
      admin_id: result.admin.id,
    });
  });

  it("answers a wrong password and an unknown email alike, logging both as failures", async () => {
    const wrong = await signIn(db, { email: "jane@example.com", password: "not jane's password", ip: "203.0.113.6" });
    const unknown = await signIn(db, { email: "nobody@example.com", password: "whatever password", ip: "203.0.113.6" });
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    expect(unknown).toEqual({ ok: false, reason: "invalid" });
    const rows = (await auditRows()).slice(-2);
    expect(rows.map((row) => [row.action, row.actor, row.ip])).toEqual([
      ["auth.login.failure", "jane@example.com", "203.0.113.6"],
      ["auth.login.failure", "nobody@example.com", "203.0.113.6"],
    ]);
  });

  it("refuses even the right password once the account is throttled, and logs the refusal", async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      await db
        .insertInto("audit_log")
        .values({ action: "auth.login.failure", actor: "jane@example.com", ip: `198.51.100.${i}`, created_at: new Date().toISOString() })
        .execute();
    }
    const result = await signIn(db, { email: "jane@example.com", password: "jane's long password", ip: "203.0.113.7" });
    expect(result).toEqual({ ok: false, reason: "throttled" });
    expect((await auditRows()).at(-1)).toMatchObject({ action: "auth.login.throttled", actor: "jane@example.com", ip: "203.0.113.7" });
  });
});

describe("ensureFirstAdmin", () => {
  it("creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, and leaves an existing one alone", async () => {
    const { db, dataDir } = freshDatabase();
    await migrateToLatest(db);
    const env = { ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "from the environment", DATA_DIR: dataDir, SITE_URL: "https://example.com" };
    await ensureFirstAdmin(db, env, logger());
    const admin = await findAdminByEmail(db, "owner@example.com");
    expect(admin && (await verifyPassword("from the environment", admin.password_hash))).toBe(true);

    await ensureFirstAdmin(db, { ...env, ADMIN_PASSWORD: "a different password" }, logger());
    expect((await findAdminByEmail(db, "owner@example.com"))?.password_hash).toBe(admin?.password_hash);
    expect(fs.existsSync(path.join(dataDir, INITIAL_PASSWORD_FILE))).toBe(false);
  });

  it("without ADMIN_PASSWORD, generates a password once, logs it and writes it for the owner only", async () => {
    const { db, dataDir } = freshDatabase();
    await migrateToLatest(db);
    const env = { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, DATA_DIR: dataDir, SITE_URL: "https://www.flowers.example" };
    const log = logger();
    await ensureFirstAdmin(db, env, log);

    const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
    const password = fs.readFileSync(file, "utf8").trim();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(String(log.warn.mock.calls[0]?.[1])).toContain(password);
    expect(String(log.warn.mock.calls[0]?.[1])).toContain("admin@flowers.example");
    const admin = await findAdminByEmail(db, "admin@flowers.example");
    expect(admin && (await verifyPassword(password, admin.password_hash))).toBe(true);

    const again = logger();
    await ensureFirstAdmin(db, env, again);
    expect(again.warn).not.toHaveBeenCalled();
    expect(fs.readFileSync(file, "utf8").trim()).toBe(password);
  });

  it("names the generated admin after the site's host, or admin@localhost", () => {
    expect(defaultAdminEmail("https://www.wholesaleflowerfinder.com")).toBe("admin@wholesaleflowerfinder.com");
    expect(defaultAdminEmail("http://localhost:3000")).toBe("admin@localhost");
    expect(defaultAdminEmail("http://127.0.0.1:3000")).toBe("admin@localhost");
  });
});
