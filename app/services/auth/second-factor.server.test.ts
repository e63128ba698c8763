import type { Kysely } from "kysely";
import { generate } from "otplib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { STATUS_BY_CODE } from "../errors";
import type { MailContext } from "../mail/messages.server";
import { TEST_DATABASES, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { createAdmin, signIn } from "./admins.server";
import { hashPassword } from "./password.server";
import { requestPasswordReset, resetPassword } from "./password-reset.server";
import {
  completeCodeSignIn,
  disableSecondFactor,
  enableSecondFactor,
  getSecondFactorSetup,
  getSecondFactorStatus,
  parseCode,
  regenerateRecoveryCodes,
  resetSecondFactor,
  secondFactorKeys,
  startSecondFactorSetup,
  type CodeSignInResult,
} from "./second-factor.server";
import { CODE_MALFORMED_MESSAGE, WRONG_CODE_MESSAGE, WRONG_CONFIRMATION_MESSAGE } from "./second-factor-form";
import { SIGN_IN_CHALLENGE_TTL_MS, startSignInChallenge } from "./sign-in-challenges.server";
import type { SessionAdmin } from "./sessions.server";

const PASSWORD = "ann's long sign-in password";
const NEW_PASSWORD = "ann's brand new password!";
const KEYS = secondFactorKeys("a-session-secret-of-at-least-32-characters");
const IP = "203.0.113.7";
/** The start of a 30-second step, so that ±15 s stays inside it. */
const T0 = new Date("2026-01-05T10:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const codeAt = (secret: string, when: Date) => generate({ secret, epoch: Math.floor(when.getTime() / 1000) });
const MAIL: MailContext = {
  siteName: "Bloom Finder",
  siteUrl: "https://flowers.example",
  contactEmail: "hi@flowers.example",
  postalAddress: "",
};

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`admin second factor on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let ann: SessionAdmin;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "second-factor");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      ann = await createAdmin(db, { email: "ann@example.com", name: "Ann", password: PASSWORD });
    }, 60_000);
    afterAll(() => cleanup());
    beforeEach(async () => {
      for (const table of [
        "admin_second_factors",
        "admin_recovery_codes",
        "admin_sign_in_challenges",
        "login_attempts",
        "sessions",
        "audit_log",
      ] as const) {
        await db.deleteFrom(table).execute();
      }
    });

    /** Sets the factor up and turns it on with the code of T0; returns the secret and the recovery codes. */
    async function enabled() {
      const setup = await startSecondFactorSetup(db, KEYS, ann, "Bloom Finder", T0);
      const { recoveryCodes } = await enableSecondFactor(db, KEYS, ann, { code: await codeAt(setup.secret, T0), ip: IP }, T0);
      return { secret: setup.secret, recoveryCodes };
    }
    const challenge = async (when: Date) => (await startSignInChallenge(db, ann.id, when)).id;
    const submit = async (code: string, when: Date, challengeId?: string) =>
      completeCodeSignIn(db, KEYS, { challengeId: challengeId ?? (await challenge(when)), code, ip: IP }, when);
    const actions = async () => (await db.selectFrom("audit_log").select("action").orderBy("id").execute()).map((row) => row.action);
    const sessions = async () => (await db.selectFrom("sessions").select("admin_id").execute()).length;

    it("turns on only after a code from the app matches; the secret and the codes are not stored as such", async () => {
      const setup = await startSecondFactorSetup(db, KEYS, ann, "Bloom Finder", T0);
      expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Bloom%20Finder:ann%40example\.com\?secret=[A-Z2-7]{32}&issuer=Bloom%20Finder$/);
      expect(setup.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(setup.qrSvg).not.toMatch(/style=/);
      // Being set up, it is not asked for.
      expect(await getSecondFactorStatus(db, ann.id)).toMatchObject({ enabled: false, pending: true });
      expect((await getSecondFactorSetup(db, KEYS, ann, "Bloom Finder"))?.secret).toBe(setup.secret);

      const wrong = await rejection(enableSecondFactor(db, KEYS, ann, { code: await codeAt(setup.secret, at(300)), ip: IP }, T0));
      expect(STATUS_BY_CODE[wrong.code]).toBe(400);
      expect(wrong.fieldErrors?.code).toMatch(/does not match/);
      expect((await rejection(enableSecondFactor(db, KEYS, ann, { code: "12ab", ip: IP }, T0))).message).toMatch(/6-digit code/);
      expect(await getSecondFactorStatus(db, ann.id)).toMatchObject({ enabled: false, pending: true });

      const { recoveryCodes } = await enableSecondFactor(db, KEYS, ann, { code: await codeAt(setup.secret, T0), ip: IP }, T0);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
      expect(await getSecondFactorStatus(db, ann.id)).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
      expect(await actions()).toEqual(["auth.second_factor.enable"]);

      const stored = await db.selectFrom("admin_second_factors").selectAll().executeTakeFirstOrThrow();
      expect(stored.secret_encrypted).toMatch(/^v1\./);
      expect(stored.secret_encrypted).not.toContain(setup.secret);
      const hashes = (await db.selectFrom("admin_recovery_codes").select("code_hash").execute()).map((row) => row.code_hash).join(" ");
      for (const code of recoveryCodes) {
        expect(hashes).not.toContain(code);
        expect(hashes).not.toContain(code.replace("-", ""));
      }
      // Another SESSION_SECRET cannot read it: a code is refused as unreadable, never accepted.
      const other = secondFactorKeys("another-session-secret-of-32-characters!");
      const unreadable = await completeCodeSignIn(
        db,
        other,
        { challengeId: await challenge(at(60)), code: await codeAt(setup.secret, at(60)), ip: IP },
        at(60),
      );
      expect(unreadable).toMatchObject({ ok: false, reason: "unreadable" });
    });

    it("asks for a code after the right password, with no session until then", async () => {
      const { secret } = await enabled();
      const result = await signIn(db, { email: "ann@example.com", password: PASSWORD, ip: IP });
      expect(result).toMatchObject({ ok: false, reason: "code_required", admin: { id: ann.id } });
      expect(await sessions()).toBe(0);
      if (result.ok || result.reason !== "code_required") throw new Error("no challenge");
      const code = await generate({ secret });
      const done = await completeCodeSignIn(db, KEYS, { challengeId: result.challengeId, code, ip: IP });
      expect(done).toMatchObject({ ok: true, admin: { id: ann.id }, recoveryCodesLeft: null });
      expect(await sessions()).toBe(1);
      expect(await actions()).toEqual(["auth.second_factor.enable", "auth.login.code_required", "auth.login.success"]);
      // The challenge is used up.
      expect(await completeCodeSignIn(db, KEYS, { challengeId: result.challengeId, code, ip: IP })).toEqual({
        ok: false,
        reason: "expired",
      });
    });

    it("accepts a code of the step before or after, not two steps away", async () => {
      const { secret } = await enabled();
      // At T0 + 90 s (step 3): the code of step 2 (a phone 30 s behind) is accepted.
      expect(await submit(await codeAt(secret, at(60)), at(90))).toMatchObject({ ok: true });
      // Then at T0 + 150 s (step 5): step 6's code (a phone ahead) is accepted.
      expect(await submit(await codeAt(secret, at(180)), at(150))).toMatchObject({ ok: true });
      // At T0 + 300 s (step 10): steps 8 and 12 are two away.
      expect(await submit(await codeAt(secret, at(240)), at(300))).toMatchObject({
        ok: false,
        reason: "wrong",
        message: WRONG_CODE_MESSAGE,
      });
      expect(await submit(await codeAt(secret, at(360)), at(300))).toMatchObject({ ok: false, reason: "wrong" });
      expect(await submit(await codeAt(secret, at(300)), at(300))).toMatchObject({ ok: true });
    });

    it("refuses a code used already, and one of an earlier step", async () => {
      const { secret } = await enabled();
      // The code that turned it on cannot sign in.
      expect(await submit(await codeAt(secret, T0), at(10))).toMatchObject({ ok: false, reason: "wrong" });
      const code = await codeAt(secret, at(60));
      expect(await submit(code, at(60))).toMatchObject({ ok: true });
      expect(await submit(code, at(65))).toMatchObject({ ok: false, reason: "wrong" });
      // Step 1 is before the step used: refused too.
      expect(await submit(await codeAt(secret, at(30)), at(70))).toMatchObject({ ok: false, reason: "wrong" });
      expect(await sessions()).toBe(1);
    });

    it("lets only one of two sign-ins sent at once with the same code in", async () => {
      const { secret } = await enabled();
      const code = await codeAt(secret, at(60));
      const [a, b] = [await challenge(at(60)), await challenge(at(60))];
      const results = await Promise.all([submit(code, at(60), a), submit(code, at(60), b)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.reason === "wrong")).toHaveLength(1);
      expect(await sessions()).toBe(1);
    });

    it("takes each recovery code once, however it is typed", async () => {
      const { recoveryCodes } = await enabled();
      const [first, second] = recoveryCodes as [string, string];
      expect(await submit(first.toUpperCase(), at(60))).toMatchObject({ ok: true, recoveryCodesLeft: 9 });
      expect(await submit(first, at(61))).toMatchObject({ ok: false, reason: "wrong" });
      expect(await submit(` ${second.replace("-", " ")} `, at(62))).toMatchObject({ ok: true, recoveryCodesLeft: 8 });
      expect(await getSecondFactorStatus(db, ann.id)).toMatchObject({ recoveryCodesLeft: 8 });
      expect((await actions()).filter((action) => action === "auth.second_factor.recovery_code_used")).toHaveLength(2);
      // Two at once with one code: one wins.
      const third = recoveryCodes[2]!;
      const results = await Promise.all([submit(third, at(70)), submit(third, at(70))]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
    });

    it("answers what is not a code with its own message, and counts nothing for it", async () => {
      await enabled();
      expect(parseCode("123 456")).toEqual({ kind: "totp", token: "123456" });
      expect(parseCode("ABCD-EFGH")).toEqual({ kind: "recovery", code: "abcdefgh" });
      expect(parseCode("OOII-LL00")).toEqual({ kind: "recovery", code: "00111100" });
      for (const typed of ["12345", "1234567", "abcd-efgu", "hello"]) {
        expect(await submit(typed, at(60))).toEqual({ ok: false, reason: "malformed", message: CODE_MALFORMED_MESSAGE });
      }
      expect(await submit("  ", at(60))).toMatchObject({ ok: false, reason: "missing" });
      expect(await db.selectFrom("login_attempts").selectAll().execute()).toHaveLength(1); // the code that turned it on
    });

    it("ends the step after the password 5 minutes on", async () => {
      const { secret } = await enabled();
      const id = await challenge(at(0));
      const late = at(SIGN_IN_CHALLENGE_TTL_MS / 1000 + 1);
      expect(await submit(await codeAt(secret, late), late, id)).toEqual({ ok: false, reason: "expired" });
      expect(await submit(await codeAt(secret, late), late, "not-a-challenge")).toEqual({ ok: false, reason: "expired" });
    });

    it("refuses further codes after 5 wrong ones in 15 minutes, even the right one, counted before they are checked", async () => {
      const { secret } = await enabled();
      for (let i = 0; i < 5; i++) expect(await submit("000000", at(60 + i))).toMatchObject({ ok: false, reason: "wrong" });
      const refused = await submit(await codeAt(secret, at(90)), at(90));
      expect(refused).toMatchObject({
        ok: false,
        reason: "throttled",
        message: "Too many wrong codes. Please wait 15 minutes and try again.",
      });
      expect((refused as Extract<CodeSignInResult, { reason: "throttled" }>).retryAfterSeconds).toBe(15 * 60 - 30);
      expect(await actions()).toContain("auth.login.throttled");
      // A refusal does not count: once the first wrong code leaves the window, a right code signs in.
      const later = at(60 + 15 * 60 + 1);
      expect(await submit(await codeAt(secret, later), later)).toMatchObject({ ok: true });

      // The account page's confirmations count against the same limit.
      const confirmation = await rejection(regenerateRecoveryCodes(db, KEYS, ann, { confirmation: PASSWORD, ip: IP }, at(90)));
      expect(confirmation).toMatchObject({ code: "too_many_requests", retryAfterSeconds: 15 * 60 - 30 });

      // 20 wrong codes at once: 5 checked, 15 refused before any check.
      await db.deleteFrom("login_attempts").execute();
      const burst = at(3000);
      const results = await Promise.all(Array.from({ length: 20 }, async () => submit("111111", burst)));
      expect(results.filter((result) => !result.ok && result.reason === "wrong")).toHaveLength(5);
      expect(results.filter((result) => !result.ok && result.reason === "throttled")).toHaveLength(15);
      // The password's own limit is not touched by wrong codes.
      expect(await signIn(db, { email: "ann@example.com", password: PASSWORD, ip: IP })).toMatchObject({ reason: "code_required" });
    });

    it("makes new recovery codes, after a code or the password, and the old ones stop working", async () => {
      const { secret, recoveryCodes: old } = await enabled();
      const wrong = await rejection(regenerateRecoveryCodes(db, KEYS, ann, { confirmation: "not my password", ip: IP }, at(60)));
      expect(wrong).toMatchObject({ code: "unauthorized", message: WRONG_CONFIRMATION_MESSAGE });
      expect((await rejection(regenerateRecoveryCodes(db, KEYS, ann, { confirmation: " ", ip: IP }, at(60)))).code).toBe("bad_request");
      const { recoveryCodes } = await regenerateRecoveryCodes(
        db,
        KEYS,
        ann,
        { confirmation: await codeAt(secret, at(60)), ip: IP },
        at(60),
      );
      expect(recoveryCodes).toHaveLength(10);
      expect(recoveryCodes.some((code) => old.includes(code))).toBe(false);
      expect(await submit(old[0]!, at(70))).toMatchObject({ ok: false, reason: "wrong" });
      expect(await submit(recoveryCodes[0]!, at(71))).toMatchObject({ ok: true });
      await regenerateRecoveryCodes(db, KEYS, ann, { confirmation: PASSWORD, ip: IP }, at(80));
      expect(await actions()).toContain("auth.second_factor.recovery_codes");
    });

    it("turns off after a current code or the password; then the password alone signs in", async () => {
      const { secret } = await enabled();
      expect((await rejection(disableSecondFactor(db, KEYS, ann, { confirmation: "123456", ip: IP }, at(60)))).code).toBe("unauthorized");
      expect(await getSecondFactorStatus(db, ann.id)).toMatchObject({ enabled: true });
      await disableSecondFactor(db, KEYS, ann, { confirmation: await codeAt(secret, at(60)), ip: IP }, at(60));
      expect(await getSecondFactorStatus(db, ann.id)).toEqual({ enabled: false, pending: false, enabledAt: null, recoveryCodesLeft: 0 });
      expect(await db.selectFrom("admin_recovery_codes").selectAll().execute()).toEqual([]);
      expect(await actions()).toContain("auth.second_factor.disable");
      expect(await signIn(db, { email: "ann@example.com", password: PASSWORD, ip: IP })).toMatchObject({ ok: true });

      await enabled();
      await disableSecondFactor(db, KEYS, ann, { confirmation: PASSWORD, ip: IP }, at(60));
      expect(await getSecondFactorStatus(db, ann.id)).toMatchObject({ enabled: false });
    });

    it("is turned off by the command line's reset for a locked-out admin", async () => {
      await enabled();
      expect(await resetSecondFactor(db, ann.id, "cli")).toBe(true);
      expect(await resetSecondFactor(db, ann.id, "cli")).toBe(false);
      expect(await getSecondFactorStatus(db, ann.id)).toMatchObject({ enabled: false, pending: false });
      expect(await actions()).toEqual(["auth.second_factor.enable", "auth.second_factor.reset"]);
    });

    it("still asks for the code after a password reset by mail", async () => {
      await enabled();
      await requestPasswordReset(db, "ann@example.com", MAIL, { ip: IP });
      const text = (await db.selectFrom("mail_outbox").select("text").orderBy("id", "desc").executeTakeFirstOrThrow()).text;
      const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
      if (!token) throw new Error(`no reset link in: ${text}`);
      await resetPassword(db, token, NEW_PASSWORD, { ip: IP });
      expect(await signIn(db, { email: "ann@example.com", password: NEW_PASSWORD, ip: IP })).toMatchObject({
        ok: false,
        reason: "code_required",
      });
      expect(await sessions()).toBe(0);
      // Ann's first password back, for the tests after this one.
      await db
        .updateTable("admin_users")
        .set({ password_hash: await hashPassword(PASSWORD) })
        .where("id", "=", ann.id)
        .execute();
    });
  });
}
