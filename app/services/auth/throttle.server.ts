import { sql, type Kysely } from "kysely";
import { isPostgres } from "~/db/dialect.server";
import type { Database } from "~/db/schema";

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60_000;
export const LOGIN_THROTTLE_RETRY_AFTER_SECONDS = LOGIN_THROTTLE_WINDOW_MS / 1000;
export const LOGIN_THROTTLED_MESSAGE = "Too many sign-in attempts. Please wait 15 minutes and try again.";
/** The longest an account under attack makes a browser it does not know wait between attempts. */
export const ACCOUNT_SLOWDOWN_MAX_SECONDS = 60;
export const accountSlowedMessage = (seconds: number) =>
  `This account has had many failed sign-ins, so it takes one attempt at a time from a browser that has not signed in before. ` +
  `Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;

export const LOGIN_SUCCESS_ACTION = "auth.login.success";
export const LOGIN_FAILURE_ACTION = "auth.login.failure";
/** A refused attempt is logged under its own action so that it does not extend the window it is refused by. */
export const LOGIN_THROTTLED_ACTION = "auth.login.throttled";

export const normalizeLoginEmail = (email: string) => email.trim().toLowerCase();

/** Attempts that count against a limit: being checked now, or checked and wrong. Successes and refusals never do. */
const COUNTED = ["pending", "failure"] as const;

/** A PostgreSQL advisory lock's key: attempts claim their place one after another (any number, our own). */
const CLAIM_LOCK_KEY = 7_204_117;

export type LoginVerdict =
  { allowed: true; attemptId: number } | { allowed: false; attemptId: number; reason: "throttled" | "slowed"; retryAfterSeconds: number };

/**
 * How long a browser the account does not know waits between attempts once the account has had `failures`
 * (at least LOGIN_FAILURE_LIMIT) in the window: 1 s, doubling with each further failure, at most a minute.
 */
export const accountSlowdownSeconds = (failures: number) =>
  Math.min(ACCOUNT_SLOWDOWN_MAX_SECONDS, 2 ** Math.max(0, failures - LOGIN_FAILURE_LIMIT));

/**
 * Writes a sign-in attempt down before its password is checked, and says whether it may be checked. The
 * attempt and the count of those before it (by id) are one transaction, under a lock on PostgreSQL, so attempts
 * sent at once are counted one after another: 30 parallel guesses get 5 checks, not 30.
 *
 * - From a browser that signed in as this admin before (`device`, its signed device cookie's id): only that
 *   device's own failures count (5 in 15 minutes, after which it counts as a browser the account does not know).
 *   So nobody elsewhere can keep the admin out of a browser they have used.
 * - Otherwise, per address: 5 failures in 15 minutes refuse every account from it ("throttled", 15 minutes).
 * - Otherwise, per account: after 5 failures in 15 minutes from browsers it does not know, the account is slowed,
 *   not refused: one attempt at a time, 1 s after the last one's check ended, doubling up to a minute ("slowed",
 *   with the seconds left). The right password still gets in; `npm run admin -- unlock <email>` clears the count.
 */
export async function claimLoginAttempt(
  db: Kysely<Database>,
  attempt: { email: string; ip: string; device: string | null },
  now: Date = new Date(),
): Promise<LoginVerdict> {
  const email = normalizeLoginEmail(attempt.email);
  const since = new Date(now.getTime() - LOGIN_THROTTLE_WINDOW_MS).toISOString();
  return db.transaction().execute(async (trx): Promise<LoginVerdict> => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`.execute(trx);
    const { id } = await trx
      .insertInto("login_attempts")
      .values({ email, ip: attempt.ip, device: attempt.device, outcome: "pending", created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const before = trx
      .selectFrom("login_attempts")
      .where("id", "<", id)
      .where("created_at", ">", since)
      .where("outcome", "in", COUNTED)
      .where("factor", "=", "password");
    const count = async (query: typeof before) =>
      Number((await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    // A refused attempt never counts: it is marked so before the next attempt is counted.
    const refuse = async (reason: "throttled" | "slowed", retryAfterSeconds: number): Promise<LoginVerdict> => {
      await settleLoginAttempt(trx, id, "refused", now);
      return { allowed: false, attemptId: id, reason, retryAfterSeconds };
    };

    if (attempt.device && (await count(before.where("device", "=", attempt.device))) < LOGIN_FAILURE_LIMIT) {
      return { allowed: true, attemptId: id };
    }
    if ((await count(before.where("ip", "=", attempt.ip).where("device", "is", null))) >= LOGIN_FAILURE_LIMIT) {
      return refuse("throttled", LOGIN_THROTTLE_RETRY_AFTER_SECONDS);
    }
    const unknownBrowsers = before.where("email", "=", email).where("device", "is", null);
    const failures = await count(unknownBrowsers);
    if (failures < LOGIN_FAILURE_LIMIT) return { allowed: true, attemptId: id };
    // One at a time: the wait runs from when the last attempt's check ended; while one is being checked, it has not.
    // (An attempt whose server stopped while checking it stays pending: after a minute it counts as ended then.)
    const last = await unknownBrowsers.select(["settled_at", "created_at"]).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    const ended = last.settled_at ?? (now.getTime() - Date.parse(last.created_at) > 60_000 ? last.created_at : null);
    const slowdownMs = accountSlowdownSeconds(failures) * 1000;
    const waitMs = ended === null ? slowdownMs : slowdownMs - (now.getTime() - Date.parse(ended));
    if (waitMs <= 0) return { allowed: true, attemptId: id };
    return refuse("slowed", Math.ceil(waitMs / 1000));
  });
}

export type CodeVerdict = { allowed: true; attemptId: number } | { allowed: false; attemptId: number; retryAfterSeconds: number };

/**
 * Writes a second-factor code attempt down before the code is checked, like `claimLoginAttempt` for passwords
 * (decision 037): in one transaction with the count of those before it, under the same lock on PostgreSQL, so codes
 * sent at once are counted one after another. Whoever reaches the code has the password already, so the limit is
 * per account, whatever the browser or address: 5 wrong codes in 15 minutes refuse further codes (even a right one)
 * until the oldest leaves the window. `npm run admin -- unlock <email>` clears the count.
 */
export async function claimCodeAttempt(
  db: Kysely<Database>,
  attempt: { email: string; ip: string },
  now: Date = new Date(),
): Promise<CodeVerdict> {
  const email = normalizeLoginEmail(attempt.email);
  const since = new Date(now.getTime() - LOGIN_THROTTLE_WINDOW_MS).toISOString();
  return db.transaction().execute(async (trx): Promise<CodeVerdict> => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`.execute(trx);
    const { id } = await trx
      .insertInto("login_attempts")
      .values({ email, ip: attempt.ip, device: null, outcome: "pending", factor: "code", created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const counted = await trx
      .selectFrom("login_attempts")
      .select(["created_at"])
      .where("id", "<", id)
      .where("email", "=", email)
      .where("factor", "=", "code")
      .where("created_at", ">", since)
      .where("outcome", "in", COUNTED)
      .orderBy("id", "desc")
      .limit(LOGIN_FAILURE_LIMIT)
      .execute();
    if (counted.length < LOGIN_FAILURE_LIMIT) return { allowed: true, attemptId: id };
    await settleLoginAttempt(trx, id, "refused", now);
    // Free again when the oldest of the last five leaves the window.
    const oldest = Date.parse(counted[counted.length - 1]!.created_at);
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + LOGIN_THROTTLE_WINDOW_MS - now.getTime()) / 1000));
    return { allowed: false, attemptId: id, retryAfterSeconds };
  });
}

/** Records how a claimed attempt ended: failure (counts), success or refused (never count). */
export async function settleLoginAttempt(
  db: Kysely<Database>,
  attemptId: number,
  outcome: "failure" | "success" | "refused",
  now: Date = new Date(),
): Promise<void> {
  await db.updateTable("login_attempts").set({ outcome, settled_at: now.toISOString() }).where("id", "=", attemptId).execute();
}

/** `npm run admin -- unlock <email>`: forgets the account's attempts, so that neither it nor their addresses are held back. */
export async function clearLoginAttempts(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db.deleteFrom("login_attempts").where("email", "=", normalizeLoginEmail(email)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Attempts older than a day are of no use to any limit. */
export async function deleteOldLoginAttempts(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  await db
    .deleteFrom("login_attempts")
    .where("created_at", "<", new Date(now.getTime() - 24 * 60 * 60_000).toISOString())
    .execute();
}
