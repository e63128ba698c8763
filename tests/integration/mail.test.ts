import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHECK_INBOX_MESSAGE } from "~/services/newsletter/newsletter.server";
import { htmlOf, queryRows, rawGet, rawPost } from "../support/page-requests";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { assertNoUnexpectedServerLogs, startServer, type RunningServer } from "../support/server";
import { linksOf, startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import Database from "better-sqlite3";
import pg from "pg";
import { SQLITE_FILE_NAME } from "~/db/client.server";

const SITE_URL = "https://flowers.example";

/** A link of a message, made to point at the server under test (messages link to SITE_URL). */
const onServer = (server: RunningServer, link: string) => {
  expect(link.startsWith(SITE_URL)).toBe(true);
  return `${server.url}${link.slice(SITE_URL.length)}`;
};

const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const subscribeBy = async (server: RunningServer, email: string) => {
  const response = await fetch(`${server.url}/api/newsletter/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

const DATABASES = [
  { name: "SQLite", enabled: true },
  { name: "PostgreSQL", enabled: runPostgres },
] as const;

for (const database of DATABASES) {
  describe.runIf(database.enabled)(`mail through a real SMTP server on ${database.name}`, () => {
    let sink: SmtpSink;
    let databaseUrl: string | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      sink = await startSmtpSink();
      if (database.name === "PostgreSQL") {
        const created = await createTestDatabase();
        databaseUrl = created.url;
        dropDatabase = created.drop;
      }
    });
    afterAll(async () => {
      await sink.close();
      await dropDatabase?.();
    });
    afterEach(() => assertNoUnexpectedServerLogs());

    const env = (extra: Record<string, string> = {}) => ({
      SMTP_URL: sink.url,
      SITE_URL,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...extra,
    });

    it("double opt-in: the confirmation's link confirms only by its button, every address gets the same answer, and both ways out unsubscribe", async () => {
      const server = await startServer(env());
      try {
        const rows = (email: string) =>
          queryRows<{ status: string }>(server, databaseUrl, "select status from newsletter_subscribers where email_normalized = ?", [
            email,
          ]);
        sink.received.length = 0;
        const answer = { status: 202, body: { message: CHECK_INBOX_MESSAGE } };
        expect(await subscribeBy(server, "Reader@Example.com")).toEqual(answer);
        const [confirmation] = await sink.waitFor(1);
        expect(confirmation!.to).toEqual(["reader@example.com"]);
        expect(confirmation!.subject).toBe("Confirm your subscription to Wholesale Flower Finder");
        expect(confirmation!.headers.has("list-unsubscribe")).toBe(false);
        const link = linksOf(confirmation!).find((href) => href.includes("/newsletter/confirm?token="));
        expect(link).toBeDefined();
        expect(confirmation!.text).toContain(link!);

        // A link scanner's GET confirms nothing.
        const page = await rawGet(onServer(server, link!));
        expect(page.status).toBe(200);
        expect(htmlOf(page)).toContain("Confirm your subscription");
        expect(await rows("reader@example.com")).toEqual([{ status: "pending" }]);
        // Pending, asked again at once: the same answer and no second message within the hour.
        expect(await subscribeBy(server, "reader@example.com")).toEqual(answer);

        // The page's form posts to its own address, token included; the POST confirms.
        const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(htmlOf(page))?.[1]?.replaceAll("&amp;", "&");
        expect(action).toBe(`/newsletter/confirm?token=${new URL(link!).searchParams.get("token")}`);
        const token = new URL(link!).searchParams.get("token")!;
        const confirmed = await rawPost(`${server.url}${action}`, {}, new URLSearchParams({ token }).toString());
        expect(confirmed.status).toBe(200);
        expect(htmlOf(confirmed)).toContain("You&#x27;re subscribed");
        expect(await rows("reader@example.com")).toEqual([{ status: "confirmed" }]);

        // Confirmed, asked again within the hour of the confirmation: the same answer, and no message (one an hour
        // at most, so the form cannot flood an inbox).
        expect(await subscribeBy(server, "READER@example.com")).toEqual(answer);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(sink.received).toHaveLength(1);
        // An hour later: the same answer; the message says so and carries the way out.
        await execute(server, databaseUrl, "update newsletter_subscribers set confirm_sent_at = ? where email_normalized = ?", [
          new Date(Date.now() - 3_600_000).toISOString(),
          "reader@example.com",
        ]);
        expect(await subscribeBy(server, "READER@example.com")).toEqual(answer);
        const [, already] = await sink.waitFor(2);
        expect(already!.subject).toBe("You are already subscribed to Wholesale Flower Finder");
        expect(sink.received).toHaveLength(2);
        const unsubscribeLink = linksOf(already!).find((href) => href.includes("/newsletter/unsubscribe?token="));
        expect(unsubscribeLink).toBeDefined();

        // The link's GET changes nothing (its page's script presses the button); RFC 8058's one-click POST, from
        // a mail provider's server (no Origin, no cookie), unsubscribes at once.
        expect((await rawGet(onServer(server, unsubscribeLink!))).status).toBe(200);
        expect(await rows("reader@example.com")).toEqual([{ status: "confirmed" }]);
        const oneClick = await rawPost(
          onServer(server, unsubscribeLink!),
          { origin: "https://mail.example.net" },
          "List-Unsubscribe=One-Click",
        );
        expect(oneClick.status).toBe(200);
        expect(await rows("reader@example.com")).toEqual([{ status: "unsubscribed" }]);

        // Back again: pending, with a new confirmation.
        expect(await subscribeBy(server, "reader@example.com")).toEqual(answer);
        const [, , again] = await sink.waitFor(3);
        expect(again!.subject).toBe("Confirm your subscription to Wholesale Flower Finder");
        expect(await rows("reader@example.com")).toEqual([{ status: "pending" }]);
      } finally {
        await server.stop();
      }
    }, 60_000);

    it("a server killed with SIGKILL mid-send and started again sends every remaining message once", async () => {
      const TOTAL = 300;
      const BEFORE_KILL = 100;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-mail-kill-"));
      const settings = env({ DATA_DIR: dataDir, MAIL_LEASE_SECONDS: "2" });
      // Started once without SMTP to create and migrate the database, then stopped with nothing queued.
      const first = await startServer({ ...settings, SMTP_URL: "" });
      await first.stop();
      await queueMessages(dataDir, databaseUrl, TOTAL);

      sink.received.length = 0;
      const held: (() => void)[] = [];
      let killed = false;
      // After BEFORE_KILL messages the SMTP server stops answering: the messages in flight were handed over and
      // never acknowledged, as when a server dies at the worst moment it can be told about.
      sink.onMessage = () =>
        sink.received.length < BEFORE_KILL
          ? { accept: true }
          : new Promise((resolve) => held.push(() => resolve({ accept: false, code: 421, message: "Closing" })));
      const server = await startServer(settings);
      server.expectLog(/mail not sent, to be tried again/);
      const counts = () =>
        queryRows<{ status: string; handed: number | string; n: number | string }>(
          server,
          databaseUrl,
          "select status, case when handed_at is null then 0 else 1 end as handed, count(*) as n from mail_outbox group by status, case when handed_at is null then 0 else 1 end",
        );
      const sentCount = async () => (await counts()).filter((row) => row.status === "sent").reduce((sum, row) => sum + Number(row.n), 0);
      try {
        await until(async () => (await sentCount()) === BEFORE_KILL && held.length > 0, "the first messages to be recorded sent");
        await server.stop("SIGKILL");
        killed = true;
      } finally {
        if (!killed) await server.stop();
        for (const release of held) release();
      }
      const atKill = await counts();
      const handedAtKill = atKill
        .filter((row) => row.status === "sending" && Number(row.handed) === 1)
        .reduce((sum, row) => sum + Number(row.n), 0);
      expect(handedAtKill).toBeGreaterThan(0);
      expect(sink.received).toHaveLength(BEFORE_KILL);

      sink.onMessage = () => ({ accept: true });
      const restarted = await startServer(settings);
      restarted.expectLog(/mail left sending by a stopped server queued again|took over mail whose server stopped sending it/);
      try {
        await sink.waitFor(TOTAL, 60_000);
        await until(
          async () =>
            (
              await queryRows<{ n: number | string }>(restarted, databaseUrl, "select count(*) as n from mail_outbox where status = 'sent'")
            ).map((r) => Number(r.n))[0] === TOTAL,
          "every message recorded sent",
        );
        // A moment more: nothing else arrives.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const ids = sink.received.map((mail) => /^<outbox-(\d+)-/.exec(mail.messageId)?.[1]);
        expect(new Set(ids).size).toBe(TOTAL);
        expect(ids).toHaveLength(TOTAL);
        const interrupted = await queryRows<{ n: number | string }>(
          restarted,
          databaseUrl,
          "select coalesce(sum(interrupted), 0) as n from mail_outbox",
        );
        expect(Number(interrupted[0]!.n)).toBe(handedAtKill);
        if (databaseUrl) {
          // On PostgreSQL the sending was done by pg-boss's workers: the runs it handed out are its jobs.
          const runs = await queryRows<{ n: number | string }>(
            restarted,
            databaseUrl,
            "select count(*) as n from pgboss.job where name = 'mail-outbox' and state = 'completed'",
          );
          expect(Number(runs[0]!.n)).toBeGreaterThan(0);
        }
        console.log(
          `kill and resume on ${database.name}: ${BEFORE_KILL} sent before the kill, ${handedAtKill} handed to SMTP and unanswered at the kill, ${TOTAL - BEFORE_KILL} sent after the restart, ${sink.received.length} received in all, each once`,
        );
      } finally {
        await restarted.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  });
}

/** Runs one statement on the server's database (SQLite while the server runs: WAL lets both write in turn). */
async function execute(server: RunningServer, databaseUrl: string | undefined, statement: string, params: unknown[]) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(
        statement.replace(/\?/g, (_, offset: number) => `$${statement.slice(0, offset).split("?").length}`),
        params,
      );
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(path.join(server.dataDir, SQLITE_FILE_NAME));
  try {
    db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}

/** Puts `count` test messages in the outbox of a stopped server's database. */
async function queueMessages(dataDir: string, databaseUrl: string | undefined, count: number) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => [
    "test",
    `reader${i}@example.com`,
    `reader${i}@example.com`,
    `Message ${i}`,
    `<p>Message ${i}</p>`,
    `Message ${i}`,
    "{}",
    "queued",
    now,
    now,
  ]);
  const insert =
    "insert into mail_outbox (kind, recipient, recipient_normalized, subject, html, text, headers, status, next_attempt_at, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query("delete from mail_outbox");
      for (const row of rows)
        await client.query(
          insert.replace(/\?/g, (_, offset: number) => `$${insert.slice(0, offset).split("?").length}`),
          row,
        );
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(path.join(dataDir, SQLITE_FILE_NAME));
  try {
    const statement = db.prepare(insert);
    db.transaction(() => {
      for (const row of rows) statement.run(...row);
    })();
  } finally {
    db.close();
  }
}
