import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { SessionAdmin } from "./sessions.server";

/** How long the step between a right password and the code lasts. */
export const SIGN_IN_CHALLENGE_TTL_MS = 5 * 60_000;

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashId = (id: string) => crypto.createHash("sha256").update(id).digest("base64url");

/**
 * After the right password of an admin who has a second factor: a random 256-bit id for this browser's cookie
 * (only its SHA-256 is stored), five minutes long. No session exists until a code ends it.
 */
export async function startSignInChallenge(
  db: Kysely<Database>,
  adminId: number,
  now: Date = new Date(),
): Promise<{ id: string; expiresAt: Date }> {
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MS);
  await db.deleteFrom("admin_sign_in_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("admin_sign_in_challenges")
    .values({ id_hash: hashId(id), admin_id: adminId, created_at: now.toISOString(), expires_at: expiresAt.toISOString() })
    .execute();
  return { id, expiresAt };
}

/** The admin a live challenge belongs to, or null. */
export async function findSignInChallenge(
  db: Kysely<Database>,
  id: string,
  now: Date = new Date(),
): Promise<{ admin: SessionAdmin; expiresAt: string } | null> {
  if (!ID_PATTERN.test(id)) return null;
  const row = await db
    .selectFrom("admin_sign_in_challenges")
    .innerJoin("admin_users", "admin_users.id", "admin_sign_in_challenges.admin_id")
    .select(["admin_users.id", "admin_users.email", "admin_users.name", "admin_sign_in_challenges.expires_at"])
    .where("admin_sign_in_challenges.id_hash", "=", hashId(id))
    .where("admin_sign_in_challenges.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { admin: { id: row.id, email: row.email, name: row.name }, expiresAt: row.expires_at } : null;
}

/** Ends a challenge; true for the one request that ended it while it was live. */
export async function consumeSignInChallenge(db: Kysely<Database>, id: string, now: Date = new Date()): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  const result = await db
    .deleteFrom("admin_sign_in_challenges")
    .where("id_hash", "=", hashId(id))
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Ends a challenge whatever its state (the browser went back to the password). */
export async function dropSignInChallenge(db: Kysely<Database>, id: string): Promise<void> {
  if (ID_PATTERN.test(id)) await db.deleteFrom("admin_sign_in_challenges").where("id_hash", "=", hashId(id)).execute();
}
