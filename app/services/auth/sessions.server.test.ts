import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { changeAdminPassword } from "./admins.server";
import { UNMATCHABLE_HASH } from "./password.server";
import {
  createSession,
  deleteAdminSessions,
  deleteExpiredSessions,
  deleteSession,
  getActiveSession,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from "./sessions.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-sessions-"));
const handle = openDatabase({ DATA_DIR: dataDir });
const db = handle.db;

const MINUTE = 60_000;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

async function addAdmin(email: string): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("admin_users")
    .values({ email, name: null, password_hash: UNMATCHABLE_HASH, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

const sessionRows = (adminId: number) => db.selectFrom("sessions").selectAll().where("admin_id", "=", adminId).execute();

beforeAll(() => migrateToLatest(db));
afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("sessions", () => {
  it("gives a random 256-bit id to the browser and keeps only its hash", async () => {
    const adminId = await addAdmin("create@example.com");
    const client = { ip: "203.0.113.9", userAgent: "Test Browser" };
    const first = await createSession(db, adminId, client);
    const second = await createSession(db, adminId, client);
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.id).not.toBe(second.id);
    const rows = await sessionRows(adminId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.id_hash).not.toBe(first.id);
      expect(row.id_hash).not.toBe(second.id);
      expect(row).toMatchObject({ ip: "203.0.113.9", user_agent: "Test Browser" });
    }
    expect(await getActiveSession(db, first.id)).toMatchObject({ admin: { id: adminId, email: "create@example.com" } });
  });

  it("knows no session for an unknown or malformed id", async () => {
    expect(await getActiveSession(db, "A".repeat(43))).toBeUndefined();
    expect(await getActiveSession(db, "not a session id")).toBeUndefined();
  });

  it("ends after 2 hours without a request and deletes the row", async () => {
    const adminId = await addAdmin("idle@example.com");
    const start = new Date("2026-03-01T10:00:00.000Z");
    const { id } = await createSession(db, adminId, {}, start);
    expect(await getActiveSession(db, id, at(start, SESSION_IDLE_TIMEOUT_MS - MINUTE))).toBeDefined();
    const again = at(start, SESSION_IDLE_TIMEOUT_MS - MINUTE);
    expect(await getActiveSession(db, id, at(again, SESSION_IDLE_TIMEOUT_MS))).toBeUndefined();
    expect(await sessionRows(adminId)).toHaveLength(0);
  });

  it("counts idleness from the last request, writing last_seen_at at most once a minute", async () => {
    const adminId = await addAdmin("touch@example.com");
    const start = new Date("2026-03-01T10:00:00.000Z");
    const { id } = await createSession(db, adminId, {}, start);
    await getActiveSession(db, id, at(start, 30_000));
    expect((await sessionRows(adminId))[0]?.last_seen_at).toBe(start.toISOString());
    const seen = at(start, 90 * MINUTE);
    await getActiveSession(db, id, seen);
    expect((await sessionRows(adminId))[0]?.last_seen_at).toBe(seen.toISOString());
    // 3 hours after sign-in, but only 1.5 hours after the last request.
    expect(await getActiveSession(db, id, at(start, 180 * MINUTE))).toBeDefined();
  });

  it("ends 7 days after sign-in however active it is", async () => {
    const adminId = await addAdmin("absolute@example.com");
    const start = new Date("2026-03-01T10:00:00.000Z");
    const { id, expiresAt } = await createSession(db, adminId, {}, start);
    expect(expiresAt.toISOString()).toBe(at(start, SESSION_ABSOLUTE_TIMEOUT_MS).toISOString());
    let now = start;
    while (now.getTime() + 60 * MINUTE < expiresAt.getTime()) {
      now = at(now, 60 * MINUTE);
      expect(await getActiveSession(db, id, now), now.toISOString()).toBeDefined();
    }
    expect(await getActiveSession(db, id, at(expiresAt, 1000))).toBeUndefined();
  });

  it("ends one session on logout and leaves the admin's others", async () => {
    const adminId = await addAdmin("logout@example.com");
    const phone = await createSession(db, adminId);
    const laptop = await createSession(db, adminId);
    await deleteSession(db, laptop.id);
    expect(await getActiveSession(db, laptop.id)).toBeUndefined();
    expect(await getActiveSession(db, phone.id)).toBeDefined();
  });

  it("ends the admin's other sessions when the password changes, keeping the one in use", async () => {
    const adminId = await addAdmin("change@example.com");
    const otherAdminId = await addAdmin("bystander@example.com");
    const current = await createSession(db, adminId);
    const stolen = await createSession(db, adminId);
    const bystander = await createSession(db, otherAdminId);
    const { endedSessions } = await changeAdminPassword(db, adminId, "a brand new password", current.id);
    expect(endedSessions).toBe(1);
    expect(await getActiveSession(db, stolen.id)).toBeUndefined();
    expect(await getActiveSession(db, current.id)).toBeDefined();
    expect(await getActiveSession(db, bystander.id)).toBeDefined();
    expect(await deleteAdminSessions(db, adminId)).toBe(1);
  });

  it("sweeps sessions past either timeout", async () => {
    const adminId = await addAdmin("sweep@example.com");
    const now = new Date("2026-06-01T12:00:00.000Z");
    await createSession(db, adminId, {}, at(now, -SESSION_IDLE_TIMEOUT_MS - MINUTE));
    await createSession(db, adminId, {}, at(now, -MINUTE));
    await deleteExpiredSessions(db, now);
    const rows = await sessionRows(adminId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.created_at).toBe(at(now, -MINUTE).toISOString());
  });
});
