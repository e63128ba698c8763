/**
 * Two-step sign-in against the production build (decision 048): the password alone gives a challenge cookie and
 * no session; wrong codes are limited per account; the command line's reset turns it off for a locked-out admin.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILURE_LIMIT } from "~/services/auth/throttle.server";
import { startSignedIn, TEST_ADMIN } from "../support/admin-session";
import { runPostgres } from "../support/postgres";
import type { RunningServer } from "../support/server";

const DATABASES = [
  { name: "SQLite", kind: "sqlite", enabled: true },
  { name: "PostgreSQL", kind: "postgres", enabled: runPostgres },
] as const;

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((line) => line.split(";")[0]!);

for (const database of DATABASES) {
  describe.runIf(database.enabled)(`two-step sign-in on ${database.name}`, () => {
    let running: { server: RunningServer; cookie: string; databaseUrl?: string; stop(): Promise<void> };
    let secret: string;
    const url = (pathname: string) => `${running.server.url}${pathname}`;
    const post = (pathname: string, form: Record<string, string>, cookie = "") =>
      fetch(url(pathname), {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams(form),
      });

    beforeAll(async () => {
      // Idle connections kept longer than the test: fetch may reuse one after the command line's seconds of work,
      // and must not meet one the server is closing (KEEP_ALIVE_TIMEOUT's 5 s by default).
      running = await startSignedIn(database.kind, { KEEP_ALIVE_TIMEOUT: "600" });
      // Set up as the account page does: start, read the key the page shows, confirm with its code.
      expect((await post("/admin/account", { intent: "start" }, running.cookie)).status).toBe(200);
      const page = await (await fetch(url("/admin/account"), { headers: { cookie: running.cookie } })).text();
      secret = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
      const enabled = await post("/admin/account", { intent: "enable", code: await generate({ secret }) }, running.cookie);
      expect(enabled.status).toBe(200);
      expect((await enabled.text()).match(/<li[^>]*>[0-9a-z]{4}-[0-9a-z]{4}<\/li>/g)).toHaveLength(10);
    }, 120_000);
    afterAll(() => running?.stop());

    it("answers the right password with a challenge cookie and no session; the code step then signs in", async () => {
      const answer = await post("/admin/login", { ...TEST_ADMIN, next: "/admin/wholesalers" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/admin/login/code?next=%2Fadmin%2Fwholesalers");
      const cookies = cookiesOf(answer);
      expect(cookies.some((cookie) => /wff_session=/.test(cookie))).toBe(false);
      const step = cookies.find((cookie) => /^(__Secure-)?wff_sign_in_step=/.test(cookie))!;
      expect(answer.headers.getSetCookie().find((line) => line.startsWith(step))).toMatch(
        /Max-Age=300; Path=\/admin; HttpOnly;.*SameSite=Lax/,
      );

      // The challenge opens no admin page.
      const admin = await fetch(url("/admin"), { redirect: "manual", headers: { cookie: step } });
      expect(admin.status).toBe(302);
      expect(admin.headers.get("location")).toBe("/admin/login?next=%2Fadmin");
      expect((await fetch(url("/admin/login/code"), { headers: { cookie: step } })).status).toBe(200);

      // Not a code at all: 400, counted for nothing. A code one step ahead: in.
      expect((await post("/admin/login/code", { code: "12", next: "/admin/wholesalers" }, step)).status).toBe(400);
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      const signedIn = await post("/admin/login/code", { code, next: "/admin/wholesalers" }, step);
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe("/admin/wholesalers");
      const session = cookiesOf(signedIn).find((cookie) => /wff_session=./.test(cookie))!;
      expect((await fetch(url("/admin/wholesalers"), { redirect: "manual", headers: { cookie: session } })).status).toBe(200);
      // The challenge was used up: the same cookie and a code again lead back to sign-in.
      const again = await post("/admin/login/code", { code, next: "/admin" }, step);
      expect(again.status).toBe(400);
      expect(await again.text()).toContain("Your sign-in took more than 5 minutes");
    }, 60_000);

    it("refuses codes after 5 wrong ones with 429, until `unlock`; `reset-second-factor` turns it off", async () => {
      const step = cookiesOf(await post("/admin/login", { ...TEST_ADMIN, next: "/admin" })).find((cookie) =>
        /wff_sign_in_step=/.test(cookie),
      )!;
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) expect((await post("/admin/login/code", { code: "000000" }, step)).status).toBe(401);
      const refused = await post("/admin/login/code", { code: await generate({ secret }) }, step);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
      expect(await refused.text()).toContain("Too many wrong codes. Please wait 15 minutes and try again.");

      const admin = (...args: string[]) =>
        spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
          cwd: path.resolve(import.meta.dirname, "../.."),
          env: {
            PATH: process.env.PATH,
            DATA_DIR: running.server.dataDir,
            ...(running.databaseUrl ? { DATABASE_URL: running.databaseUrl } : {}),
          },
          encoding: "utf8",
        });
      const unlock = admin("unlock", TEST_ADMIN.email);
      expect(unlock.status).toBe(0);
      expect((await post("/admin/login/code", { code: "000000" }, step)).status).toBe(401);

      expect(admin("list").stdout).toMatch(new RegExp(`${TEST_ADMIN.email}\t.*\ttwo-step on\n`));
      const reset = admin("reset-second-factor", TEST_ADMIN.email);
      expect(reset.stderr).toBe("");
      expect(reset.status).toBe(0);
      expect(reset.stdout).toContain(`Two-step sign-in is off for ${TEST_ADMIN.email}`);
      expect(admin("reset-second-factor", TEST_ADMIN.email).stdout).toContain("had no two-step sign-in; nothing changed");
      const unknown = admin("reset-second-factor", "nobody@example.com");
      expect(unknown.status).not.toBe(0);
      expect(unknown.stderr).toContain("No admin has the email nobody@example.com.");

      expect(admin("list").stdout).toMatch(new RegExp(`${TEST_ADMIN.email}\t.*\ttwo-step off\n`));
      // The password alone signs in again.
      const plain = await post("/admin/login", { ...TEST_ADMIN, next: "/admin" });
      expect(plain.status).toBe(302);
      expect(plain.headers.get("location")).toBe("/admin");
      expect(cookiesOf(plain).some((cookie) => /wff_session=./.test(cookie))).toBe(true);
    }, 120_000);
  });
}
