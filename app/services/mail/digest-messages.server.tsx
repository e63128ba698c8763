import { Heading, Link, Text } from "@react-email/components";
import { renderMail } from "./messages.server";
import { Action, MailLayout, P, styles, type MailContext } from "./templates/layout";

/** Something the public sent that waits for an admin, as the admins' messages tell of it. */
export type NewItem =
  | { kind: "submission"; name: string; place: string; submitter: string }
  | { kind: "report"; listing: string; problem: string; details: string }
  | { kind: "suggestion"; name: string; address: string };

export type NewItemKind = NewItem["kind"];

/** The admin screen where each kind of item is reviewed. */
export const ADMIN_SCREENS: Record<NewItemKind, { path: string; title: string; one: string; many: string }> = {
  submission: { path: "/admin/submissions", title: "Business listings", one: "new listing request", many: "new listing requests" },
  report: { path: "/admin/reports", title: "Listing reports", one: "new listing report", many: "new listing reports" },
  suggestion: {
    path: "/admin/suggestions",
    title: "Location suggestions",
    one: "new location suggestion",
    many: "new location suggestions",
  },
};

/** What arrived since the last digest, by kind. */
export type DigestContent = { [K in NewItemKind]: Extract<NewItem, { kind: K }>[] };

/** Items listed by name in a digest, per kind; the rest are counted. */
export const DIGEST_LIST_LIMIT = 20;

const count = (n: number, kind: NewItemKind) => `${n} ${n === 1 ? ADMIN_SCREENS[kind].one : ADMIN_SCREENS[kind].many}`;

const shorten = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** One line of an item: what it is, in a few words. */
function describe(item: NewItem): string {
  switch (item.kind) {
    case "submission":
      return `${item.name}, ${item.place} (sent by ${item.submitter})`;
    case "report":
      return `${item.listing}: ${item.problem}. “${shorten(item.details)}”`;
    case "suggestion":
      return `${item.name}, ${item.address}`;
  }
}

function subjectOf(item: NewItem): string {
  switch (item.kind) {
    case "submission":
      return `New listing request: ${item.name}`;
    case "report":
      return `New report on ${item.listing}: ${item.problem}`;
    case "suggestion":
      return `New location suggestion: ${item.name}`;
  }
}

const adminUrl = (context: MailContext, kind: NewItemKind) => `${context.siteUrl}${ADMIN_SCREENS[kind].path}`;

/** "Instant": one message to one admin for one new item, queued with the item. */
export function newItemMail(context: MailContext, to: string, item: NewItem) {
  const subject = subjectOf(item);
  return renderMail(
    "digest",
    to,
    subject,
    <MailLayout
      context={context}
      preview={describe(item)}
      heading={subject}
      reason={`You get this because you are an admin of ${context.siteName}, and its mail settings send the admins a message for each new item.`}
    >
      <P>{describe(item)}</P>
      <Action href={adminUrl(context, item.kind)} label={`Open ${ADMIN_SCREENS[item.kind].title}`} />
    </MailLayout>,
  );
}

const KINDS: NewItemKind[] = ["submission", "report", "suggestion"];

/** The total of a digest's items. */
export const digestSize = (content: DigestContent) => KINDS.reduce((sum, kind) => sum + content[kind].length, 0);

/** "Daily": what arrived since the last digest, counted and listed by kind, with a link to each admin screen. */
export function dailyDigestMail(context: MailContext, to: string, content: DigestContent) {
  const total = digestSize(content);
  const kinds = KINDS.filter((kind) => content[kind].length > 0);
  const summary = kinds.map((kind) => count(content[kind].length, kind)).join(", ");
  return renderMail(
    "digest",
    to,
    `${context.siteName}: ${total} new ${total === 1 ? "item waits" : "items wait"} for review`,
    <MailLayout
      context={context}
      preview={summary}
      heading="What arrived since the last digest"
      reason={`You get this because you are an admin of ${context.siteName}, and its mail settings send the admins a digest once a day when something new arrived.`}
    >
      <P>Since the last digest: {summary}. Each is still waiting for review.</P>
      {kinds.map((kind) => {
        const items = content[kind];
        const shown = items.slice(0, DIGEST_LIST_LIMIT);
        return (
          <div key={kind}>
            <Heading as="h2" style={{ ...styles.text, fontSize: "18px", fontWeight: 700, margin: "24px 0 8px" }}>
              {ADMIN_SCREENS[kind].title}: {count(items.length, kind)}
            </Heading>
            {shown.map((item, index) => (
              <Text key={index} style={{ ...styles.text, margin: "0 0 6px" }}>
                • {describe(item)}
              </Text>
            ))}
            {items.length > shown.length ? <Text style={styles.small}>and {items.length - shown.length} more.</Text> : null}
            <Text style={{ ...styles.text, margin: "8px 0 0" }}>
              <Link href={adminUrl(context, kind)} style={styles.link}>
                Open {ADMIN_SCREENS[kind].title}
              </Link>
            </Text>
          </div>
        );
      })}
    </MailLayout>,
  );
}
