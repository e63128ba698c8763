import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { Database } from "~/db/schema";
import { recordAudit } from "../audit/audit.server";
import { AppError, badRequest } from "../errors";
import { HashingBusyError, MAX_PASSWORD_LENGTH, verifyPassword } from "./password.server";
import {
  CODE_MALFORMED_MESSAGE,
  CODE_MISSING_MESSAGE,
  CONFIRMATION_MISSING_MESSAGE,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_UNREADABLE_MESSAGE,
  WRONG_CODE_MESSAGE,
  WRONG_CONFIRMATION_MESSAGE,
  codeThrottledMessage,
} from "./second-factor-form";
import { consumeSignInChallenge, findSignInChallenge } from "./sign-in-challenges.server";
import { createSession, deleteExpiredSessions, type SessionAdmin } from "./sessions.server";
import {
  claimCodeAttempt,
  deleteOldLoginAttempts,
  LOGIN_SUCCESS_ACTION,
  LOGIN_THROTTLED_ACTION,
  settleLoginAttempt,
} from "./throttle.server";

/** TOTP as every authenticator app reads it: SHA-1, 6 digits, 30-second steps (RFC 6238). */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the server's clock's is accepted too (a phone's clock a little off). */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export const SECOND_FACTOR_ACTIONS = {
  enable: "auth.second_factor.enable",
  disable: "auth.second_factor.disable",
  regenerate: "auth.second_factor.recovery_codes",
  recoveryCodeUsed: "auth.second_factor.recovery_code_used",
  reset: "auth.second_factor.reset",
  codeFailure: "auth.login.code_failure",
} as const;

/** The two keys the second factor needs, derived from SESSION_SECRET; neither is stored anywhere. */
export interface SecondFactorKeys {
  /** AES-256-GCM key of the TOTP secrets. */
  encryption: Buffer;
  /** HMAC-SHA-256 key of the recovery codes. */
  recovery: Buffer;
}

/** HKDF-SHA-256 of SESSION_SECRET, one key for each use. */
export function secondFactorKeys(sessionSecret: string): SecondFactorKeys {
  const derive = (info: string) => Buffer.from(crypto.hkdfSync("sha256", sessionSecret, "wff admin second factor", info, 32));
  return { encryption: derive("totp secret v1"), recovery: derive("recovery code v1") };
}

const SEALED_PREFIX = "v1.";

/** The secret sealed for one admin: the admin's id is the associated data, so a row copied to another admin fails. */
export function sealSecret(keys: SecondFactorKeys, adminId: number, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keys.encryption, iv);
  cipher.setAAD(Buffer.from(`admin:${adminId}`));
  const sealed = Buffer.concat([iv, cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return SEALED_PREFIX + sealed.toString("base64url");
}

/** The secret, or null when it cannot be opened with these keys (SESSION_SECRET changed, or the row was altered). */
export function openSecret(keys: SecondFactorKeys, adminId: number, sealed: string): string | null {
  if (!sealed.startsWith(SEALED_PREFIX)) return null;
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), "base64url");
  if (bytes.length < 12 + 16 + 1) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keys.encryption, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(`admin:${adminId}`));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** Crockford's base32 alphabet, lower-case: no i, l, o or u to misread. 256 is a multiple of 32: every letter as likely. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_PATTERN = /^[0-9a-hjkmnp-tv-z]{8}$/;

/** A new recovery code: `xxxx-xxxx`, 40 random bits. */
function newRecoveryCode(): string {
  const letters = Array.from(crypto.randomBytes(8), (byte) => RECOVERY_ALPHABET[byte % 32]).join("");
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

const hashRecoveryCode = (keys: SecondFactorKeys, normalized: string) =>
  crypto.createHmac("sha256", keys.recovery).update(normalized).digest("base64url");

/** What was typed, read as a TOTP code or a recovery code (spaces, dashes and case ignored; o read as 0, i and l as 1). */
export function parseCode(input: string): { kind: "totp"; token: string } | { kind: "recovery"; code: string } | null {
  const compact = input.replace(/[\s-]+/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", token: compact };
  const recovery = compact.replace(/o/g, "0").replace(/[il]/g, "1");
  if (RECOVERY_PATTERN.test(recovery)) return { kind: "recovery", code: recovery };
  return null;
}

export interface SecondFactorStatus {
  enabled: boolean;
  /** Being set up: the QR code shown, no code confirmed yet. */
  pending: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

export async function getSecondFactorStatus(db: Kysely<Database>, adminId: number): Promise<SecondFactorStatus> {
  const row = await db.selectFrom("admin_second_factors").select(["enabled_at"]).where("admin_id", "=", adminId).executeTakeFirst();
  const left = await db
    .selectFrom("admin_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("admin_id", "=", adminId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    enabled: !!row?.enabled_at,
    pending: !!row && !row.enabled_at,
    enabledAt: row?.enabled_at ?? null,
    recoveryCodesLeft: row?.enabled_at ? Number(left.n) : 0,
  };
}

/** Whether sign-in asks this admin for a code. */
export async function hasSecondFactor(db: Kysely<Database>, adminId: number): Promise<boolean> {
  const row = await db
    .selectFrom("admin_second_factors")
    .select("admin_id")
    .where("admin_id", "=", adminId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  return !!row;
}

export interface SecondFactorSetup {
  /** The base32 secret, for typing into an app by hand. */
  secret: string;
  /** otpauth://totp/... */
  uri: string;
  /** The URI as a QR code, an SVG drawn here (nothing fetched from anywhere). */
  qrSvg: string;
}

/** Starts (or starts again) setting up an authenticator app: a new secret, kept sealed, not asked for until confirmed. */
export async function startSecondFactorSetup(
  db: Kysely<Database>,
  keys: SecondFactorKeys,
  admin: SessionAdmin,
  issuer: string,
  now: Date = new Date(),
): Promise<SecondFactorSetup> {
  if (await hasSecondFactor(db, admin.id)) throw new AppError("conflict", "Two-step sign-in is on already.");
  const secret = generateSecret({ length: 20 });
  const sealed = sealSecret(keys, admin.id, secret);
  await db.deleteFrom("admin_second_factors").where("admin_id", "=", admin.id).where("enabled_at", "is", null).execute();
  await db
    .insertInto("admin_second_factors")
    .values({
      admin_id: admin.id,
      secret_encrypted: sealed,
      enabled_at: null,
      last_step: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  return setupOf(secret, admin, issuer);
}

async function setupOf(secret: string, admin: SessionAdmin, issuer: string): Promise<SecondFactorSetup> {
  const uri = generateURI({ issuer, label: admin.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, uri, qrSvg };
}

/** The setup under way (its QR code and secret), or null when there is none. */
export async function getSecondFactorSetup(
  db: Kysely<Database>,
  keys: SecondFactorKeys,
  admin: SessionAdmin,
  issuer: string,
): Promise<SecondFactorSetup | null> {
  const row = await db
    .selectFrom("admin_second_factors")
    .select(["secret_encrypted"])
    .where("admin_id", "=", admin.id)
    .where("enabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const secret = openSecret(keys, admin.id, row.secret_encrypted);
  return secret ? setupOf(secret, admin, issuer) : null;
}

export async function cancelSecondFactorSetup(db: Kysely<Database>, adminId: number): Promise<void> {
  await db.deleteFrom("admin_second_factors").where("admin_id", "=", adminId).where("enabled_at", "is", null).execute();
}

/** The time step a TOTP code matches, within one step either side of `now`, or null. */
async function matchingStep(secret: string, token: string, now: Date, afterStep: number | null): Promise<number | null> {
  const epoch = Math.floor(now.getTime() / 1000);
  // A step used already beyond the window (the server's clock went back): no code can be newer.
  if (afterStep !== null && afterStep >= Math.floor((epoch + TOTP_TOLERANCE_SECONDS) / TOTP_PERIOD_SECONDS)) return null;
  const result = await verify({
    secret,
    token,
    epoch,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

type CodeCheck = "right" | "wrong" | "unreadable";

/**
 * Checks a TOTP code against an admin's enabled factor and, when it is right, takes its step: `last_step` is
 * raised with a conditional update, so of two requests with one code (or codes of one step) only one wins.
 */
async function checkTotp(db: Kysely<Database>, keys: SecondFactorKeys, adminId: number, token: string, now: Date): Promise<CodeCheck> {
  const row = await db
    .selectFrom("admin_second_factors")
    .select(["secret_encrypted", "last_step"])
    .where("admin_id", "=", adminId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  if (!row) return "wrong";
  const secret = openSecret(keys, adminId, row.secret_encrypted);
  if (secret === null) return "unreadable";
  const step = await matchingStep(secret, token, now, row.last_step);
  if (step === null) return "wrong";
  const taken = await db
    .updateTable("admin_second_factors")
    .set({ last_step: step })
    .where("admin_id", "=", adminId)
    .where("enabled_at", "is not", null)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? "right" : "wrong";
}

/** Uses a recovery code up: one conditional update, so a code signs in once however many requests carry it. */
async function spendRecoveryCode(db: Kysely<Database>, keys: SecondFactorKeys, adminId: number, code: string, now: Date) {
  const used = await db
    .updateTable("admin_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("admin_id", "=", adminId)
    .where("code_hash", "=", hashRecoveryCode(keys, code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Replaces the admin's recovery codes with ten new ones; returns them, the only time they are seen. */
async function replaceRecoveryCodes(db: Kysely<Database>, keys: SecondFactorKeys, adminId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom("admin_recovery_codes").where("admin_id", "=", adminId).execute();
  await db
    .insertInto("admin_recovery_codes")
    .values(
      codes.map((code) => ({
        admin_id: adminId,
        code_hash: hashRecoveryCode(keys, code.replace("-", "")),
        created_at: now.toISOString(),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

interface Client {
  ip: string;
  userAgent?: string | null;
}

/** Too many wrong codes (or confirmations) for the account: a 429 that knows when the next one is counted again. */
export class CodeThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("too_many_requests", codeThrottledMessage(retryAfterSeconds));
  }
}

const throttled = (retryAfterSeconds: number) => new CodeThrottledError(retryAfterSeconds);

/**
 * Turns the factor on once a code from the app matches the secret being set up, and returns the ten recovery
 * codes (shown once). Wrong codes count toward the account's code limit.
 */
export async function enableSecondFactor(
  db: Kysely<Database>,
  keys: SecondFactorKeys,
  admin: SessionAdmin,
  input: { code: string } & Client,
  now: Date = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const typed = input.code.trim();
  if (!typed) throw badRequest("Enter the 6-digit code your app shows.", { code: "Enter the 6-digit code your app shows." });
  const parsed = parseCode(typed);
  if (parsed?.kind !== "totp") throw badRequest("Enter the 6-digit code your app shows.", { code: "Enter the 6 digits, such as 123456." });
  const row = await db
    .selectFrom("admin_second_factors")
    .select(["secret_encrypted", "enabled_at"])
    .where("admin_id", "=", admin.id)
    .executeTakeFirst();
  if (row?.enabled_at) throw new AppError("conflict", "Two-step sign-in is on already.");
  const secret = row ? openSecret(keys, admin.id, row.secret_encrypted) : null;
  if (!secret) throw new AppError("conflict", "Start setting up two-step sign-in again: the QR code shown is no longer the one kept.");

  const verdict = await claimCodeAttempt(db, { email: admin.email, ip: input.ip }, now);
  if (!verdict.allowed) throw throttled(verdict.retryAfterSeconds);
  const step = await matchingStep(secret, parsed.token, now, null);
  if (step === null) {
    await settleLoginAttempt(db, verdict.attemptId, "failure", now);
    const message = "That code does not match. Check that the app shows this account, and type its newest code.";
    throw badRequest(message, { code: message });
  }
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable("admin_second_factors")
      .set({ enabled_at: now.toISOString(), last_step: step, updated_at: now.toISOString() })
      .where("admin_id", "=", admin.id)
      .where("enabled_at", "is", null)
      .where("secret_encrypted", "=", row!.secret_encrypted)
      .executeTakeFirst();
    if (Number(enabled.numUpdatedRows) !== 1) throw new AppError("conflict", "Two-step sign-in was changed meanwhile. Reload the page.");
    const codes = await replaceRecoveryCodes(trx, keys, admin.id, now);
    await auditOwnChange(trx, SECOND_FACTOR_ACTIONS.enable, admin, input.ip);
    return codes;
  });
  await settleLoginAttempt(db, verdict.attemptId, "success", now);
  return { recoveryCodes };
}

/** The audit row of a change an admin made to their own factor. */
const auditOwnChange = (db: Kysely<Database>, action: string, admin: SessionAdmin, ip: string) =>
  recordAudit(db, { action, adminId: admin.id, actor: admin.email, entityType: "admin", entityId: admin.id, ip });

/**
 * A signed-in admin proves it is them before changing the factor: a current code from the app, or the password.
 * Both count toward the account's code limit before they are checked.
 */
async function confirmAdmin(
  db: Kysely<Database>,
  keys: SecondFactorKeys,
  admin: SessionAdmin,
  input: { confirmation: string } & Client,
  now: Date,
) {
  const typed = input.confirmation;
  if (!typed.trim()) throw badRequest(CONFIRMATION_MISSING_MESSAGE, { confirmation: CONFIRMATION_MISSING_MESSAGE });
  const verdict = await claimCodeAttempt(db, { email: admin.email, ip: input.ip }, now);
  if (!verdict.allowed) throw throttled(verdict.retryAfterSeconds);
  const parsed = parseCode(typed);
  let right = false;
  if (parsed?.kind === "totp") {
    right = (await checkTotp(db, keys, admin.id, parsed.token, now)) === "right";
  } else {
    const stored = await db.selectFrom("admin_users").select("password_hash").where("id", "=", admin.id).executeTakeFirst();
    try {
      right = !!stored && (await verifyPassword(typed.slice(0, MAX_PASSWORD_LENGTH + 1), stored.password_hash));
    } catch (error) {
      if (error instanceof HashingBusyError) await settleLoginAttempt(db, verdict.attemptId, "refused", now);
      throw error;
    }
  }
  await settleLoginAttempt(db, verdict.attemptId, right ? "success" : "failure", now);
  if (!right) throw new AppError("unauthorized", WRONG_CONFIRMATION_MESSAGE, { confirmation: WRONG_CONFIRMATION_MESSAGE });
}

/** Ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: Kysely<Database>,
  keys: SecondFactorKeys,
  admin: SessionAdmin,
  input: { confirmation: string } & Client,
  now: Date = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  if (!(await hasSecondFactor(db, admin.id))) throw new AppError("conflict", "Two-step sign-in is off: there are no recovery codes.");
  await confirmAdmin(db, keys, admin, input, now);
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const codes = await replaceRecoveryCodes(trx, keys, admin.id, now);
    await auditOwnChange(trx, SECOND_FACTOR_ACTIONS.regenerate, admin, input.ip);
    return codes;
  });
  return { recoveryCodes };
}

/** Turns the factor off (and forgets its recovery codes). */
export async function disableSecondFactor(
  db: Kysely<Database>,
  keys: SecondFactorKeys,
  admin: SessionAdmin,
  input: { confirmation: string } & Client,
  now: Date = new Date(),
): Promise<void> {
  if (!(await hasSecondFactor(db, admin.id))) throw new AppError("conflict", "Two-step sign-in is off already.");
  await confirmAdmin(db, keys, admin, input, now);
  await db.transaction().execute(async (trx) => {
    await removeSecondFactor(trx, admin.id);
    await auditOwnChange(trx, SECOND_FACTOR_ACTIONS.disable, admin, input.ip);
  });
}

async function removeSecondFactor(db: Kysely<Database>, adminId: number): Promise<boolean> {
  const removed = await db.deleteFrom("admin_second_factors").where("admin_id", "=", adminId).executeTakeFirst();
  await db.deleteFrom("admin_recovery_codes").where("admin_id", "=", adminId).execute();
  await db.deleteFrom("admin_sign_in_challenges").where("admin_id", "=", adminId).execute();
  return Number(removed.numDeletedRows) > 0;
}

/** `npm run admin -- reset-second-factor <email>`: turns the factor off for an admin who lost the app and the codes. */
export async function resetSecondFactor(db: Kysely<Database>, adminId: number, actor: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await removeSecondFactor(trx, adminId);
    if (removed) await recordAudit(trx, { action: SECOND_FACTOR_ACTIONS.reset, actor, entityType: "admin", entityId: adminId });
    return removed;
  });
}

export type CodeSignInResult =
  | { ok: true; admin: SessionAdmin; sessionId: string; expiresAt: Date; recoveryCodesLeft: number | null }
  | { ok: false; reason: "expired" }
  | { ok: false; reason: "missing" | "malformed" | "wrong" | "unreadable"; message: string }
  | { ok: false; reason: "throttled"; message: string; retryAfterSeconds: number };

/**
 * The second step of signing in: the challenge the right password started (its id from this browser's cookie)
 * and a code from the app or a recovery code. The code is counted before it is checked (5 wrong in 15 minutes
 * refuse further codes for the account); a right one uses its step or recovery code up, ends the challenge and
 * starts the session, all or nothing.
 */
export async function completeCodeSignIn(
  db: Kysely<Database>,
  keys: SecondFactorKeys,
  input: { challengeId: string | null; code: string } & Client,
  now: Date = new Date(),
): Promise<CodeSignInResult> {
  const challenge = input.challengeId ? await findSignInChallenge(db, input.challengeId, now) : null;
  if (!challenge) return { ok: false, reason: "expired" };
  const admin = challenge.admin;
  const typed = input.code.trim().slice(0, 64);
  if (!typed) return { ok: false, reason: "missing", message: CODE_MISSING_MESSAGE };
  const parsed = parseCode(typed);
  if (!parsed) return { ok: false, reason: "malformed", message: CODE_MALFORMED_MESSAGE };

  const audit = { actor: admin.email, adminId: admin.id, entityType: "admin", entityId: admin.id, ip: input.ip } as const;
  const verdict = await claimCodeAttempt(db, { email: admin.email, ip: input.ip }, now);
  if (!verdict.allowed) {
    await recordAudit(db, { ...audit, action: LOGIN_THROTTLED_ACTION, details: { reason: "codes" } });
    return {
      ok: false,
      reason: "throttled",
      message: codeThrottledMessage(verdict.retryAfterSeconds),
      retryAfterSeconds: verdict.retryAfterSeconds,
    };
  }

  const check: CodeCheck =
    parsed.kind === "totp"
      ? await checkTotp(db, keys, admin.id, parsed.token, now)
      : (await spendRecoveryCode(db, keys, admin.id, parsed.code, now))
        ? "right"
        : "wrong";
  if (check !== "right") {
    await settleLoginAttempt(db, verdict.attemptId, check === "unreadable" ? "refused" : "failure", now);
    if (check === "unreadable") return { ok: false, reason: "unreadable", message: SECOND_FACTOR_UNREADABLE_MESSAGE };
    await recordAudit(db, { ...audit, action: SECOND_FACTOR_ACTIONS.codeFailure, details: { kind: parsed.kind } });
    return { ok: false, reason: "wrong", message: WRONG_CODE_MESSAGE };
  }
  // Used once: a second browser tab posting the same challenge finds it gone.
  if (!(await consumeSignInChallenge(db, input.challengeId!, now))) {
    await settleLoginAttempt(db, verdict.attemptId, "refused", now);
    return { ok: false, reason: "expired" };
  }
  await settleLoginAttempt(db, verdict.attemptId, "success", now);
  await deleteExpiredSessions(db, now);
  await deleteOldLoginAttempts(db, now);
  const session = await createSession(db, admin.id, { ip: input.ip, userAgent: input.userAgent }, now);
  let recoveryCodesLeft: number | null = null;
  if (parsed.kind === "recovery") {
    recoveryCodesLeft = (await getSecondFactorStatus(db, admin.id)).recoveryCodesLeft;
    await recordAudit(db, { ...audit, action: SECOND_FACTOR_ACTIONS.recoveryCodeUsed, details: { left: recoveryCodesLeft } });
  }
  await recordAudit(db, { ...audit, action: LOGIN_SUCCESS_ACTION, details: { factor: parsed.kind } });
  return { ok: true, admin, sessionId: session.id, expiresAt: session.expiresAt, recoveryCodesLeft };
}
