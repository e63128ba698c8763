import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { NO_POSTAL_ADDRESS_MESSAGE, type IssueProgress } from "~/services/newsletter/issue-form";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { assertNoUnexpectedServerLogs, startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/**
 * A newsletter issue composed and sent through the admin's routes, on the production build with a real SMTP server
 * (the sink): every confirmed subscriber gets it once and nobody else does, each message carries its reader's own
 * RFC 8058 one-click unsubscribe, which works from a mail provider (no cookie, no Origin), and the issue is a public page.
 */

const SITE_URL = "https://www.wholesaleflowerfinder.com";
const SUBSCRIBERS = [
  { email: "ann@example.com", status: "confirmed" },
  { email: "bo@example.com", status: "confirmed" },
  { email: "cy@example.com", status: "confirmed" },
  { email: "pending@example.com", status: "pending" },
  { email: "gone@example.com", status: "unsubscribed" },
  { email: "bounced@example.com", status: "undeliverable" },
] as const;
const CONFIRMED = SUBSCRIBERS.filter((s) => s.status === "confirmed").map((s) => s.email);
const TITLE = "Peonies are here";

for (const database of ["sqlite", "postgres"] as const) {
  describe.runIf(database === "sqlite" || runPostgres)(`sending a newsletter issue on ${database}`, () => {
    let sink: SmtpSink;
    let server: RunningServer;
    let cookie: string;
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let drop: (() => Promise<void>) | undefined;
    let issueId: number;

    /** A form posted to an admin route the way the app's own fetch does: its answer, as React Router encodes it. */
    const adminPost = async (path: string, fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
      const response = await fetch(`${server.url}${path}.data`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      return { status: response.status, text: await response.text() };
    };

    beforeAll(async () => {
      sink = await startSmtpSink();
      const env: Record<string, string> = { SMTP_URL: sink.url, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };
      if (database === "postgres") {
        const created = await createTestDatabase();
        env.DATABASE_URL = created.url;
        drop = created.drop;
      }
      server = await startServer(env);
      cookie = await signIn(server);
      handle = openDatabase(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL, DATA_DIR: server.dataDir } : { DATA_DIR: server.dataDir });
      db = handle.db;
      const now = new Date().toISOString();
      await db
        .insertInto("newsletter_subscribers")
        .values(
          SUBSCRIBERS.map(({ email, status }, i) => ({
            email,
            email_normalized: email,
            unsubscribe_token: `token-of-${email.split("@")[0]}-${i}-abcdefghij`,
            status,
            created_at: now,
            unsubscribed_at: status === "unsubscribed" ? now : null,
            confirm_token: null,
            confirm_sent_at: null,
            confirmed_at: status === "confirmed" ? now : null,
          })),
        )
        .execute();
    });

    afterAll(async () => {
      await handle?.close();
      await server?.stop();
      await sink?.close();
      await drop?.();
    });

    it("composes a draft through the admin screen", async () => {
      const posts = (await (await fetch(`${server.url}/api/blog-posts`)).json()) as { id: number; title: string }[];
      const created = await adminPost("/admin/newsletter", {
        intent: "create",
        title: TITLE,
        body: "## In season\n\nPeonies, **ranunculus** and sweet peas.",
        articles: [String(posts[0]!.id)],
      });
      expect(created.status).toBe(200);
      expect(created.text).toContain(`${TITLE} was added.`);
      const row = await db.selectFrom("newsletter_issues").select(["id", "status"]).where("title", "=", TITLE).executeTakeFirstOrThrow();
      expect(row.status).toBe("draft");
      issueId = row.id;
      // A draft is no public page.
      expect((await fetch(`${server.url}/newsletter/${issueId}`)).status).toBe(404);
    });

    it("refuses to send while Settings → Mail has no postal address, and sends nothing", async () => {
      const refused = await adminPost("/admin/newsletter", { intent: "send", id: String(issueId) });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(NO_POSTAL_ADDRESS_MESSAGE);
      expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);

      const saved = await adminPost("/admin/settings", {
        intent: "mail",
        version: "",
        sendRate: "0",
        postalAddress: "1 Market St, Los Angeles, CA 90014",
        adminDigest: "off",
      });
      expect(saved.status).toBe(200);
    });

    it("sends a test to the signed-in admin, then the issue to every confirmed subscriber once", async () => {
      const test = await adminPost("/admin/newsletter", { intent: "send-test", id: String(issueId) });
      expect(test.status).toBe(200);
      const [testMail] = await sink.waitFor(1);
      expect(testMail).toMatchObject({ to: [TEST_ADMIN.email], subject: `[Test] ${TITLE}` });

      const sent = await adminPost("/admin/newsletter", { intent: "send", id: String(issueId) });
      expect(sent.status).toBe(200);
      expect(sent.text).toContain("on its way to 3 confirmed subscribers");
      // A second click sends nothing more.
      expect((await adminPost("/admin/newsletter", { intent: "send", id: String(issueId) })).status).toBe(409);

      await sink.waitFor(1 + CONFIRMED.length);
      // The progress the screen polls reaches the end: every message accepted, nothing left.
      let progress: IssueProgress | undefined;
      for (let i = 0; i < 100 && progress?.status !== "sent"; i++) {
        const response = await fetch(`${server.url}/admin/newsletter/${issueId}/progress`, { headers: { cookie } });
        expect(response.status).toBe(200);
        progress = (await response.json()) as IssueProgress;
        if (progress.status !== "sent") await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(progress).toMatchObject({ status: "sent", recipients: 3, delivered: 3, failed: 0, left: 0 });
      const anonymous = await fetch(`${server.url}/admin/newsletter/${issueId}/progress`);
      expect(anonymous.status).toBe(401);

      const issueMails = sink.received.filter((mail) => mail.subject === TITLE);
      expect(issueMails.map((mail) => mail.to).sort()).toEqual(CONFIRMED.map((email) => [email]).sort());
      for (const { email } of SUBSCRIBERS) {
        expect(sink.to(email), email).toHaveLength(CONFIRMED.includes(email as (typeof CONFIRMED)[number]) ? 1 : 0);
      }
      expect(sink.received).toHaveLength(1 + CONFIRMED.length);

      const tokens = await db.selectFrom("newsletter_subscribers").select(["email", "unsubscribe_token"]).execute();
      for (const mail of issueMails) {
        const own = tokens.find((row) => row.email === mail.to[0])!.unsubscribe_token;
        const link = `${SITE_URL}/newsletter/unsubscribe?token=${own}`;
        expect(mail.headers.get("list-unsubscribe")).toBe(`<${link}>, <mailto:hello@wholesaleflowerfinder.com?subject=unsubscribe>`);
        expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
        expect(mail.html).toContain(`href="${link}"`);
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`${SITE_URL}/newsletter/${issueId}`);
        for (const other of tokens.filter((row) => row.unsubscribe_token !== own)) {
          expect(mail.html + mail.text).not.toContain(other.unsubscribe_token);
        }
      }

      const audit = await db
        .selectFrom("audit_log")
        .select(["action", "entity_id"])
        .where("action", "like", "newsletter_issue.%")
        .execute();
      expect(audit.map((row) => row.action).sort()).toEqual(["newsletter_issue.create", "newsletter_issue.send", "newsletter_issue.test"]);
    });

    it("unsubscribes a reader with the one-click POST of the header's link, as a mail provider sends it", async () => {
      const mail = sink.to("bo@example.com")[0]!;
      const header = /<(https:[^>]+)>/.exec(mail.headers.get("list-unsubscribe")!)![1]!;
      const url = header.replace(SITE_URL, server.url);
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
        redirect: "manual",
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const row = await db
        .selectFrom("newsletter_subscribers")
        .select(["status", "unsubscribed_at"])
        .where("email", "=", "bo@example.com")
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("unsubscribed");
      expect(row.unsubscribed_at).not.toBeNull();
      const others = await db.selectFrom("newsletter_subscribers").select("email").where("status", "=", "confirmed").execute();
      expect(others.map((other) => other.email).sort()).toEqual(["ann@example.com", "cy@example.com"]);
    });

    it("publishes the issue: its page, the archive, the sitemap and the feed", async () => {
      const page = await fetch(`${server.url}/newsletter/${issueId}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(TITLE);
      expect(html).toContain("<strong>ranunculus</strong>");
      const archive = await (await fetch(`${server.url}/newsletter`)).text();
      expect(archive).toContain(`href="/newsletter/${issueId}"`);
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<loc>${SITE_URL}/newsletter/${issueId}</loc>`);
      const rss = await (await fetch(`${server.url}/rss.xml`)).text();
      expect(rss).toContain(`<link>${SITE_URL}/newsletter/${issueId}</link>`);
      expect((await fetch(`${server.url}/newsletter/999999`)).status).toBe(404);
    });

    it("logs nothing unexpected", () => {
      assertNoUnexpectedServerLogs([server]);
    });
  });
}
