import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, MailOutboxTable } from "~/db/schema";
import { likePattern, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { notFound } from "../errors";
import { normalizeEmail } from "./address";
import { MAIL_KINDS, MAIL_STATUSES, type MailKind, type MailStatus, type OutboxItem, type OutboxMessage } from "./types";

export * from "./types";

/** A message ready to go: rendered, with its plain-text part. */
export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe on a newsletter). */
  headers?: Record<string, string>;
  issueId?: number;
}

export type OutboxRow = Selectable<MailOutboxTable>;

/** Attempts after which a message that keeps failing for a while (SMTP 4xx, no connection) is given up. */
export const MAX_MAIL_ATTEMPTS = 8;
/** The wait before each new attempt after a temporary failure: 1 minute, then 5, 15, 60 minutes, 3, 6, 12 hours. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 900_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000];
export const UNDELIVERABLE_REASON = "This address was refused for good earlier: nothing more is sent to it.";

// The sender that runs in this process (decision 039): woken when a message is queued, and whether it keeps mail
// (no SMTP server) rather than sending it. Kept on globalThis so that request handlers reach the sender the server
// started, and dev reloads keep one.
const store = globalThis as typeof globalThis & { __wffMailSender?: { wake: () => void; keeps: boolean } };
export const registerMailSender = (sender: { wake: () => void; keeps: boolean } | undefined) => {
  store.__wffMailSender = sender;
};

/** Tells this process's sender that messages are waiting (after the transaction that queued them has ended). */
export function wakeMailSender() {
  const sender = store.__wffMailSender;
  if (sender && !sender.keeps) setImmediate(sender.wake);
}

/**
 * Puts messages in the outbox, in the caller's transaction if it is one (then the message exists exactly when what
 * it tells of does). A message to an address known to be undeliverable is recorded as failed and never sent.
 */
export async function enqueueMail(db: Kysely<Database>, mails: OutgoingMail | OutgoingMail[], now = new Date()): Promise<number[]> {
  const list = Array.isArray(mails) ? mails : [mails];
  if (list.length === 0) return [];
  const addresses = [...new Set(list.map((mail) => normalizeEmail(mail.to)))];
  const undeliverable = new Set<string>();
  for (let i = 0; i < addresses.length; i += 500) {
    const rows = await db
      .selectFrom("mail_undeliverable")
      .select("address_normalized")
      .where("address_normalized", "in", addresses.slice(i, i + 500))
      .execute();
    for (const row of rows) undeliverable.add(row.address_normalized);
  }
  const at = now.toISOString();
  // Without an SMTP server a message is kept at once, for the admin to read.
  const fresh = store.__wffMailSender?.keeps ? "kept" : "queued";
  const ids: number[] = [];
  // In slices: PostgreSQL and SQLite cap the parameters of one statement.
  for (let i = 0; i < list.length; i += 200) {
    const rows = await db
      .insertInto("mail_outbox")
      .values(
        list.slice(i, i + 200).map((mail) => {
          const normalized = normalizeEmail(mail.to);
          const refused = undeliverable.has(normalized);
          return {
            kind: mail.kind,
            recipient: mail.to.trim(),
            recipient_normalized: normalized,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            headers: JSON.stringify(mail.headers ?? {}),
            status: refused ? "failed" : fresh,
            last_error: refused ? UNDELIVERABLE_REASON : null,
            next_attempt_at: at,
            issue_id: mail.issueId ?? null,
            created_at: at,
          };
        }),
      )
      .returning("id")
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  if (!db.isTransaction) wakeMailSender();
  return ids;
}

/** Whether a queued message is due: a read, which takes no write lock. */
export async function isMailDue(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const waiting = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now.toISOString())
    .limit(1)
    .executeTakeFirst();
  return waiting !== undefined;
}

/**
 * Takes up to `limit` messages that are due, oldest first, for this server to send until `leaseMs` from now. On
 * PostgreSQL, servers claiming at once skip each other's rows; SQLite has one writer.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  options: { limit: number; leaseMs: number; postgres: boolean; now?: Date },
): Promise<OutboxRow[]> {
  const now = options.now ?? new Date();
  // Read first: most polls find nothing, and a read takes no write lock (on SQLite, a write waiting on another
  // process's lock would hold the server's one connection, and with it every request, for the busy timeout).
  if (!(await isMailDue(db, now))) return [];
  const due = db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(options.limit);
  const rows = await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      status: "sending",
      lease_until: new Date(now.getTime() + options.leaseMs).toISOString(),
      attempts: eb("attempts", "+", 1),
      handed_at: null,
    }))
    .where("id", "in", options.postgres ? due.forUpdate().skipLocked() : due)
    .where("status", "=", "queued")
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Extends the lease of messages this server is still sending. */
export async function renewMailLease(db: Kysely<Database>, ids: number[], leaseMs: number, now = new Date()) {
  const until = new Date(now.getTime() + leaseMs).toISOString();
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable("mail_outbox")
      .set({ lease_until: until })
      .where("id", "in", ids.slice(i, i + 500))
      .where("status", "=", "sending")
      .execute();
  }
}

/** Gives back a claimed message this server did not hand to SMTP (it is stopping). */
export async function releaseMail(db: Kysely<Database>, id: number) {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({ status: "queued", lease_until: null, attempts: eb("attempts", "-", 1) }))
    .where("id", "=", id)
    .where("status", "=", "sending")
    .where("handed_at", "is", null)
    .execute();
}

/** Says, before the SMTP conversation starts, that this message is being handed to the server. */
export async function markHanded(db: Kysely<Database>, id: number, now = new Date()) {
  await db.updateTable("mail_outbox").set({ handed_at: now.toISOString() }).where("id", "=", id).where("status", "=", "sending").execute();
}

export async function markSent(db: Kysely<Database>, id: number, response: string, now = new Date()) {
  await db
    .updateTable("mail_outbox")
    .set({ status: "sent", sent_at: now.toISOString(), smtp_response: response.slice(0, 500), lease_until: null, last_error: null })
    .where("id", "=", id)
    .execute();
}

/**
 * A temporary failure: tried again after a growing wait, or given up after MAX_MAIL_ATTEMPTS. Answers when the
 * next attempt falls due, or null once given up.
 */
export async function markRetry(
  db: Kysely<Database>,
  row: OutboxRow,
  error: string,
  retryDelaysMs = RETRY_DELAYS_MS,
  now = new Date(),
): Promise<Date | null> {
  const giveUp = row.attempts >= MAX_MAIL_ATTEMPTS;
  const delay = retryDelaysMs[Math.min(row.attempts - 1, retryDelaysMs.length - 1)] ?? 60_000;
  const due = new Date(now.getTime() + delay);
  await db
    .updateTable("mail_outbox")
    .set({
      status: giveUp ? "failed" : "queued",
      next_attempt_at: due.toISOString(),
      lease_until: null,
      last_error: giveUp ? `Given up after ${row.attempts} attempts. Last: ${error}`.slice(0, 500) : error.slice(0, 500),
    })
    .where("id", "=", row.id)
    .execute();
  return giveUp ? null : due;
}

/**
 * A permanent refusal of the address (SMTP 5xx to its recipient or its message): the message fails, the address
 * is recorded undeliverable, nothing more is sent to it (its other queued messages fail too), and a newsletter
 * subscription of it says so.
 */
export async function markUndeliverable(db: Kysely<Database>, row: OutboxRow, error: string, now = new Date()) {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("mail_outbox")
      .set({ status: "failed", lease_until: null, last_error: error.slice(0, 500) })
      .where("id", "=", row.id)
      .execute();
    await trx
      .insertInto("mail_undeliverable")
      .values({ address_normalized: row.recipient_normalized, reason: error.slice(0, 500), created_at: at })
      .onConflict((oc) => oc.column("address_normalized").doNothing())
      .execute();
    await trx
      .updateTable("mail_outbox")
      .set({ status: "failed", last_error: UNDELIVERABLE_REASON })
      .where("recipient_normalized", "=", row.recipient_normalized)
      .where("status", "=", "queued")
      .execute();
    await trx
      .updateTable("newsletter_subscribers")
      .set({ status: "undeliverable" })
      .where("email_normalized", "=", row.recipient_normalized)
      .where("status", "in", ["pending", "confirmed"])
      .execute();
  });
}

/**
 * Messages left "sending" by a server that stopped: queued again at once. A message already handed to SMTP is
 * counted as interrupted: the SMTP server may or may not have accepted it before the end (decision 039).
 * `all` takes every such row (one server per SQLite file: any row sending is this server's last run's);
 * otherwise only those whose lease has ended.
 */
export async function requeueAbandonedMail(db: Kysely<Database>, options: { all: boolean; now?: Date }): Promise<number> {
  const now = (options.now ?? new Date()).toISOString();
  let query = db
    .updateTable("mail_outbox")
    .set({
      status: "queued",
      next_attempt_at: now,
      lease_until: null,
      interrupted: sql<number>`interrupted + case when handed_at is null then 0 else 1 end`,
    })
    .where("status", "=", "sending");
  if (!options.all) query = query.where("lease_until", "<", now);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Without an SMTP server, queued messages are kept in the outbox for the admin to read. */
export async function keepQueuedMail(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ status: "kept", lease_until: null })
    .where("status", "in", ["queued", "sending"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface OutboxQuery {
  q?: string;
  status?: string;
  kind?: string;
}

const isStatus = (value: string | undefined): value is MailStatus => (MAIL_STATUSES as readonly string[]).includes(value ?? "");
const isKind = (value: string | undefined): value is MailKind => (MAIL_KINDS as readonly string[]).includes(value ?? "");

function matching(db: Kysely<Database>, query: OutboxQuery) {
  let base = db.selectFrom("mail_outbox");
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(recipient)`, "like", sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(subject)`, "like", sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  if (isStatus(query.status)) base = base.where("status", "=", query.status);
  if (isKind(query.kind)) base = base.where("kind", "=", query.kind);
  return base;
}

const ITEM_COLUMNS = [
  "id",
  "kind",
  "recipient",
  "subject",
  "status",
  "attempts",
  "created_at",
  "sent_at",
  "next_attempt_at",
  "last_error",
  "interrupted",
] as const;

function toItem(row: Pick<OutboxRow, (typeof ITEM_COLUMNS)[number]>): OutboxItem {
  return {
    id: row.id,
    kind: row.kind as MailKind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status as MailStatus,
    attempts: row.attempts,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.status === "queued" ? row.next_attempt_at : null,
    lastError: row.last_error,
    interrupted: row.interrupted,
  };
}

/** One page of the outbox, newest first, for the admin's Mail screen. */
export async function listOutbox(db: Kysely<Database>, query: OutboxQuery & { page: number }): Promise<Page<OutboxItem>> {
  const base = matching(db, query);
  return loadPage(base, query.page, async (window) => {
    const rows = await base
      .select([...ITEM_COLUMNS])
      .orderBy("id", "desc")
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map(toItem);
  });
}

export const MAIL_GONE = "This message is not in the outbox.";

/** One message whole. */
export async function getOutboxMessage(db: Kysely<Database>, id: number): Promise<OutboxMessage> {
  const row = await db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(MAIL_GONE);
  return {
    ...toItem(row),
    html: row.html,
    text: row.text,
    headers: JSON.parse(row.headers) as Record<string, string>,
    smtpResponse: row.smtp_response,
  };
}

/** How many messages are in each status. */
export async function countOutbox(db: Kysely<Database>): Promise<Record<MailStatus, number>> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["status", (eb) => eb.fn.countAll<number | string | bigint>().as("count")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(MAIL_STATUSES.map((status) => [status, 0])) as Record<MailStatus, number>;
  for (const row of rows) if (isStatus(row.status)) counts[row.status] = Number(row.count);
  return counts;
}
