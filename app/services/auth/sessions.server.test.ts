import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";
import { changeAdminPassword, createAdmin, signIn } from "./admins.server";
import { UNMATCHABLE_HASH } from "./password.server";
import {
  countActiveSessions,
  createSession,
  deleteAdminSessions,
  deleteExpiredSessions,
  deleteSession,
  getActiveSession,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from "./sessions.server";

const MINUTE = 60_000;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`sessions on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "sessions");
      db = opened.handle.db;
      cleanup = opened.cleanup;
    });
    afterAll(() => cleanup());

    async function addAdmin(email: string): Promise<number> {
      const now = new Date().toISOString();
      const { id } = await db
        .insertInto("admin_users")
        .values({ email, name: null, password_hash: UNMATCHABLE_HASH, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    }

    const sessionRows = (adminId: number) =>
      db.selectFrom("sessions").selectAll().where("admin_id", "=", adminId).orderBy("created_at").execute();

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
      expect(await getActiveSession(db, "")).toBeUndefined();
    });

    it("starts a new session with a new id at every sign-in; the earlier one stays its own", async () => {
      const admin = await createAdmin(db, { email: "rotate@example.com", password: "rotate's long password" });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const result = await signIn(db, { email: "rotate@example.com", password: "rotate's long password", ip: "203.0.113.20" });
        expect(result.ok).toBe(true);
        if (result.ok) ids.push(result.sessionId);
      }
      expect(new Set(ids).size).toBe(3);
      expect(await sessionRows(admin.id)).toHaveLength(3);
      await deleteSession(db, ids[0]!);
      expect(await getActiveSession(db, ids[0]!)).toBeUndefined();
      expect(await getActiveSession(db, ids[2]!)).toMatchObject({ admin: { id: admin.id } });
    }, 60_000); // a scrypt hash and three checks, 128 MiB each

    it("ends exactly 2 hours after the last request and deletes the row", async () => {
      const adminId = await addAdmin("idle@example.com");
      const start = new Date("2026-03-01T10:00:00.000Z");
      const { id } = await createSession(db, adminId, {}, start);
      expect(await getActiveSession(db, id, at(start, SESSION_IDLE_TIMEOUT_MS - 1))).toBeDefined();
      expect((await sessionRows(adminId))[0]?.last_seen_at).toBe(at(start, SESSION_IDLE_TIMEOUT_MS - 1).toISOString());

      const { id: other } = await createSession(db, adminId, {}, start);
      expect(await getActiveSession(db, other, at(start, SESSION_IDLE_TIMEOUT_MS))).toBeUndefined();
      expect(await sessionRows(adminId)).toHaveLength(1);
      // The first was seen just before its 2 hours ran out, so it lives 2 hours from then.
      expect(await getActiveSession(db, id, at(start, 2 * SESSION_IDLE_TIMEOUT_MS - 2))).toBeDefined();
    });

    it("ends a session whose stored last request is over 2 hours old", async () => {
      const adminId = await addAdmin("stale-row@example.com");
      const { id } = await createSession(db, adminId);
      const old = new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - MINUTE).toISOString();
      await db.updateTable("sessions").set({ last_seen_at: old }).where("admin_id", "=", adminId).execute();
      expect(await getActiveSession(db, id)).toBeUndefined();
      expect(await sessionRows(adminId)).toEqual([]);
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

    it("ends exactly 7 days after sign-in however active it is", async () => {
      const adminId = await addAdmin("absolute@example.com");
      const start = new Date("2026-03-01T10:00:00.000Z");
      const { id, expiresAt } = await createSession(db, adminId, {}, start);
      expect(expiresAt.toISOString()).toBe(at(start, SESSION_ABSOLUTE_TIMEOUT_MS).toISOString());
      expect(SESSION_ABSOLUTE_TIMEOUT_MS).toBe(7 * 24 * 60 * MINUTE);
      let now = start;
      let requests = 0;
      while (now.getTime() + 60 * MINUTE < expiresAt.getTime()) {
        now = at(now, 60 * MINUTE);
        requests++;
        expect(await getActiveSession(db, id, now), now.toISOString()).toBeDefined();
      }
      expect(requests).toBe(7 * 24 - 1);
      expect(await getActiveSession(db, id, at(expiresAt, -1))).toBeDefined();
      expect(await getActiveSession(db, id, expiresAt)).toBeUndefined();
      expect(await sessionRows(adminId)).toEqual([]);
    });

    it("ends a session whose stored sign-in is over 7 days old even if it was just used", async () => {
      const adminId = await addAdmin("old-row@example.com");
      const { id } = await createSession(db, adminId);
      const now = Date.now();
      await db
        .updateTable("sessions")
        .set({
          created_at: new Date(now - SESSION_ABSOLUTE_TIMEOUT_MS - MINUTE).toISOString(),
          expires_at: new Date(now - MINUTE).toISOString(),
          last_seen_at: new Date(now - MINUTE).toISOString(),
        })
        .where("admin_id", "=", adminId)
        .execute();
      expect(await getActiveSession(db, id)).toBeUndefined();
      expect(await sessionRows(adminId)).toEqual([]);
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
      const tablet = await createSession(db, adminId);
      const bystander = await createSession(db, otherAdminId);
      const { endedSessions } = await changeAdminPassword(db, adminId, "a brand new password", current.id);
      expect(endedSessions).toBe(2);
      expect(await getActiveSession(db, stolen.id)).toBeUndefined();
      expect(await getActiveSession(db, tablet.id)).toBeUndefined();
      expect(await getActiveSession(db, current.id)).toBeDefined();
      expect(await getActiveSession(db, bystander.id)).toBeDefined();
    });

    it("ends every session of the admin when the password is reset from outside (no session kept)", async () => {
      const adminId = await addAdmin("reset@example.com");
      const sessions = [await createSession(db, adminId), await createSession(db, adminId)];
      const bystander = await createSession(db, await addAdmin("bystander2@example.com"));
      expect(await changeAdminPassword(db, adminId, "reset from the command line")).toEqual({ endedSessions: 2 });
      for (const session of sessions) expect(await getActiveSession(db, session.id)).toBeUndefined();
      expect(await getActiveSession(db, bystander.id)).toBeDefined();
    });

    it("signs out everywhere: ends all of the admin's sessions, or all but the one in use", async () => {
      const adminId = await addAdmin("everywhere@example.com");
      const bystander = await createSession(db, await addAdmin("bystander3@example.com"));
      const [a, b, c] = [await createSession(db, adminId), await createSession(db, adminId), await createSession(db, adminId)];
      expect(await deleteAdminSessions(db, adminId, a.id)).toBe(2);
      expect(await getActiveSession(db, a.id)).toBeDefined();
      expect(await getActiveSession(db, b.id)).toBeUndefined();
      expect(await getActiveSession(db, c.id)).toBeUndefined();
      expect(await deleteAdminSessions(db, adminId)).toBe(1);
      expect(await getActiveSession(db, a.id)).toBeUndefined();
      expect(await getActiveSession(db, bystander.id)).toBeDefined();
    });

    it("sweeps sessions past either timeout and counts only live ones", async () => {
      const adminId = await addAdmin("sweep@example.com");
      const now = new Date("2026-06-01T12:00:00.000Z");
      await createSession(db, adminId, {}, at(now, -SESSION_IDLE_TIMEOUT_MS - MINUTE));
      await createSession(db, adminId, {}, at(now, -SESSION_ABSOLUTE_TIMEOUT_MS));
      await db
        .updateTable("sessions")
        .set({ last_seen_at: at(now, -MINUTE).toISOString() })
        .where("admin_id", "=", adminId)
        .where("created_at", "=", at(now, -SESSION_ABSOLUTE_TIMEOUT_MS).toISOString())
        .execute();
      await createSession(db, adminId, {}, at(now, -MINUTE));
      expect(await sessionRows(adminId)).toHaveLength(3);
      expect((await countActiveSessions(db, now)).get(adminId)).toBe(1);
      const allSessions = async () => (await db.selectFrom("sessions").select("id_hash").execute()).length;
      const before = await allSessions();
      const swept = await deleteExpiredSessions(db, now);
      expect(swept).toBe(before - (await allSessions()));
      const rows = await sessionRows(adminId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.created_at).toBe(at(now, -MINUTE).toISOString());
    });
  });
}
