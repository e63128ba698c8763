import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/db/schema";
import type { Env } from "~/utils/env.server";
import { nowIso } from "~/utils/dates";
import { recordAudit } from "../audit/audit.server";
import { AppError, badRequest } from "../errors";
import {
  generatePassword,
  hashPassword,
  HashingBusyError,
  MAX_PASSWORD_LENGTH,
  PASSWORD_HASHING_RETRY_AFTER_SECONDS,
  UNMATCHABLE_HASH,
  verifyPassword,
} from "./password.server";
import { createSession, deleteAdminSessions, deleteExpiredSessions, type SessionAdmin } from "./sessions.server";
import { startSignInChallenge } from "./sign-in-challenges.server";
import {
  claimLoginAttempt,
  deleteOldLoginAttempts,
  LOGIN_FAILURE_ACTION,
  LOGIN_SUCCESS_ACTION,
  LOGIN_THROTTLED_ACTION,
  normalizeLoginEmail,
  settleLoginAttempt,
} from "./throttle.server";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password.";
export const INVALID_ADMIN_EMAIL_MESSAGE = "Enter a valid email address, such as jane@example.com.";
export const INITIAL_PASSWORD_FILE = "initial-admin-password";

export interface AdminSummary extends SessionAdmin {
  createdAt: string;
}

// Deliberately loose (admin@localhost is a valid first account); the address is a login name, not a mailbox.
const ADMIN_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

function checkAdminEmail(email: string): string {
  const normalized = normalizeLoginEmail(email);
  if (!ADMIN_EMAIL_PATTERN.test(normalized) || normalized.length > 254) {
    throw badRequest(INVALID_ADMIN_EMAIL_MESSAGE, { email: INVALID_ADMIN_EMAIL_MESSAGE });
  }
  return normalized;
}

export async function findAdminByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("admin_users")
    .select(["id", "email", "name", "password_hash"])
    .where("email", "=", normalizeLoginEmail(email))
    .executeTakeFirst();
}

export async function listAdmins(db: Kysely<Database>): Promise<AdminSummary[]> {
  const rows = await db.selectFrom("admin_users").select(["id", "email", "name", "created_at"]).orderBy("id").execute();
  return rows.map((row) => ({ id: row.id, email: row.email, name: row.name, createdAt: row.created_at }));
}

/** Adds an admin; the email is stored lower-case so that sign-in ignores case. */
export async function createAdmin(
  db: Kysely<Database>,
  input: { email: string; password: string; name?: string | null },
): Promise<SessionAdmin> {
  const email = checkAdminEmail(input.email);
  const name = input.name?.trim().slice(0, 100) || null;
  const exists = () => new AppError("conflict", `An admin with the email ${email} already exists.`);
  if (await findAdminByEmail(db, email)) throw exists();
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  try {
    const { id } = await db
      .insertInto("admin_users")
      .values({ email, name, password_hash: passwordHash, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id, email, name };
  } catch (error) {
    // Two processes creating the same admin at once: the unique index lets one win.
    const code = (error as { code?: string } | null)?.code;
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE") throw exists();
    throw error;
  }
}

/**
 * Sets a new password and ends the admin's other sessions; the session in use (when the admin changes
 * their own password while signed in) survives.
 */
export async function changeAdminPassword(
  db: Kysely<Database>,
  adminId: number,
  password: string,
  keepSessionId?: string,
): Promise<{ endedSessions: number }> {
  const passwordHash = await hashPassword(password);
  const result = await db
    .updateTable("admin_users")
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where("id", "=", adminId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found", "That admin does not exist.");
  return { endedSessions: await deleteAdminSessions(db, adminId, keepSessionId) };
}

/** The password was right and the admin has a second factor: no session yet, a code is asked for (decision 048). */
export const LOGIN_CODE_REQUIRED_ACTION = "auth.login.code_required";

export type SignInResult =
  | { ok: true; admin: SessionAdmin; sessionId: string; expiresAt: Date }
  | { ok: false; reason: "code_required"; admin: SessionAdmin; challengeId: string; expiresAt: Date }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled" | "slowed" | "busy"; retryAfterSeconds: number };

/**
 * One sign-in attempt, written down and counted before its password is checked (throttle.server.ts: refused
 * from an address with too many failures, slowed for an account with too many, never held back on a browser
 * that signed in as this admin before, whose device cookie's id is `device`). Then checked against the stored
 * hash (or a hash no password matches, for an unknown email, so both cost the same time), in the password
 * hashing queue (refused as "busy" when it is full), and written to the audit log with the email as typed and
 * the client's address. Success starts a new session, unless the admin has a second factor: then a five-minute
 * challenge for the code step (services/auth/second-factor.server.ts), and no session.
 */
export async function signIn(
  db: Kysely<Database>,
  attempt: { email: string; password: string; ip: string; userAgent?: string | null; device?: string | null },
): Promise<SignInResult> {
  const typedEmail = attempt.email.trim().slice(0, 254);
  const audit = { actor: typedEmail, ip: attempt.ip, entityType: "admin" } as const;

  const verdict = await claimLoginAttempt(db, { email: typedEmail, ip: attempt.ip, device: attempt.device ?? null });
  if (!verdict.allowed) {
    await recordAudit(db, { ...audit, action: LOGIN_THROTTLED_ACTION, details: { reason: verdict.reason } });
    return { ok: false, reason: verdict.reason, retryAfterSeconds: verdict.retryAfterSeconds };
  }

  const admin = await findAdminByEmail(db, typedEmail);
  const password = attempt.password.slice(0, MAX_PASSWORD_LENGTH + 1);
  let matches: boolean;
  try {
    matches = await verifyPassword(password, admin?.password_hash ?? UNMATCHABLE_HASH);
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    await settleLoginAttempt(db, verdict.attemptId, "refused");
    return { ok: false, reason: "busy", retryAfterSeconds: PASSWORD_HASHING_RETRY_AFTER_SECONDS };
  }
  if (!admin || !matches) {
    await settleLoginAttempt(db, verdict.attemptId, "failure");
    await recordAudit(db, { ...audit, action: LOGIN_FAILURE_ACTION, adminId: admin?.id ?? null, entityId: admin?.id ?? null });
    return { ok: false, reason: "invalid" };
  }

  await settleLoginAttempt(db, verdict.attemptId, "success");
  const secondFactor = await db
    .selectFrom("admin_second_factors")
    .select("admin_id")
    .where("admin_id", "=", admin.id)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  if (secondFactor) {
    // Not signed in yet: the browser gets the challenge's id, and the session waits for a code.
    const challenge = await startSignInChallenge(db, admin.id);
    await recordAudit(db, { ...audit, action: LOGIN_CODE_REQUIRED_ACTION, adminId: admin.id, entityId: admin.id });
    return {
      ok: false,
      reason: "code_required",
      admin: { id: admin.id, email: admin.email, name: admin.name },
      challengeId: challenge.id,
      expiresAt: challenge.expiresAt,
    };
  }
  await deleteExpiredSessions(db);
  await deleteOldLoginAttempts(db);
  const session = await createSession(db, admin.id, { ip: attempt.ip, userAgent: attempt.userAgent });
  await recordAudit(db, { ...audit, action: LOGIN_SUCCESS_ACTION, adminId: admin.id, entityId: admin.id });
  return {
    ok: true,
    admin: { id: admin.id, email: admin.email, name: admin.name },
    sessionId: session.id,
    expiresAt: session.expiresAt,
  };
}

/** admin@<site host> for a real domain, admin@localhost otherwise. */
export function defaultAdminEmail(siteUrl: string): string {
  const host = new URL(siteUrl).hostname.replace(/^www\./, "");
  const isDomain = host.includes(".") && !/^[\d.]+$/.test(host) && !host.includes(":");
  return isDomain ? `admin@${host}` : "admin@localhost";
}

type FirstAdminEnv = Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "DATA_DIR" | "SITE_URL">;

/**
 * Makes sure someone can sign in. With ADMIN_PASSWORD set, the admin ADMIN_EMAIL (or the default
 * address) is created when missing; an existing one is left alone, so a restart never resets a changed
 * password. Without it, a first start with no admin at all generates a random password and writes it,
 * readable by the owner only, to DATA_DIR/initial-admin-password; the log says where, never the password.
 */
export async function ensureFirstAdmin(db: Kysely<Database>, env: FirstAdminEnv, logger: Pick<Logger, "info" | "warn">): Promise<void> {
  const email = normalizeLoginEmail(env.ADMIN_EMAIL ?? defaultAdminEmail(env.SITE_URL));

  if (env.ADMIN_PASSWORD) {
    if (await findAdminByEmail(db, email)) return;
    const admin = await createAdmin(db, { email, password: env.ADMIN_PASSWORD });
    await recordAudit(db, {
      action: "admin.create",
      actor: "environment",
      entityType: "admin",
      entityId: admin.id,
      details: { label: email },
    });
    logger.info({ email }, "admin account created from ADMIN_EMAIL/ADMIN_PASSWORD");
    return;
  }

  const existing = await db.selectFrom("admin_users").select("id").limit(1).executeTakeFirst();
  if (existing) return;

  const password = generatePassword();
  const admin = await createAdmin(db, { email, password });
  await recordAudit(db, { action: "admin.create", actor: "setup", entityType: "admin", entityId: admin.id, details: { label: email } });
  const file = path.join(env.DATA_DIR, INITIAL_PASSWORD_FILE);
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  // writeFileSync applies the mode only when it creates the file; a leftover file is tightened too.
  fs.chmodSync(file, 0o600);
  // The password itself never goes to the log (which is often shipped elsewhere): only where to find it.
  logger.warn(
    { email, file },
    `No admin existed, so one was created. Sign in at /admin/login as ${email} with the password in ${file} ` +
      "(readable by this server's user only) and change it with `npm run admin -- reset-password`.",
  );
}
