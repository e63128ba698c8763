import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "~/db/schema";
import { getSiteSettings } from "../settings/settings.server";
import {
  claimDueMail,
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
/** How often each server looks for due messages besides being woken (retries fall due, other servers queue). */
const POLL_MS = 1_000;
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
}

export interface MailSender {
  kind: "smtp" | "kept";
  /** Looks for due messages now. */
  wake(): void;
  /** Resolves once nothing is being sent and nothing due is left (tests, benchmarks). */
  idle(): Promise<void>;
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
      async idle() {},
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
  let running: Promise<void> | undefined;
  let again = false;
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
        await markRetry(db, row, reason, retryDelays);
      }
    }
  };

  const drain = async () => {
    for (;;) {
      if (stopping) return;
      const settings = await getSiteSettings(db);
      const rate = settings.mail.sendRate;
      const from = options.mailFrom ?? `"${settings.general.siteName.replace(/["\\]/g, "")}" <${settings.general.contactEmail}>`;
      const rows = await claimDueMail(db, {
        limit: rate > 0 ? Math.max(1, Math.min(BATCH, rate * 10)) : BATCH,
        leaseMs,
        postgres: options.postgres,
      });
      if (rows.length === 0) return;
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

  const wake = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .then(healthy, trouble)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  // A dead server's rows are free only once their lease has run out: looked for twice a lease, not every poll.
  let lastTakeover = 0;
  const poll = async () => {
    if (options.postgres && Date.now() - lastTakeover >= leaseMs / 2) {
      lastTakeover = Date.now();
      const taken = await requeueAbandonedMail(db, { all: false }).catch((error: unknown) => {
        trouble(error);
        return 0;
      });
      if (taken > 0) logger.warn({ messages: taken }, "took over mail whose server stopped sending it");
    }
    wake();
  };
  const timer = setInterval(() => void poll(), options.pollMs ?? POLL_MS);
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
  logger.info("mail is sent through SMTP_URL");
  wake();

  return {
    kind: "smtp",
    wake,
    async idle() {
      while (running) {
        await running;
      }
    },
    async close() {
      stopping = true;
      clearInterval(timer);
      clearInterval(renewal);
      registerMailSender(undefined);
      while (running) {
        await running;
      }
      transport.close();
    },
  };
}
