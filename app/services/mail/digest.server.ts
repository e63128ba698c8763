import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/db/schema";
import { reportKindLabel } from "../reports/report-form";
import { getSiteSettings } from "../settings/settings.server";
import { mailContext } from "./context.server";
import { dailyDigestMail, digestSize, newItemMail, type DigestContent, type NewItem } from "./digest-messages.server";
import { enqueueMail, wakeMailSender, type OutgoingMail } from "./outbox.server";

export type { DigestContent, NewItem } from "./digest-messages.server";

/**
 * What a service that stores something the mail tells of needs from its route: the public origin (SITE_URL), for
 * the links. Services never read the environment.
 */
export interface MailNotify {
  siteUrl: string;
}

/** The settings row that records the last daily digest; servers claim a digest by changing it (compare-and-set). */
export const ADMIN_DIGEST_STATE_KEY = "admin-digest-state";
/** A daily digest is due once the last one is this old. */
export const DIGEST_PERIOD_MS = 24 * 60 * 60 * 1000;
/** How often each server asks whether a digest is due. */
export const DIGEST_CHECK_MS = 10 * 60 * 1000;
/**
 * Items younger than this wait for the next digest, so that an item whose transaction started before a digest read
 * the tables, and committed after, is told of the next day instead of never.
 */
export const DIGEST_SETTLE_MS = 60 * 1000;

interface DigestState {
  /** When the last digest was claimed. */
  sentAt: string;
  /** Items created up to this time were told of. */
  coveredUntil: string;
}

async function adminEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("admin_users").select("email").orderBy("id").execute();
  return rows.map((row) => row.email);
}

/**
 * With the admin digest set to "instant", one message to each admin about `item`, rendered (before the caller's
 * transaction, which queues them with the item); otherwise none. `db` must not be a transaction: the settings are
 * read through their cache.
 */
export async function newItemNotices(db: Kysely<Database>, notify: MailNotify | undefined, item: NewItem): Promise<OutgoingMail[]> {
  if (!notify) return [];
  const settings = await getSiteSettings(db);
  if (settings.mail.adminDigest !== "instant") return [];
  const admins = await adminEmails(db);
  if (admins.length === 0) return [];
  const context = await mailContext(db, notify.siteUrl);
  return Promise.all(admins.map((to) => newItemMail(context, to, item)));
}

/** The items created in (since, until] that still wait for an admin: pending requests and suggestions, open reports. */
export async function collectDigest(db: Kysely<Database>, since: string | null, until: string): Promise<DigestContent> {
  let submissions = db
    .selectFrom("business_submissions")
    .innerJoin("states", "states.id", "business_submissions.state_id")
    .select([
      "business_submissions.name",
      "business_submissions.city",
      "states.code as state_code",
      "business_submissions.submitter_name",
      "business_submissions.submitter_email",
    ])
    .where("business_submissions.status", "=", "pending")
    .where("business_submissions.created_at", "<=", until);
  let reports = db
    .selectFrom("listing_reports")
    .innerJoin("wholesalers", "wholesalers.id", "listing_reports.wholesaler_id")
    .select(["wholesalers.name as listing_name", "listing_reports.kind", "listing_reports.details"])
    .where("listing_reports.status", "=", "open")
    .where("listing_reports.created_at", "<=", until);
  let suggestions = db
    .selectFrom("location_suggestions")
    .select(["business_name", "business_address"])
    .where("status", "=", "pending")
    .where("created_at", "<=", until);
  if (since !== null) {
    submissions = submissions.where("business_submissions.created_at", ">", since);
    reports = reports.where("listing_reports.created_at", ">", since);
    suggestions = suggestions.where("created_at", ">", since);
  }
  const [submissionRows, reportRows, suggestionRows] = await Promise.all([
    submissions.orderBy("business_submissions.created_at").orderBy("business_submissions.id").execute(),
    reports.orderBy("listing_reports.created_at").orderBy("listing_reports.id").execute(),
    suggestions.orderBy("created_at").orderBy("id").execute(),
  ]);
  return {
    submission: submissionRows.map((row) => ({
      kind: "submission",
      name: row.name,
      place: `${row.city}, ${row.state_code}`,
      submitter: `${row.submitter_name}, ${row.submitter_email}`,
    })),
    report: reportRows.map((row) => ({
      kind: "report",
      listing: row.listing_name,
      problem: reportKindLabel(row.kind),
      details: row.details,
    })),
    suggestion: suggestionRows.map((row) => ({ kind: "suggestion", name: row.business_name, address: row.business_address })),
  };
}

function parseState(raw: string | undefined): DigestState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DigestState>;
    return typeof value.sentAt === "string" && typeof value.coveredUntil === "string"
      ? { sentAt: value.sentAt, coveredUntil: value.coveredUntil }
      : null;
  } catch {
    return null;
  }
}

/**
 * off: the setting is not "daily"; not-due: the last digest is younger than a day; lost: another server (or call)
 * claimed this digest first; nothing-new: claimed, and nothing arrived (or there is no admin): no message; sent:
 * claimed, and one message per admin queued.
 */
export type DigestOutcome = "off" | "not-due" | "lost" | "nothing-new" | "sent";

/**
 * The daily digest, if it is due: what arrived since the last one, to every admin. The state row is read first and
 * the messages rendered outside any transaction; then one transaction claims the digest by changing the row from
 * the value read (or creating it, if there was none) and queues the messages. Of servers trying at once, exactly
 * one changes the row; the others change nothing and queue nothing. A digest with nothing new still moves the row
 * on (no message is sent), so the next one covers the next day.
 */
export async function sendDailyDigestIfDue(
  db: Kysely<Database>,
  options: { siteUrl: string; now?: Date },
): Promise<{ outcome: DigestOutcome; messages: number }> {
  const now = options.now ?? new Date();
  const settings = await getSiteSettings(db);
  if (settings.mail.adminDigest !== "daily") return { outcome: "off", messages: 0 };

  const row = await db.selectFrom("settings").select("value").where("key", "=", ADMIN_DIGEST_STATE_KEY).executeTakeFirst();
  const previous = parseState(row?.value);
  if (previous && now.getTime() - Date.parse(previous.sentAt) < DIGEST_PERIOD_MS) return { outcome: "not-due", messages: 0 };

  const until = new Date(now.getTime() - DIGEST_SETTLE_MS).toISOString();
  const content = await collectDigest(db, previous?.coveredUntil ?? null, until);
  let mails: OutgoingMail[] = [];
  if (digestSize(content) > 0) {
    const admins = await adminEmails(db);
    const context = await mailContext(db, options.siteUrl);
    mails = await Promise.all(admins.map((to) => dailyDigestMail(context, to, content)));
  }

  const next = JSON.stringify({ sentAt: now.toISOString(), coveredUntil: until } satisfies DigestState);
  const claimed = await db.transaction().execute(async (trx) => {
    const changed = row
      ? await trx
          .updateTable("settings")
          .set({ value: next, updated_at: now.toISOString() })
          .where("key", "=", ADMIN_DIGEST_STATE_KEY)
          .where("value", "=", row.value)
          .returning("key")
          .executeTakeFirst()
      : await trx
          .insertInto("settings")
          .values({ key: ADMIN_DIGEST_STATE_KEY, value: next, updated_at: now.toISOString() })
          .onConflict((oc) => oc.column("key").doNothing())
          .returning("key")
          .executeTakeFirst();
    if (!changed) return false;
    await enqueueMail(trx, mails, now);
    return true;
  });
  if (!claimed) return { outcome: "lost", messages: 0 };
  if (mails.length > 0) wakeMailSender();
  return { outcome: mails.length > 0 ? "sent" : "nothing-new", messages: mails.length };
}

export interface AdminDigestOptions {
  db: Kysely<Database>;
  logger: Logger;
  siteUrl: string;
  /** How often to ask whether a digest is due (DIGEST_CHECK_MS). */
  intervalMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export interface AdminDigest {
  /** Asks now (a check already running is awaited instead); undefined if the check failed or the timer is closed. */
  check(): Promise<{ outcome: DigestOutcome; messages: number } | undefined>;
  close(): Promise<void>;
}

/**
 * Starts this server's digest timer: a first check, awaited (so that what it writes is written before the server
 * listens), then one every `intervalMs`. Every server runs one; a failed check is logged and tried again later.
 */
export async function startAdminDigest(options: AdminDigestOptions): Promise<AdminDigest> {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  let closed = false;
  let running: Promise<{ outcome: DigestOutcome; messages: number } | undefined> | undefined;
  const check = () => {
    if (closed) return Promise.resolve(undefined);
    running ??= sendDailyDigestIfDue(db, { siteUrl: options.siteUrl, now: now() })
      .then((result) => {
        if (result.outcome === "sent") logger.info({ messages: result.messages }, "admin digest queued");
        return result;
      })
      .catch((error: unknown) => {
        logger.warn({ err: error }, "could not check whether the admin digest is due");
        return undefined;
      })
      .finally(() => (running = undefined));
    return running;
  };
  await check();
  const timer = setInterval(() => void check(), options.intervalMs ?? DIGEST_CHECK_MS);
  timer.unref();
  return {
    check,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
