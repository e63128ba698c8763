import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "~/db/schema";
import { inProcessChannel, type WorkChannel } from "../jobs/channel.server";
import type { JobQueue } from "../jobs/queue.server";
import { getSiteSettings } from "../settings/settings.server";
import {
  claimDueMail,
  isMailDue,
  keepQueuedMail,
  markHanded,
  markRetry,
  markSent,
  markUndeliverable,
  releaseMail,
  renewMailLease,
  requeueAbandonedMail,
  RETRY_DELAYS_MS,
  registerMailSender,
  type OutboxRow,
} from "./outbox.server";

/** How long a server may hold the messages it claimed before another takes them over (MAIL_LEASE_SECONDS). */
export const DEFAULT_MAIL_LEASE_MS = 30_000;
/**
 * How often a server on SQLite looks for due messages besides being asked. On PostgreSQL pg-boss carries the
 * requests and each server looks twice a lease (a dead server's messages, a request lost with its server).
 */
const POLL_MS = 1_000;
/** A run sends for at most this long, then asks for another: servers share a long send, and pg-boss sees runs end. */
const RUN_MS = 60_000;
/** Messages claimed at a time; at a set rate, no more than 10 seconds' worth, well inside the lease. */
const BATCH = 50;
/** SMTP connections the pool keeps open to the server. */
const CONNECTIONS = 5;

export interface MailSenderOptions {
  db: Kysely<Database>;
  postgres: boolean;
  logger: Logger;
  /** SMTP_URL; without it nothing is sent and every message is kept in the outbox. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM; without it `{site name} <{contact email}>` from the settings. */
  mailFrom?: string | undefined;
  /** The public origin, whose host names each message's Message-ID. */
  siteUrl: string;
  leaseMs?: number;
  retryDelaysMs?: number[];
  pollMs?: number;
  /** The background-job queue whose workers send (pg-boss on PostgreSQL); without it, this process sends. */
  jobs?: Pick<JobQueue, "channel">;
}

export interface MailSender {
  kind: "smtp" | "kept";
  /** Asks for the due messages to be sent now. */
  wake(): void;
  close(): Promise<void>;
}

/** Whether an SMTP error refuses the address or the message for good (not the site's login or sender address). */
export function refusesRecipient(error: {
  code?: string | undefined;
  command?: string | undefined;
  permanent?: boolean | undefined;
}): boolean {
  if (error.permanent !== true) return false;
  // The site's own sender address refused: a configuration problem, not the reader's address.
  if (/^MAIL/i.test(error.command ?? "")) return false;
  if (error.code === "EENVELOPE" || error.code === "EMESSAGE") return true;
  return /^(RCPT|DATA)/i.test(error.command ?? "");
}

const describe = (error: unknown) => {
  const e = error as { message?: string; response?: string; code?: string };
  return (e.response ?? e.message ?? String(error)).replace(/\s+/g, " ").trim() || e.code || "unknown error";
};

/**
 * Starts this server's sender (decision 039). With SMTP_URL it claims due messages from the outbox and hands them
 * to a pooled nodemailer transport; without, it marks every queued message kept. Each message's row says when it
 * was handed to SMTP and when the server accepted it, so a server killed mid-send leaves rows another run sends
 * again, and none it recorded as sent.
 */
export async function startMailSender(options: MailSenderOptions): Promise<MailSender> {
  const { db, logger } = options;
  if (!options.smtpUrl) {
    logger.info("mail is kept in the outbox (Admin → Mail), not sent: SMTP_URL is not set");
    // From now on every message is queued as kept; what an earlier run left queued is kept now.
    registerMailSender({ wake: () => undefined, keeps: true });
    const kept = await keepQueuedMail(db);
    if (kept > 0) logger.info({ messages: kept }, "mail queued earlier kept in the outbox");
    return {
      kind: "kept",
      wake: () => undefined,
      async close() {
        registerMailSender(undefined);
      },
    };
  }

  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: 1000,
    // An SMTP server that stops answering frees the message within a minute (then it is tried again).
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const leaseMs = options.leaseMs ?? DEFAULT_MAIL_LEASE_MS;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const host = new URL(options.siteUrl).hostname;
  let stopping = false;
  let nextSlot = 0;
  // The rows this server has claimed and not finished: their lease is renewed while it works on them.
  const held = new Set<number>();

  // One server per SQLite file: what its last run left sending is sent again now. On PostgreSQL other servers may
  // be sending; their rows are taken over only once their lease has run out (the poll below).
  const requeued = await requeueAbandonedMail(db, { all: !options.postgres });
  if (requeued > 0) logger.warn({ messages: requeued }, "mail left sending by a stopped server queued again");

  const pace = async (rate: number) => {
    if (rate <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + 1000 / rate;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };

  const sendOne = async (row: OutboxRow, from: string, rate: number) => {
    try {
      await deliver(row, from, rate);
    } finally {
      held.delete(row.id);
    }
  };

  const deliver = async (row: OutboxRow, from: string, rate: number) => {
    await pace(rate);
    if (stopping) {
      await releaseMail(db, row.id);
      return;
    }
    await markHanded(db, row.id);
    try {
      const info = await transport.sendMail({
        from,
        to: row.recipient,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: JSON.parse(row.headers) as Record<string, string>,
        // The same id on every attempt: a receiving server or mail reader that sees a message twice (sent again
        // after an interrupted send) can tell it is one message.
        messageId: `<outbox-${row.id}-${Date.parse(row.created_at)}@${host}>`,
      });
      await markSent(db, row.id, info.response);
    } catch (error) {
      const reason = describe(error);
      if (refusesRecipient(error as never)) {
        logger.warn({ mail: row.id, reason }, "mail refused for good: the address is marked undeliverable");
        await markUndeliverable(db, row, reason);
      } else {
        logger.warn({ mail: row.id, attempt: row.attempts, reason }, "mail not sent, to be tried again");
        const due = await markRetry(db, row, reason, retryDelays);
        if (due) request(due);
      }
    }
  };

  /** Sends what is due until nothing is, or until `deadline`; answers whether it stopped with more to send. */
  const drain = async (deadline: number): Promise<boolean> => {
    for (;;) {
      if (stopping) return false;
      if (Date.now() >= deadline) return true;
      const settings = await getSiteSettings(db);
      const rate = settings.mail.sendRate;
      const from = options.mailFrom ?? `"${settings.general.siteName.replace(/["\\]/g, "")}" <${settings.general.contactEmail}>`;
      const rows = await claimDueMail(db, {
        limit: rate > 0 ? Math.max(1, Math.min(BATCH, rate * 10)) : BATCH,
        leaseMs,
        postgres: options.postgres,
      });
      if (rows.length === 0) return false;
      for (const row of rows) held.add(row.id);
      // As many at once as the pool has connections: a row is handed over as its connection takes it.
      let next = 0;
      const worker = async () => {
        while (next < rows.length) await sendOne(rows[next++]!, from, rate);
      };
      await Promise.all(Array.from({ length: Math.min(CONNECTIONS, rows.length) }, worker));
    }
  };

  // While the database does not answer, the poll fails every second: said once, and once when it works again.
  let degraded = false;
  const trouble = (error: unknown) => {
    if (degraded) return;
    degraded = true;
    logger.warn({ err: error }, "mail sending degraded: the outbox cannot be read or written; retrying every second");
  };
  const healthy = () => {
    if (!degraded) return;
    degraded = false;
    logger.info("mail sending running again");
  };

  // One run: whichever server the request reaches (pg-boss on PostgreSQL), or this one.
  const run = async () => {
    if (stopping) return;
    const more = await drain(Date.now() + RUN_MS);
    healthy();
    if (more) request();
  };
  // pg-boss may hand this server a request before the channel is returned: what is asked for then is asked for
  // again by the start's wake and the checks below.
  const started: { channel?: WorkChannel } = {};
  const request = (at?: Date) => {
    if (!stopping) started.channel?.request(at);
  };
  started.channel = options.jobs ? await options.jobs.channel("mail-outbox", run, trouble) : inProcessChannel(run, trouble);
  const wake = () => request();

  // A dead server's rows are free only once their lease has run out: looked for twice a lease. A request lost
  // with the server that made it (it died between the commit and the request) is made again here.
  const check = async () => {
    if (options.postgres) {
      const taken = await requeueAbandonedMail(db, { all: false });
      if (taken > 0) logger.warn({ messages: taken }, "took over mail whose server stopped sending it");
    }
    if (await isMailDue(db)) wake();
  };
  let checking: Promise<void> | undefined;
  const timer = setInterval(
    () => {
      checking ??= check()
        .catch(trouble)
        .finally(() => (checking = undefined));
    },
    options.pollMs ?? (options.postgres ? leaseMs / 2 : POLL_MS),
  );
  timer.unref();
  // A third of a lease: a server that is alive never loses its rows to another, however slow its SMTP server.
  const renewal = setInterval(() => {
    if (held.size === 0) return;
    renewMailLease(db, [...held], leaseMs).catch((error: unknown) =>
      logger.warn({ err: error }, "could not renew the lease of the mail being sent"),
    );
  }, leaseMs / 3);
  renewal.unref();
  registerMailSender({ wake, keeps: false });
  logger.info(options.jobs ? "mail is sent through SMTP_URL by the background-job queue" : "mail is sent through SMTP_URL");
  wake();

  return {
    kind: "smtp",
    wake,
    async close() {
      stopping = true;
      clearInterval(timer);
      clearInterval(renewal);
      registerMailSender(undefined);
      await checking;
      await started.channel?.close();
      transport.close();
    },
  };
}
