import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

const MINUTE = 60_000;
/** A session ends after 2 hours without a request... */
export const SESSION_IDLE_TIMEOUT_MS = 120 * MINUTE;
/** ...and 7 days after sign-in whatever happens. */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * MINUTE;
/** last_seen_at is written at most this often, so that browsing does not mean a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE;

export interface SessionAdmin {
  id: number;
  email: string;
  name: string | null;
}

export interface ActiveSession {
  admin: SessionAdmin;
  createdAt: string;
  expiresAt: string;
}

/** Only a hash of the id is stored: a leaked sessions table opens no session. */
const hashSessionId = (id: string) => crypto.createHash("sha256").update(id).digest("base64url");

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Starts a session for an admin; returns the new random 256-bit id for the cookie. */
export async function createSession(
  db: Kysely<Database>,
  adminId: number,
  client: { ip?: string | null; userAgent?: string | null } = {},
  now: Date = new Date(),
): Promise<{ id: string; expiresAt: Date }> {
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS);
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashSessionId(id),
      admin_id: adminId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      ip: client.ip ?? null,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
  return { id, expiresAt };
}

/**
 * The session and its admin when the id is valid and neither timeout has passed; undefined otherwise
 * (an expired session is deleted on the way). Marks the session as seen.
 */
export async function getActiveSession(db: Kysely<Database>, id: string, now: Date = new Date()): Promise<ActiveSession | undefined> {
  if (!SESSION_ID_PATTERN.test(id)) return undefined;
  const idHash = hashSessionId(id);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("admin_users", "admin_users.id", "sessions.admin_id")
    .select([
      "sessions.created_at",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "admin_users.id as admin_id",
      "admin_users.email",
      "admin_users.name",
    ])
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return undefined;

  const nowMs = now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= nowMs || lastSeen + SESSION_IDLE_TIMEOUT_MS <= nowMs) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return undefined;
  }
  if (nowMs - lastSeen >= SESSION_TOUCH_INTERVAL_MS) {
    await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id_hash", "=", idHash).execute();
  }
  return {
    admin: { id: row.admin_id, email: row.email, name: row.name },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** Ends one session (logout). */
export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", hashSessionId(id)).execute();
}

/** Ends every session of an admin except, when given, the one in use (after a password change). */
export async function deleteAdminSessions(db: Kysely<Database>, adminId: number, keepId?: string): Promise<number> {
  let query = db.deleteFrom("sessions").where("admin_id", "=", adminId);
  if (keepId) query = query.where("id_hash", "!=", hashSessionId(keepId));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drops sessions that can no longer be used, so the table does not grow with abandoned sign-ins. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", now.toISOString()),
        eb("last_seen_at", "<=", new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many sessions each admin has open now (for the command line's list). */
export async function countActiveSessions(db: Kysely<Database>, now: Date = new Date()): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("sessions")
    .select(["admin_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("expires_at", ">", now.toISOString())
    .where("last_seen_at", ">", new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString())
    .groupBy("admin_id")
    .execute();
  return new Map(rows.map((row) => [row.admin_id, Number(row.n)]));
}
