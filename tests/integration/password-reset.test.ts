import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import { INVALID_CREDENTIALS_MESSAGE } from "~/services/auth/admins.server";
import { PASSWORD_CHANGED_MESSAGE, RESET_LINK_EXPIRED_MESSAGE, RESET_REQUESTED_MESSAGE } from "~/services/auth/password-reset-form";
import { TEST_ADMIN } from "../support/admin-session";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { linksOf, startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/** server/app.ts: POST /admin/forgot-password (and its .data address) is limited to 5 per client address in 10 minutes. */
const FORGOT_POSTS_PER_WINDOW = 5;
const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a few minutes and try again.";
const NEW_PASSWORD = "a brand new integration password";

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
/** A client address of each request's own (the server trusts the loopback proxy): the per-address limits stay out of the way. */
let lastAddress = 0;
const nextAddress = () => `198.51.100.${++lastAddress}`;
/** The per-response parts of a page (its CSP nonce, when it was rendered), so that two answers can be compared. */
const withoutNonces = (html: string) =>
  html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "(time)");

for (const database of ["SQLite", "PostgreSQL"] as const) {
  describe.runIf(database === "SQLite" || runPostgres)(`"Forgot password" on ${database}`, () => {
    let sink: SmtpSink;
    let server: RunningServer;
    let created: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

    beforeAll(async () => {
      sink = await startSmtpSink();
      created = database === "PostgreSQL" ? await createTestDatabase() : undefined;
      server = await startServer({
        SMTP_URL: sink.url,
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        TRUST_PROXY: "loopback",
        ...(created ? { DATABASE_URL: created.url } : {}),
      });
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
      await created?.drop();
      await sink?.close();
    });

    /** Runs one statement on the server's database (`?` placeholders). */
    async function execute<T>(query: string, params: unknown[] = []): Promise<T[]> {
      if (created) {
        const client = new pg.Client({ connectionString: created.url });
        await client.connect();
        try {
          let n = 0;
          return (
            await client.query(
              query.replace(/\?/g, () => `$${++n}`),
              params,
            )
          ).rows as T[];
        } finally {
          await client.end();
        }
      }
      const db = new Database(path.join(server.dataDir, SQLITE_FILE_NAME));
      try {
        db.pragma("busy_timeout = 5000");
        const statement = db.prepare(query);
        return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
      } finally {
        db.close();
      }
    }

    const post = (pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextAddress(), ...headers },
        body: new URLSearchParams(fields),
      });
    const get = (pathname: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${pathname}`, { redirect: "manual", headers: { "x-forwarded-for": nextAddress(), ...headers } });
    const signIn = async (password: string) => {
      const response = await post("/admin/login", { email: TEST_ADMIN.email, password });
      return { status: response.status, cookie: response.headers.get("set-cookie")?.split(";")[0], body: await response.text() };
    };
    /** The token of the reset link in a message, and the link's path on the test server. */
    const resetLinkOf = (mail: SmtpSink["received"][number]) => {
      const link = linksOf(mail).find((href) => href.includes("/admin/reset-password?token="));
      expect(link, "the message's reset link").toBeDefined();
      const url = new URL(link!);
      expect(mail.text).toContain(link!);
      return { token: url.searchParams.get("token")!, path: `${url.pathname}${url.search}` };
    };

    it("answers an admin's address and an unknown one alike, mails the admin once, and the link sets a new password once", async () => {
      const oldSession = await signIn(TEST_ADMIN.password);
      expect(oldSession.status).toBe(302);
      expect((await get("/admin", { cookie: oldSession.cookie! })).status).toBe(200);

      // The sign-in page leads to the form, which is not indexed nor kept by any cache.
      expect(await (await get("/admin/login")).text()).toContain('href="/admin/forgot-password"');
      const form = await get("/admin/forgot-password");
      expect(form.status).toBe(200);
      expect(form.headers.get("cache-control")).toMatch(/\bno-store\b/);
      expect(form.headers.get("x-robots-tag")).toBe("noindex");
      const formHtml = await form.text();
      expect(formHtml).toMatch(/<meta name="robots" content="noindex, nofollow"/);
      expect(formHtml).toMatch(/<form [^>]*action="\/admin\/forgot-password"/);

      const forAdmin = await post("/admin/forgot-password", { email: TEST_ADMIN.email.toUpperCase() });
      const forNobody = await post("/admin/forgot-password", { email: "nobody@example.com" });
      const [adminHtml, nobodyHtml] = [await forAdmin.text(), await forNobody.text()];
      expect([forAdmin.status, forNobody.status]).toEqual([200, 200]);
      expect(adminHtml).toContain(RESET_REQUESTED_MESSAGE);
      expect(withoutNonces(adminHtml)).toBe(withoutNonces(nobodyHtml));
      expect(forAdmin.headers.get("cache-control")).toBe(forNobody.headers.get("cache-control"));

      const [mail] = await sink.waitFor(1);
      expect(mail!.to).toEqual([TEST_ADMIN.email]);
      expect(mail!.subject).toMatch(/Reset your .* admin password/);
      const link = resetLinkOf(mail!);
      // One message in all: the unknown address got none.
      expect(await execute("select recipient, kind from mail_outbox")).toEqual([{ recipient: TEST_ADMIN.email, kind: "password-reset" }]);
      // Only the token's hash is stored.
      const [stored] = await execute<{ token_hash: string }>("select token_hash from password_resets");
      expect(stored!.token_hash).toBe(sha256(link.token));

      const page = await get(link.path);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toMatch(/\bno-store\b/);
      const pageHtml = await page.text();
      expect(pageHtml).toContain("Choose a new password");
      expect(pageHtml).toContain('name="password"');
      expect(pageHtml).toContain('name="confirm"');
      expect(pageHtml).toMatch(/<meta name="robots" content="noindex, nofollow"/);

      // Two passwords that differ, or a short one, are refused and leave the link live.
      const differ = await post(link.path, { password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}!` });
      expect(differ.status).toBe(400);
      expect(await differ.text()).toContain("The two passwords are not the same.");
      const short = await post(link.path, { password: "short", confirm: "short" });
      expect(short.status).toBe(400);
      expect(await short.text()).toContain("Passwords must be at least 12 characters long.");

      const reset = await post(link.path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD });
      expect(reset.status).toBe(302);
      expect(reset.headers.get("location")).toBe("/admin/login?reset=done");
      expect(await (await get("/admin/login?reset=done")).text()).toContain(PASSWORD_CHANGED_MESSAGE);

      // Every session of the admin ended: the old cookie now goes to the sign-in page.
      const withOldCookie = await get("/admin", { cookie: oldSession.cookie! });
      expect(withOldCookie.status).toBe(302);
      expect(withOldCookie.headers.get("location")).toMatch(/^\/admin\/login\?/);
      const withOld = await signIn(TEST_ADMIN.password);
      expect(withOld.status).toBe(401);
      expect(withOld.body).toContain(INVALID_CREDENTIALS_MESSAGE);
      const withNew = await signIn(NEW_PASSWORD);
      expect(withNew.status).toBe(302);
      expect((await get("/admin", { cookie: withNew.cookie! })).status).toBe(200);
      expect(await execute("select action from audit_log where action like 'auth.password_reset%' order by id")).toEqual([
        { action: "auth.password_reset.request" },
        { action: "auth.password_reset" },
      ]);

      // The link works once.
      const again = await post(link.path, { password: "yet another long password", confirm: "yet another long password" });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain(RESET_LINK_EXPIRED_MESSAGE);
      const reopened = await (await get(link.path)).text();
      expect(reopened).toContain(RESET_LINK_EXPIRED_MESSAGE);
      expect(reopened).toContain('href="/admin/forgot-password"');
      expect(reopened).not.toContain('name="password"');
      expect((await signIn(NEW_PASSWORD)).status).toBe(302);

      // No log line holds a token whole: the request log keeps its first four characters.
      const logged = JSON.stringify(server.logs);
      expect(logged).not.toContain(link.token);
      expect(server.logs.map((entry) => (entry.req as { url?: string } | undefined)?.url)).toContain(
        `/admin/reset-password?token=${link.token.slice(0, 4)}…`,
      );
    }, 120_000);

    it("refuses a link past its 30 minutes", async () => {
      const before = sink.received.length;
      expect((await post("/admin/forgot-password", { email: TEST_ADMIN.email })).status).toBe(200);
      const mails = await sink.waitFor(before + 1);
      const link = resetLinkOf(mails[before]!);
      expect(await (await get(link.path)).text()).toContain('name="password"');

      await execute("update password_resets set expires_at = ? where token_hash = ?", [
        new Date(Date.now() - 1000).toISOString(),
        sha256(link.token),
      ]);
      const page = await (await get(link.path)).text();
      expect(page).toContain(RESET_LINK_EXPIRED_MESSAGE);
      expect(page).not.toContain('name="password"');
      const expired = await post(link.path, { password: "a password too late", confirm: "a password too late" });
      expect(expired.status).toBe(400);
      expect(await expired.text()).toContain(RESET_LINK_EXPIRED_MESSAGE);
      expect((await signIn(NEW_PASSWORD)).status).toBe(302);
    }, 60_000);

    it(`limits the requests to ${FORGOT_POSTS_PER_WINDOW} per client address in 10 minutes, on the page and its data address`, async () => {
      const address = "192.0.2.77";
      for (let i = 0; i < FORGOT_POSTS_PER_WINDOW; i++) {
        const pathname = i % 2 === 0 ? "/admin/forgot-password" : "/admin/forgot-password.data";
        const answer = await post(pathname, { email: `nobody${i}@example.com` }, { "x-forwarded-for": address });
        expect(answer.status, `request ${i + 1}`).toBe(200);
        await answer.arrayBuffer();
      }
      const refused = await post("/admin/forgot-password", { email: "nobody@example.com" }, { "x-forwarded-for": address });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.text()).toContain(TOO_MANY_REQUESTS_MESSAGE);
      // Another client is not held back.
      expect((await post("/admin/forgot-password", { email: "nobody@example.com" })).status).toBe(200);
    }, 60_000);
  });
}
