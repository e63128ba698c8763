import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60_000;
export const LOGIN_THROTTLED_MESSAGE = "Too many sign-in attempts. Please wait 15 minutes and try again.";

export const LOGIN_SUCCESS_ACTION = "auth.login.success";
export const LOGIN_FAILURE_ACTION = "auth.login.failure";
/** A refused attempt is logged under its own action so that it does not extend the window it is refused by. */
export const LOGIN_THROTTLED_ACTION = "auth.login.throttled";

export const normalizeLoginEmail = (email: string) => email.trim().toLowerCase();

/**
 * Whether sign-in is blocked for this account or this address: 5 failed attempts for either within the
 * last 15 minutes, counted from the audit log, so the limit holds across restarts and processes.
 * Successful sign-ins never count, so admins signing in from one shared address do not lock it.
 */
export async function isLoginThrottled(
  db: Kysely<Database>,
  attempt: { email: string; ip: string },
  now: Date = new Date(),
): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE_WINDOW_MS).toISOString();
  const failures = db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("action", "=", LOGIN_FAILURE_ACTION)
    .where("created_at", ">", since);
  const [byAccount, byAddress] = await Promise.all([
    failures.where((eb) => eb(eb.fn("lower", ["actor"]), "=", normalizeLoginEmail(attempt.email))).executeTakeFirstOrThrow(),
    failures.where("ip", "=", attempt.ip).executeTakeFirstOrThrow(),
  ]);
  return Number(byAccount.n) >= LOGIN_FAILURE_LIMIT || Number(byAddress.n) >= LOGIN_FAILURE_LIMIT;
}
