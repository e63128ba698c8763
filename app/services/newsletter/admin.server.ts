import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, NewsletterSubscribersTable } from "~/db/schema";
import { likePattern, type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { recordAdminChange } from "../audit/audit.server";
import { notFound } from "../errors";
import { toCsv } from "../tools/csv";

export const SUBSCRIBER_ENTITY = "subscriber";
/** pending: not confirmed yet; confirmed: gets the newsletter; unsubscribed; undeliverable: refused for good (decision 039). */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed", "undeliverable"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_GONE = "This subscriber was already removed.";

export interface AdminSubscriber {
  id: number;
  email: string;
  subscribedAt: string;
  status: SubscriberStatus;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface SubscriberQuery {
  q?: string;
  status?: string;
}

const isStatus = (value: string | undefined): value is SubscriberStatus => (SUBSCRIBER_STATUSES as readonly string[]).includes(value ?? "");

function matching(db: Kysely<Database>, query: SubscriberQuery) {
  let base = db.selectFrom("newsletter_subscribers");
  if (query.q) base = base.where(sql<boolean>`lower(email) like ${likePattern(query.q)} escape '\\'`);
  if (isStatus(query.status)) base = base.where("status", "=", query.status);
  return base;
}

const SUBSCRIBER_COLUMNS = ["id", "email", "created_at", "status", "confirmed_at", "unsubscribed_at"] as const;
type SubscriberRow = Pick<Selectable<NewsletterSubscribersTable>, (typeof SUBSCRIBER_COLUMNS)[number]>;

const toSubscriber = (row: SubscriberRow): AdminSubscriber => ({
  id: row.id,
  email: row.email,
  subscribedAt: row.created_at,
  // The column holds one of the four (migration 0010); anything else would be a row written by hand: shown as pending.
  status: isStatus(row.status) ? row.status : "pending",
  confirmedAt: row.confirmed_at,
  unsubscribedAt: row.unsubscribed_at,
});

/** One page of subscribers matching the search (email) and status, newest first. */
export async function listSubscribersForAdmin(
  db: Kysely<Database>,
  query: SubscriberQuery & { page: number },
): Promise<Page<AdminSubscriber>> {
  const base = matching(db, query);
  return loadPage(base, query.page, async (window) => {
    const rows = await base
      .select([...SUBSCRIBER_COLUMNS])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map(toSubscriber);
  });
}

/** Removes a subscriber for good (their address is erased, not only unsubscribed). */
export async function deleteSubscriber(db: Kysely<Database>, id: number, actor: Actor) {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("newsletter_subscribers").select("email").where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound(SUBSCRIBER_GONE);
    await trx.deleteFrom("newsletter_subscribers").where("id", "=", id).execute();
    await recordAdminChange(trx, actor, { entity: SUBSCRIBER_ENTITY, verb: "delete", id, details: { label: row.email } });
  });
}

export const CSV_HEADER = ["email", "subscribed_at", "status", "confirmed_at", "unsubscribe_url"] as const;

/** A subscriber's unsubscribe link on the public site (`siteUrl`, the site's SITE_URL). */
export const unsubscribeUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, "")}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * Every subscriber matching the query, oldest first, as CSV, with the unsubscribe link of each confirmed one on
 * `siteUrl` (the public origin); records the export in the audit log.
 */
export async function exportSubscribersCsv(
  db: Kysely<Database>,
  query: SubscriberQuery,
  actor: Actor,
  siteUrl: string,
): Promise<{ csv: string; count: number }> {
  const rows = await matching(db, query)
    .select([...SUBSCRIBER_COLUMNS, "unsubscribe_token"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const csv = toCsv(
    CSV_HEADER,
    rows.map((row) => {
      const s = toSubscriber(row);
      return [
        s.email,
        s.subscribedAt,
        s.status,
        s.confirmedAt ?? "",
        s.status === "confirmed" ? unsubscribeUrl(siteUrl, row.unsubscribe_token) : "",
      ];
    }),
  );
  await recordAdminChange(db, actor, {
    entity: SUBSCRIBER_ENTITY,
    verb: "export",
    details: {
      label: `${rows.length} ${rows.length === 1 ? "subscriber" : "subscribers"}`,
      count: rows.length,
      ...(query.q ? { q: query.q } : {}),
      ...(isStatus(query.status) ? { status: query.status } : {}),
    },
  });
  return { csv, count: rows.length };
}
