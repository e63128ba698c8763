import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { likePattern, type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { recordAdminChange } from "../audit/audit.server";
import { notFound } from "../errors";
import { toCsv } from "../tools/csv";

export const SUBSCRIBER_ENTITY = "subscriber";
export const SUBSCRIBER_STATUSES = ["active", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_GONE = "This subscriber was already removed.";

export interface AdminSubscriber {
  id: number;
  email: string;
  subscribedAt: string;
  status: SubscriberStatus;
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
  if (isStatus(query.status)) base = base.where("unsubscribed_at", query.status === "active" ? "is" : "is not", null);
  return base;
}

const toSubscriber = (row: { id: number; email: string; created_at: string; unsubscribed_at: string | null }): AdminSubscriber => ({
  id: row.id,
  email: row.email,
  subscribedAt: row.created_at,
  status: row.unsubscribed_at === null ? "active" : "unsubscribed",
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
      .select(["id", "email", "created_at", "unsubscribed_at"])
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

export const CSV_HEADER = ["email", "subscribed_at", "status"] as const;

/** Every subscriber matching the query, oldest first, as CSV; records the export in the audit log. */
export async function exportSubscribersCsv(
  db: Kysely<Database>,
  query: SubscriberQuery,
  actor: Actor,
): Promise<{ csv: string; count: number }> {
  const rows = await matching(db, query)
    .select(["id", "email", "created_at", "unsubscribed_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const subscribers = rows.map(toSubscriber);
  const csv = toCsv(
    CSV_HEADER,
    subscribers.map((s) => [s.email, s.subscribedAt, s.status]),
  );
  await recordAdminChange(db, actor, {
    entity: SUBSCRIBER_ENTITY,
    verb: "export",
    details: {
      label: `${subscribers.length} ${subscribers.length === 1 ? "subscriber" : "subscribers"}`,
      count: subscribers.length,
      ...(query.q ? { q: query.q } : {}),
      ...(isStatus(query.status) ? { status: query.status } : {}),
    },
  });
  return { csv, count: subscribers.length };
}
