import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { isPostgres } from "~/db/dialect.server";
import type { Database } from "~/db/schema";
import { recordAudit } from "../audit/audit.server";
import { AppError, badRequest } from "../errors";
import { passwordResetMail, type MailContext } from "../mail/messages.server";
import { enqueueMail, wakeMailSender } from "../mail/outbox.server";
import { checkPasswordStrength, hashPassword } from "./password.server";
import { deleteAdminSessions } from "./sessions.server";
import { PASSWORD_RESET_PATH, RESET_LINK_EXPIRED_MESSAGE, RESET_REQUESTED_MESSAGE } from "./password-reset-form";
import { normalizeLoginEmail } from "./throttle.server";

const MINUTE = 60_000;
/** A link works once, within 30 minutes of being asked for. */
export const PASSWORD_RESET_LIFETIME_MS = 30 * MINUTE;
/** At most this many unused links per admin in an hour; past it, a request is answered the same and sends nothing. */
export const PASSWORD_RESETS_PER_HOUR = 3;
const HOUR = 60 * MINUTE;
/** Links older than a day are of no use (used or expired long ago): deleted whenever a new one is asked for. */
const KEPT_FOR_MS = 24 * HOUR;

export * from "./password-reset-form";

export const PASSWORD_RESET_REQUEST_ACTION = "auth.password_reset.request";
export const PASSWORD_RESET_ACTION = "auth.password_reset";

/** 32 random bytes, base64url: what the link carries. Only its SHA-256 (hex) is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => crypto.randomBytes(32).toString("base64url");
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export const passwordResetUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, "")}${PASSWORD_RESET_PATH}?token=${encodeURIComponent(token)}`;

/** Drops links asked for more than a day ago. */
export async function deleteOldPasswordResets(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  await db
    .deleteFrom("password_resets")
    .where("created_at", "<", new Date(now.getTime() - KEPT_FOR_MS).toISOString())
    .execute();
}

/**
 * "Forgot password". When `email` is an admin's, a new single-use link (valid PASSWORD_RESET_LIFETIME_MS) and the
 * message carrying it are written in one transaction, unless the admin already has PASSWORD_RESETS_PER_HOUR unused
 * links from the last hour. The message is rendered either way, so that an unknown address costs about the same
 * time; the answer is always RESET_REQUESTED_MESSAGE: it tells nobody whether an address is an admin's.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  email: string,
  context: MailContext,
  client: { ip?: string | null } = {},
  now: Date = new Date(),
): Promise<{ message: string }> {
  const typed = email.trim().slice(0, 254);
  const at = now.toISOString();
  await deleteOldPasswordResets(db, now);
  const admin = typed
    ? await db.selectFrom("admin_users").select(["id", "email"]).where("email", "=", normalizeLoginEmail(typed)).executeTakeFirst()
    : undefined;
  const token = newToken();
  const mail = await passwordResetMail(context, admin?.email ?? (typed || "nobody@invalid"), passwordResetUrl(context.siteUrl, token));
  if (!admin) return { message: RESET_REQUESTED_MESSAGE };

  const sent = await db.transaction().execute(async (trx) => {
    // Requests for one admin at once are counted one after another (SQLite has one writer).
    if (isPostgres(trx)) await trx.selectFrom("admin_users").select("id").where("id", "=", admin.id).forUpdate().execute();
    const recent = await trx
      .selectFrom("password_resets")
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
      .where("admin_id", "=", admin.id)
      .where("used_at", "is", null)
      .where("created_at", ">", new Date(now.getTime() - HOUR).toISOString())
      .executeTakeFirstOrThrow();
    const allowed = Number(recent.n) < PASSWORD_RESETS_PER_HOUR;
    if (allowed) {
      await trx
        .insertInto("password_resets")
        .values({
          admin_id: admin.id,
          token_hash: hashToken(token),
          created_at: at,
          expires_at: new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS).toISOString(),
          used_at: null,
        })
        .execute();
      await enqueueMail(trx, mail, now);
    }
    await recordAudit(
      trx,
      {
        action: PASSWORD_RESET_REQUEST_ACTION,
        adminId: admin.id,
        actor: typed,
        entityType: "admin",
        entityId: admin.id,
        ip: client.ip ?? null,
        details: { sent: allowed },
      },
      at,
    );
    return allowed;
  });
  if (sent) wakeMailSender();
  return { message: RESET_REQUESTED_MESSAGE };
}

export type ResetLinkState = { live: true; email: string } | { live: false };

/** Whether a link can still be used, and whose it is; changes nothing (a GET: mail scanners open links). */
export async function findPasswordReset(db: Kysely<Database>, token: string, now: Date = new Date()): Promise<ResetLinkState> {
  if (!TOKEN_PATTERN.test(token)) return { live: false };
  const row = await db
    .selectFrom("password_resets")
    .innerJoin("admin_users", "admin_users.id", "password_resets.admin_id")
    .select("admin_users.email")
    .where("password_resets.token_hash", "=", hashToken(token))
    .where("password_resets.used_at", "is", null)
    .where("password_resets.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { live: true, email: row.email } : { live: false };
}

const expired = () => badRequest(RESET_LINK_EXPIRED_MESSAGE, { token: RESET_LINK_EXPIRED_MESSAGE });

/** Whether an error is the refusal of a dead link (expired, used or unknown). */
export const isResetLinkRefusal = (error: unknown) => error instanceof AppError && error.fieldErrors?.token === RESET_LINK_EXPIRED_MESSAGE;

/**
 * Sets a new password through a link. The link must be live; the password follows the same rules as every admin
 * password (checkPasswordStrength) and is hashed before the transaction. In one transaction: the link is marked used
 * only if it is still unused and unexpired (so of two posts at once, one uses it), the password is set, every session
 * of the admin ends, the admin's other live links are spent, and the audit log says so. A dead link is refused (400,
 * RESET_LINK_EXPIRED_MESSAGE); a weak password with its field's message (400), leaving the link live.
 */
export async function resetPassword(
  db: Kysely<Database>,
  token: string,
  newPassword: string,
  client: { ip?: string | null } = {},
  now?: Date,
): Promise<{ adminId: number; email: string; endedSessions: number }> {
  if (!(await findPasswordReset(db, token, now)).live) throw expired();
  checkPasswordStrength(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const tokenHash = hashToken(token);
  // The link may have been used, or have expired, while the password was hashed: checked again, atomically, as of now.
  const at = (now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("password_resets")
      .set({ used_at: at })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .returning("admin_id")
      .executeTakeFirst();
    if (!used) throw expired();
    const admin = await trx
      .updateTable("admin_users")
      .set({ password_hash: passwordHash, updated_at: at })
      .where("id", "=", used.admin_id)
      .returning(["id", "email"])
      .executeTakeFirst();
    if (!admin) throw expired();
    const endedSessions = await deleteAdminSessions(trx, admin.id);
    await trx.updateTable("password_resets").set({ used_at: at }).where("admin_id", "=", admin.id).where("used_at", "is", null).execute();
    await recordAudit(
      trx,
      {
        action: PASSWORD_RESET_ACTION,
        adminId: admin.id,
        actor: admin.email,
        entityType: "admin",
        entityId: admin.id,
        ip: client.ip ?? null,
        details: { endedSessions },
      },
      at,
    );
    return { adminId: admin.id, email: admin.email, endedSessions };
  });
}
