import crypto from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import { z } from "zod";
import type { Database, NewsletterIssuesTable } from "~/db/schema";
import { parseIsoDate, todayIsoDate } from "~/utils/dates";
import { formatLongDateUtc } from "~/utils/en-us";
import { conflictMessage, nextVersion, type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { inTransaction } from "../admin/versioned.server";
import { recordAdminChange } from "../audit/audit.server";
import { listPublishedPosts } from "../blog/blog.server";
import { AppError, badRequest, notFound } from "../errors";
import { listFestivals } from "../festivals/festivals.server";
import { currentOccurrence } from "../festivals/occurrences.server";
import { fieldErrorsOf } from "../form-fields";
import type { MailContext } from "../mail/messages.server";
import { newsletterUnsubscribeUrl } from "../mail/messages.server";
import { listUnsubscribeHeaders, newsletterIssueMail, type IssueContent } from "../mail/newsletter-messages.server";
import { enqueueMail, wakeMailSender, type OutgoingMail } from "../mail/outbox.server";
import { markdownNestingProblem, renderMarkdown } from "../markdown/markdown.server";
import { getSiteSettings } from "../settings/settings.server";
import { listListingLinks } from "../wholesalers/listing.server";
import { listingPath } from "../wholesalers/slug";
import {
  FEATURED_KINDS,
  FEATURED_MAX,
  ISSUE_BODY_MAX,
  ISSUE_ENTITY,
  ISSUE_TITLE_MAX,
  ISSUE_TITLE_MIN,
  NO_POSTAL_ADDRESS_MESSAGE,
  type AdminIssue,
  type FeaturedIds,
  type FeaturedItem,
  type FeaturedItems,
  type FeaturedKind,
  type IssueFigures,
  type IssueLink,
  type IssueProgress,
  type IssueStatus,
  type PublicIssue,
} from "./issue-form";

export * from "./issue-form";

/** The entity in the audit log (`newsletter_issue.create`, `newsletter_issue.send`, ...). */
export const ISSUE_AUDIT_ENTITY = "newsletter_issue";

export const ISSUE_GONE = "This newsletter issue no longer exists.";
export const ISSUE_ALREADY_SENT = "This issue has been sent: it can no longer be changed, deleted or sent again.";
export const ISSUE_CHANGED_BEFORE_SEND = "This issue was changed while you were sending it. Look at it again, then send it.";
const INVALID = "Please correct the highlighted fields.";

/** Subscribers read at a time while an issue is queued. */
export const SEND_PAGE_SIZE = 1000;

const PICK_AGAIN: Record<FeaturedKind, string> = {
  articles: "An article you picked is no longer published. Pick the articles again.",
  festivals: "A festival you picked no longer exists. Pick the festivals again.",
  listings: "A listing you picked no longer exists. Pick the listings again.",
};

/** Picked ids of one kind: none, one or several form values, each a record id; repeated ones count once. */
const featuredIds = (kind: FeaturedKind) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string().regex(/^\d{1,10}$/, PICK_AGAIN[kind]), { message: PICK_AGAIN[kind] })
      .transform((ids) => [...new Set(ids.map(Number))])
      .refine((ids) => ids.length <= FEATURED_MAX, `Pick at most ${FEATURED_MAX}.`),
  );

export const issueInputSchema = z.object({
  title: z
    .string({ message: `Enter a title (at least ${ISSUE_TITLE_MIN} characters).` })
    .trim()
    .min(ISSUE_TITLE_MIN, `Enter a title (at least ${ISSUE_TITLE_MIN} characters).`)
    .max(ISSUE_TITLE_MAX, `The title is at most ${ISSUE_TITLE_MAX} characters.`),
  body: z
    .string({ message: "Write the issue." })
    .trim()
    .min(1, "Write the issue.")
    .max(ISSUE_BODY_MAX, `The issue is at most ${ISSUE_BODY_MAX.toLocaleString("en-US")} characters.`)
    .superRefine((body, ctx) => {
      const problem = markdownNestingProblem(body);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  articles: featuredIds("articles"),
  festivals: featuredIds("festivals"),
  listings: featuredIds("listings"),
});

export type IssueInput = z.output<typeof issueInputSchema>;

const NO_FEATURED: FeaturedIds = { articles: [], festivals: [], listings: [] };

/** The stored `featured` JSON, read defensively: anything but lists of ids reads as none. */
export function parseFeatured(json: string): FeaturedIds {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return NO_FEATURED;
  }
  const record = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const ids = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id) && id > 0) : []);
  return { articles: ids(record.articles), festivals: ids(record.festivals), listings: ids(record.listings) };
}

/** The picked ids of each kind that name no item a reader may see (an unpublished article, a removed festival). */
async function unknownFeatured(db: Kysely<Database>, featured: FeaturedIds): Promise<Record<string, string>> {
  const found = async (kind: FeaturedKind): Promise<Set<number>> => {
    const ids = featured[kind];
    if (ids.length === 0) return new Set();
    const rows =
      kind === "articles"
        ? await db.selectFrom("blog_posts").select("id").where("id", "in", ids).where("status", "=", "published").execute()
        : await db
            .selectFrom(kind === "festivals" ? "festivals" : "wholesalers")
            .select("id")
            .where("id", "in", ids)
            .execute();
    return new Set(rows.map((row) => row.id));
  };
  const errors: Record<string, string> = {};
  for (const kind of FEATURED_KINDS) {
    const known = await found(kind);
    if (featured[kind].some((id) => !known.has(id))) errors[kind] = PICK_AGAIN[kind];
  }
  return errors;
}

async function parseIssueInput(db: Kysely<Database>, raw: unknown): Promise<IssueInput> {
  const result = issueInputSchema.safeParse(raw);
  if (!result.success) throw badRequest(INVALID, fieldErrorsOf(result.error));
  const errors = await unknownFeatured(db, result.data);
  if (Object.keys(errors).length > 0) throw badRequest(INVALID, errors);
  return result.data;
}

const featuredJson = (input: IssueInput) =>
  JSON.stringify({ articles: input.articles, festivals: input.festivals, listings: input.listings } satisfies FeaturedIds);

/** Why an update or delete of a draft changed no row: it was sent, it is gone, or someone saved it in between. */
async function refusal(db: Kysely<Database>, id: number, changed = conflictMessage(ISSUE_ENTITY)): Promise<AppError> {
  const row = await db.selectFrom("newsletter_issues").select("status").where("id", "=", id).executeTakeFirst();
  if (!row) return notFound(ISSUE_GONE);
  if (row.status !== "draft") return new AppError("conflict", ISSUE_ALREADY_SENT);
  return new AppError("conflict", changed);
}

/** Adds a draft and its audit row (`newsletter_issue.create`). */
export async function createIssue(db: Kysely<Database>, raw: unknown, actor: Actor): Promise<number> {
  const input = await parseIssueInput(db, raw);
  const now = new Date().toISOString();
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto("newsletter_issues")
      .values({
        title: input.title,
        body: input.body,
        featured: featuredJson(input),
        status: "draft",
        recipients: 0,
        created_by: actor.email,
        created_at: now,
        updated_at: now,
        sent_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAdminChange(trx, actor, { entity: ISSUE_AUDIT_ENTITY, verb: "create", id, details: { label: input.title } });
    return id;
  });
}

/** Saves an edit of a draft made from the version `expectedUpdatedAt`; refused if someone saved in between or it was sent. */
export async function updateIssue(db: Kysely<Database>, id: number, expectedUpdatedAt: string, raw: unknown, actor: Actor) {
  const input = await parseIssueInput(db, raw);
  await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("newsletter_issues")
      .set({ title: input.title, body: input.body, featured: featuredJson(input), updated_at: nextVersion(expectedUpdatedAt) })
      .where("id", "=", id)
      .where("updated_at", "=", expectedUpdatedAt)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw await refusal(trx, id);
    await recordAdminChange(trx, actor, { entity: ISSUE_AUDIT_ENTITY, verb: "update", id, details: { label: input.title } });
  });
}

/** Deletes a draft at the version `expectedUpdatedAt`. A sent issue stays: it is in the public archive. */
export async function deleteIssue(db: Kysely<Database>, id: number, expectedUpdatedAt: string, actor: Actor) {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("newsletter_issues").select("title").where("id", "=", id).executeTakeFirst();
    const result = await trx
      .deleteFrom("newsletter_issues")
      .where("id", "=", id)
      .where("updated_at", "=", expectedUpdatedAt)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw await refusal(trx, id);
    await recordAdminChange(trx, actor, { entity: ISSUE_AUDIT_ENTITY, verb: "delete", id, details: { label: row?.title ?? `#${id}` } });
  });
}

type IssueRow = Selectable<NewsletterIssuesTable>;

const statusOf = (value: string): IssueStatus => (value === "sending" || value === "sent" ? value : "draft");

const EMPTY_FIGURES: Omit<IssueFigures, "recipients"> = { delivered: 0, failed: 0, pending: 0, kept: 0, left: 0, unsubscribesSince: 0 };

/**
 * Where the messages of these issues are, from their outbox rows (the index on issue_id and status counts them), and
 * how many subscribers left after each was sent. An issue still "sending" whose rows are all done with (none queued
 * or being sent) is marked sent here.
 */
async function figuresOf(
  db: Kysely<Database>,
  rows: Pick<IssueRow, "id" | "status" | "recipients" | "sent_at">[],
): Promise<Map<number, { status: IssueStatus; figures: IssueFigures }>> {
  const sent = rows.filter((row) => row.status !== "draft");
  const counts = new Map<number, Record<string, number>>();
  if (sent.length > 0) {
    const outbox = await db
      .selectFrom("mail_outbox")
      .select(["issue_id", "status", (eb) => eb.fn.countAll<number | string | bigint>().as("n")])
      .where(
        "issue_id",
        "in",
        sent.map((row) => row.id),
      )
      .groupBy(["issue_id", "status"])
      .execute();
    for (const row of outbox) {
      const byStatus = counts.get(Number(row.issue_id)) ?? {};
      byStatus[row.status] = Number(row.n);
      counts.set(Number(row.issue_id), byStatus);
    }
  }
  const result = new Map<number, { status: IssueStatus; figures: IssueFigures }>();
  for (const row of rows) {
    let status = statusOf(row.status);
    if (status === "draft") {
      result.set(row.id, { status, figures: { recipients: 0, ...EMPTY_FIGURES } });
      continue;
    }
    const byStatus = counts.get(row.id) ?? {};
    const pending = (byStatus.queued ?? 0) + (byStatus.sending ?? 0);
    const kept = byStatus.kept ?? 0;
    let unsubscribesSince = 0;
    if (row.sent_at) {
      const { n } = await db
        .selectFrom("newsletter_subscribers")
        .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
        .where("status", "=", "unsubscribed")
        .where("unsubscribed_at", ">", row.sent_at)
        .executeTakeFirstOrThrow();
      unsubscribesSince = Number(n);
    }
    if (status === "sending" && pending === 0) {
      await db.updateTable("newsletter_issues").set({ status: "sent" }).where("id", "=", row.id).where("status", "=", "sending").execute();
      status = "sent";
    }
    result.set(row.id, {
      status,
      figures: {
        recipients: row.recipients,
        delivered: byStatus.sent ?? 0,
        failed: byStatus.failed ?? 0,
        pending,
        kept,
        left: pending + kept,
        unsubscribesSince,
      },
    });
  }
  return result;
}

/** One page of the issues, drafts and sent ones, newest first, with the figures of each send. */
export async function listIssuesForAdmin(db: Kysely<Database>, query: { page: number }): Promise<Page<AdminIssue>> {
  const base = db.selectFrom("newsletter_issues");
  return loadPage(base, query.page, async (window) => {
    const rows = await base.selectAll().orderBy("id", "desc").limit(window.limit).offset(window.offset).execute();
    const figures = await figuresOf(db, rows);
    return rows.map((row) => {
      const known = figures.get(row.id)!;
      return {
        id: row.id,
        title: row.title,
        body: row.body,
        featured: parseFeatured(row.featured),
        status: known.status,
        createdBy: row.created_by,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        sentAt: row.sent_at,
        figures: known.figures,
      };
    });
  });
}

/** A send's progress, for the admin screen's bar (polled about once a second while it lasts). */
export async function issueProgress(db: Kysely<Database>, id: number): Promise<IssueProgress> {
  const row = await db
    .selectFrom("newsletter_issues")
    .select(["id", "status", "recipients", "sent_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(ISSUE_GONE);
  const known = (await figuresOf(db, [row])).get(row.id)!;
  return { id: row.id, status: known.status, ...known.figures };
}

/** How many subscribers an issue sent now would go to. */
export async function countConfirmedSubscribers(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom("newsletter_subscribers")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return Number(n);
}

const shorten = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

const longDate = (isoDate: string) => formatLongDateUtc(parseIsoDate(isoDate));

/** Ids in the order they were picked, of the rows found. */
const inPickedOrder = <T extends { id: number }>(ids: number[], rows: T[]) => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
};

/**
 * The featured items a reader may open, as linked lines with a short description: published articles (while the blog
 * is on), festivals (while festivals are on) and listings. An item removed since it was picked is left out.
 */
export async function loadFeatured(db: Kysely<Database>, ids: FeaturedIds): Promise<FeaturedItems> {
  const settings = await getSiteSettings(db);
  const articleIds = settings.general.enableBlog ? ids.articles : [];
  const festivalIds = settings.general.enableFestivals ? ids.festivals : [];
  const [articles, festivals, listings] = await Promise.all([
    articleIds.length === 0
      ? []
      : db
          .selectFrom("blog_posts")
          .select(["id", "title", "excerpt"])
          .where("id", "in", articleIds)
          .where("status", "=", "published")
          .execute(),
    festivalIds.length === 0
      ? []
      : db
          .selectFrom("festivals")
          .select(["id", "name", "description", "start_date", "end_date", "city", "state", "recurrence"])
          .where("id", "in", festivalIds)
          .execute(),
    ids.listings.length === 0
      ? []
      : db
          .selectFrom("wholesalers")
          .innerJoin("states", "states.id", "wholesalers.state_id")
          .select([
            "wholesalers.id",
            "wholesalers.name",
            "wholesalers.type",
            "wholesalers.city",
            "wholesalers.description",
            "states.name as state",
          ])
          .where("wholesalers.id", "in", ids.listings)
          .execute(),
  ]);
  return {
    articles: inPickedOrder(articleIds, articles).map((post): FeaturedItem => ({
      id: post.id,
      title: post.title,
      path: `/blog/${post.id}`,
      description: shorten(post.excerpt),
    })),
    festivals: inPickedOrder(festivalIds, festivals).map((festival): FeaturedItem => {
      // A yearly festival on its current occurrence, as the site shows it.
      const { startDate, endDate } = currentOccurrence(
        { startDate: festival.start_date, endDate: festival.end_date, recurrence: festival.recurrence },
        todayIsoDate(),
      );
      const when = startDate === endDate ? longDate(startDate) : `${longDate(startDate)} to ${longDate(endDate)}`;
      return {
        id: festival.id,
        title: festival.name,
        path: `/festivals/${festival.id}`,
        description: shorten(`${when}, ${festival.city}, ${festival.state}. ${festival.description}`),
      };
    }),
    listings: inPickedOrder(ids.listings, listings).map((listing): FeaturedItem => ({
      id: listing.id,
      title: listing.name,
      path: listingPath(listing),
      description: shorten(`${listing.type} in ${listing.city}, ${listing.state}. ${listing.description}`),
    })),
  };
}

export interface FeaturedChoice {
  id: number;
  label: string;
}

/** What the editor's pickers offer: the published articles, the festivals and the listings of the site. */
export async function listFeaturedChoices(db: Kysely<Database>): Promise<Record<FeaturedKind, FeaturedChoice[]>> {
  const [posts, festivals, listings] = await Promise.all([listPublishedPosts(db), listFestivals(db), listListingLinks(db)]);
  return {
    articles: posts.map((post) => ({ id: post.id, label: post.title })),
    festivals: festivals.map((festival) => ({
      id: festival.id,
      label: `${festival.name} (${festival.city}, ${festival.state}, ${longDate(festival.startDate)})`,
    })),
    listings: listings.map((listing) => ({ id: listing.id, label: `${listing.name} (${listing.city}, ${listing.state})` })),
  };
}

const sentOnOf = (sentAt: string) => todayIsoDate(new Date(sentAt));

/**
 * The sent issues (their messages queued: "sending" ones too), newest first, for the public archive, the sitemap and
 * the feed. The table holds an issue a month or so, read whole without a condition: its status has no index, and none
 * is needed for a few dozen rows.
 */
export async function listSentIssues(db: Kysely<Database>): Promise<IssueLink[]> {
  const rows = await db
    .selectFrom("newsletter_issues")
    .select(["id", "title", "sent_at"])
    .where("sent_at", "is not", null)
    .orderBy("sent_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, sentAt: row.sent_at!, sentOn: sentOnOf(row.sent_at!) }));
}
export async function getSentIssue(db: Kysely<Database>, id: number): Promise<PublicIssue | undefined> {
  const row = await db.selectFrom("newsletter_issues").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.status === "draft" || !row.sent_at) return undefined;
  return {
    id: row.id,
    title: row.title,
    html: renderMarkdown(row.body),
    sentAt: row.sent_at,
    sentOn: sentOnOf(row.sent_at),
    featured: await loadFeatured(db, parseFeatured(row.featured)),
  };
}

async function findIssue(db: Kysely<Database>, id: number): Promise<IssueRow> {
  const row = await db.selectFrom("newsletter_issues").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(ISSUE_GONE);
  return row;
}

const contentOf = (row: IssueRow): IssueContent => ({ id: row.id, title: row.title, body: row.body });

/** The unsubscribe link of a message that goes to no subscriber (a preview, a test): it names no subscription. */
export const EXAMPLE_UNSUBSCRIBE_TOKEN = "example-unsubscribe-link";

/** An issue as it would be mailed and as its web page would show it, for the admin to look at before sending. */
export async function previewIssue(db: Kysely<Database>, id: number, context: MailContext) {
  const row = await findIssue(db, id);
  const featured = await loadFeatured(db, parseFeatured(row.featured));
  const mail = await newsletterIssueMail(
    context,
    "subscriber@example.com",
    contentOf(row),
    featured,
    newsletterUnsubscribeUrl(context, EXAMPLE_UNSUBSCRIBE_TOKEN),
  );
  const sentAt = row.sent_at ?? new Date().toISOString();
  const page: PublicIssue = { id: row.id, title: row.title, html: renderMarkdown(row.body), sentAt, sentOn: sentOnOf(sentAt), featured };
  return { subject: mail.subject, html: mail.html, page };
}

/**
 * "Send a test to me": one copy of the issue, its subject marked "[Test] ", to the signed-in admin, and its audit row
 * (`newsletter_issue.test`). It belongs to no send (no issue id), so it counts in none of the issue's figures.
 */
export async function sendIssueTest(db: Kysely<Database>, id: number, context: MailContext, actor: Actor): Promise<number> {
  const row = await findIssue(db, id);
  const featured = await loadFeatured(db, parseFeatured(row.featured));
  const mail = await newsletterIssueMail(
    context,
    actor.email,
    contentOf(row),
    featured,
    newsletterUnsubscribeUrl(context, EXAMPLE_UNSUBSCRIBE_TOKEN),
    { subject: `[Test] ${row.title}`, headers: listUnsubscribeHeaders(context, EXAMPLE_UNSUBSCRIBE_TOKEN) },
  );
  const queued = await db.transaction().execute(async (trx) => {
    const [mailId] = await enqueueMail(trx, mail);
    await recordAdminChange(trx, actor, {
      entity: ISSUE_AUDIT_ENTITY,
      verb: "test",
      id,
      details: { label: row.title, to: actor.email },
    });
    return mailId!;
  });
  wakeMailSender();
  return queued;
}

/** Replaces every occurrence of `placeholder` (split and join: a token is never read as a replacement pattern). */
const fill = (text: string, placeholder: string, value: string) => text.split(placeholder).join(value);

/**
 * Sends a draft to every confirmed subscriber: in one transaction it is marked sending (only from the draft the admin
 * saw, so that two clicks, or two servers, send it once), one message per confirmed subscriber is queued with the
 * issue's id, its recipients are recorded, and the send goes into the audit log. The message is rendered once, with
 * a placeholder where the unsubscribe token goes, and each subscriber's token is put in its HTML, its text and its
 * List-Unsubscribe header. Refused without a postal address in Settings → Mail (the CAN-SPAM Act).
 */
export async function sendIssue(
  db: Kysely<Database>,
  id: number,
  context: MailContext,
  actor: Actor,
  now = new Date(),
): Promise<{ recipients: number }> {
  const row = await findIssue(db, id);
  if (row.status !== "draft") throw new AppError("conflict", ISSUE_ALREADY_SENT);
  if (!context.postalAddress.trim()) throw badRequest(NO_POSTAL_ADDRESS_MESSAGE);

  const featured = await loadFeatured(db, parseFeatured(row.featured));
  // Unique to this send, and made of the characters of a token, so that every rendering leaves it as it is.
  const placeholder = `unsubscribe${crypto.randomBytes(16).toString("hex")}`;
  const template = await newsletterIssueMail(context, "", contentOf(row), featured, newsletterUnsubscribeUrl(context, placeholder));
  if (!template.html.includes(placeholder) || !template.text.includes(placeholder)) {
    throw new Error("The newsletter's message lost its unsubscribe link placeholder.");
  }

  const personal = (subscriber: { email: string; unsubscribe_token: string }): OutgoingMail => ({
    kind: "newsletter",
    to: subscriber.email,
    subject: template.subject,
    html: fill(template.html, placeholder, subscriber.unsubscribe_token),
    text: fill(template.text, placeholder, subscriber.unsubscribe_token),
    headers: listUnsubscribeHeaders(context, subscriber.unsubscribe_token),
    issueId: id,
  });

  const recipients = await db.transaction().execute(async (trx: Transaction<Database>) => {
    const claimed = await trx
      .updateTable("newsletter_issues")
      .set({ status: "sending", sent_at: now.toISOString(), updated_at: nextVersion(row.updated_at, now) })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .where("updated_at", "=", row.updated_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw await refusal(trx, id, ISSUE_CHANGED_BEFORE_SEND);

    let count = 0;
    let after = 0;
    for (;;) {
      const subscribers = await trx
        .selectFrom("newsletter_subscribers")
        .select(["id", "email", "unsubscribe_token"])
        .where("status", "=", "confirmed")
        .where("id", ">", after)
        .orderBy("id")
        .limit(SEND_PAGE_SIZE)
        .execute();
      if (subscribers.length === 0) break;
      await enqueueMail(trx, subscribers.map(personal), now);
      count += subscribers.length;
      after = subscribers.at(-1)!.id;
      if (subscribers.length < SEND_PAGE_SIZE) break;
    }

    await trx.updateTable("newsletter_issues").set({ recipients: count }).where("id", "=", id).execute();
    await recordAdminChange(trx, actor, { entity: ISSUE_AUDIT_ENTITY, verb: "send", id, details: { label: row.title, recipients: count } });
    return count;
  });
  // Queued inside a transaction, so enqueueMail left the sender asleep.
  wakeMailSender();
  return { recipients };
}
