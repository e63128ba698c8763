import os from "node:os";
import { sql, type Kysely } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { openTestDatabase, TEST_DATABASES } from "../../../tests/support/test-databases";
import { startJobQueue, type JobQueue } from "../jobs/queue.server";
import { clearCaches } from "../tools/cache.server";
import { enqueueMail, MAX_MAIL_ATTEMPTS, type OutgoingMail } from "./outbox.server";
import { refusesRecipient, startMailSender, type MailSender } from "./sender.server";

const mail = (to: string, n = 1): OutgoingMail => ({
  kind: "test",
  to,
  subject: `Message ${n} to ${to}`,
  html: `<p>Hello number ${n}</p>`,
  text: `Hello number ${n}`,
});

const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe("refusesRecipient", () => {
  it("blames the address only for a permanent refusal of the recipient or the message", () => {
    expect(refusesRecipient({ code: "EENVELOPE", command: "RCPT TO", permanent: true })).toBe(true);
    expect(refusesRecipient({ code: "EMESSAGE", command: "DATA", permanent: true })).toBe(true);
    expect(refusesRecipient({ code: "EENVELOPE", command: "RCPT TO", permanent: false })).toBe(false);
    // The site's own login or sender address refused: a configuration problem, not the reader's address.
    expect(refusesRecipient({ code: "EAUTH", command: "AUTH PLAIN", permanent: true })).toBe(false);
    expect(refusesRecipient({ code: "EENVELOPE", command: "MAIL FROM", permanent: true })).toBe(false);
    expect(refusesRecipient({ code: "ECONNECTION" })).toBe(false);
  });
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`the mail sender on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let sink: SmtpSink;
    let sender: MailSender | undefined;
    let jobs: JobQueue;
    const logger = pino({ level: "silent" });

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "mail-sender");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      sink = await startSmtpSink();
      // The job machinery the server runs: pg-boss on PostgreSQL (its workers do the sending), this process on SQLite.
      jobs = await startJobQueue(handle, { dataDir: os.tmpdir(), logger, databaseUrl: opened.url });
      expect(jobs.kind).toBe(database.name === "PostgreSQL" ? "pg-boss" : "in-process");
    });
    afterAll(async () => {
      await jobs.close();
      await sink.close();
      await cleanup();
    });
    beforeEach(async () => {
      await db.deleteFrom("mail_outbox").execute();
      await db.deleteFrom("mail_undeliverable").execute();
      await db.deleteFrom("newsletter_subscribers").execute();
      sink.received.length = 0;
      sink.onRecipient = () => ({ accept: true });
      sink.onMessage = () => ({ accept: true });
    });
    afterEach(async () => {
      await sender?.close();
      sender = undefined;
    });

    const start = (overrides: Partial<Parameters<typeof startMailSender>[0]> = {}) =>
      startMailSender({
        jobs,
        db,
        postgres: handle.dialect === "postgres",
        logger,
        smtpUrl: sink.url,
        siteUrl: "https://flowers.example",
        pollMs: 50,
        retryDelaysMs: [100],
        ...overrides,
      });
    const rows = () => db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

    it("sends every queued message once, with its Message-ID, plain-text part and the site as sender, and records it", async () => {
      await enqueueMail(db, [
        mail("ann@example.com", 1),
        mail("bob@example.com", 2),
        { ...mail("cy@example.com", 3), headers: { "List-Unsubscribe": "<https://flowers.example/u>" } },
      ]);
      sender = await start();
      await sink.waitFor(3);
      await until(async () => (await rows()).every((row) => row.status === "sent"));
      const sent = await rows();
      expect(sink.received.map((m) => m.subject).sort()).toEqual([
        "Message 1 to ann@example.com",
        "Message 2 to bob@example.com",
        "Message 3 to cy@example.com",
      ]);
      const cy = sink.to("cy@example.com")[0]!;
      expect(cy.text.trim()).toBe("Hello number 3");
      expect(cy.html).toContain("<p>Hello number 3</p>");
      expect(cy.headers.get("list-unsubscribe")).toBe("<https://flowers.example/u>");
      expect(cy.messageId).toBe(`<outbox-${sent[2]!.id}-${Date.parse(sent[2]!.created_at)}@flowers.example>`);
      expect(cy.from).toBe("hello@wholesaleflowerfinder.com");
      for (const row of sent) {
        expect(row.attempts).toBe(1);
        expect(row.handed_at).not.toBeNull();
        expect(row.sent_at).not.toBeNull();
        expect(row.smtp_response).toMatch(/^250/);
      }
    });

    it("tries a temporary refusal (4xx) again and sends it; gives up after the last attempt", async () => {
      let refusals = 1;
      sink.onMessage = (m) =>
        m.to.includes("later@example.com") && refusals-- > 0 ? { accept: false, code: 451, message: "Try again later" } : { accept: true };
      await enqueueMail(db, mail("later@example.com"));
      sender = await start();
      await sink.waitFor(1);
      await until(async () => (await rows())[0]?.status === "sent");
      expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
      expect(sink.received).toHaveLength(1);

      await sender.close();
      sender = undefined;
      sink.onMessage = () => ({ accept: false, code: 421, message: "Service not available" });
      await db.deleteFrom("mail_outbox").execute();
      await enqueueMail(db, mail("never@example.com"));
      sender = await start({ retryDelaysMs: [1] });
      await until(async () => (await rows())[0]?.status === "failed", 20_000);
      const [row] = await rows();
      expect(row!.attempts).toBe(MAX_MAIL_ATTEMPTS);
      expect(row!.last_error).toMatch(/^Given up after 8 attempts\. Last: 421 Service not available/);
      // Not the address's fault: it is not marked undeliverable.
      expect(await db.selectFrom("mail_undeliverable").selectAll().execute()).toEqual([]);
    }, 30_000);

    it("sends a retry when it falls due through the job queue's request for later (pg-boss on PostgreSQL), with no poll", async () => {
      let refusals = 1;
      sink.onMessage = () => (refusals-- > 0 ? { accept: false, code: 451, message: "Try again later" } : { accept: true });
      await enqueueMail(db, mail("soon@example.com"));
      // No check falls in the test's time: only the request made for the retry's time can send it.
      sender = await start({ pollMs: 600_000, retryDelaysMs: [300] });
      await sink.waitFor(1, 5_000);
      await until(async () => (await rows())[0]?.status === "sent", 5_000);
      expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
      if (handle.dialect === "postgres") {
        // The request for later is pg-boss's job, started after it was made.
        const { rows: later } = await sql<{ n: string }>`
          select count(*) as n from pgboss.job where name = 'mail-outbox' and start_after > created_on and state = 'completed'
        `.execute(db);
        expect(Number(later[0]!.n)).toBeGreaterThan(0);
      }
    });

    it("marks an address refused for good (5xx) undeliverable: its subscription says so and nothing more goes to it", async () => {
      await db
        .insertInto("newsletter_subscribers")
        .values({
          email: "Gone@example.com",
          email_normalized: "gone@example.com",
          unsubscribe_token: "t".repeat(32),
          status: "confirmed",
          created_at: new Date().toISOString(),
        })
        .execute();
      sink.onRecipient = (address) =>
        address === "gone@example.com" ? { accept: false, code: 550, message: "No such user here" } : { accept: true };
      await enqueueMail(db, [mail("Gone@example.com", 1), mail("ok@example.com", 2)]);
      sender = await start();
      await until(async () => (await rows()).every((row) => row.status === "sent" || row.status === "failed"));
      const [gone, ok] = await rows();
      expect(gone).toMatchObject({ status: "failed", attempts: 1 });
      expect(gone!.last_error).toContain("No such user here");
      expect(ok!.status).toBe("sent");
      expect(await db.selectFrom("mail_undeliverable").select("address_normalized").execute()).toEqual([
        { address_normalized: "gone@example.com" },
      ]);
      expect((await db.selectFrom("newsletter_subscribers").select("status").executeTakeFirstOrThrow()).status).toBe("undeliverable");

      await enqueueMail(db, mail("GONE@example.com", 3));
      const third = (await rows())[2]!;
      expect(third).toMatchObject({ status: "failed" });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sink.to("gone@example.com")).toEqual([]);
    });

    it("keeps every message when no SMTP server is configured", async () => {
      await enqueueMail(db, [mail("ann@example.com"), mail("bob@example.com")]);
      sender = await start({ smtpUrl: undefined });
      await until(async () => (await rows()).every((row) => row.status === "kept"));
      await enqueueMail(db, mail("cy@example.com"));
      await until(async () => (await rows()).every((row) => row.status === "kept"));
      expect(sink.received).toEqual([]);
    });

    it("keeps to the send rate setting", async () => {
      await db
        .insertInto("settings")
        .values({
          key: "mail",
          value: JSON.stringify({ sendRate: 20, postalAddress: "", adminDigest: "off" }),
          updated_at: new Date().toISOString(),
        })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ value: JSON.stringify({ sendRate: 20, postalAddress: "", adminDigest: "off" }) }),
        )
        .execute();
      clearCaches();
      try {
        await enqueueMail(
          db,
          Array.from({ length: 20 }, (_, i) => mail(`r${i}@example.com`, i)),
        );
        const started = Date.now();
        sender = await start();
        await sink.waitFor(20);
        // 20 messages at 20 a second: the last leaves about 950 ms after the first.
        expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      } finally {
        await db.deleteFrom("settings").where("key", "=", "mail").execute();
        clearCaches();
      }
    });

    it("sends again what a stopped server left handed to SMTP, counting it interrupted, and what it only claimed", async () => {
      await enqueueMail(db, [mail("a@example.com", 1), mail("b@example.com", 2)]);
      const past = new Date(Date.now() - 60_000).toISOString();
      const [a, b] = await rows();
      // a was handed to SMTP when its server died, b only claimed; both leases have run out.
      await db
        .updateTable("mail_outbox")
        .set({ status: "sending", attempts: 1, lease_until: past, handed_at: past })
        .where("id", "=", a!.id)
        .execute();
      await db.updateTable("mail_outbox").set({ status: "sending", attempts: 1, lease_until: past }).where("id", "=", b!.id).execute();
      sender = await start();
      await sink.waitFor(2);
      await until(async () => (await rows()).every((row) => row.status === "sent"));
      const after = await rows();
      expect(after.map((row) => [row.interrupted, row.attempts])).toEqual([
        [1, 2],
        [0, 2],
      ]);
    });
  });
}
