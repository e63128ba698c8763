/** What the admin's newsletter screen and the issues service share (this module is safe in the browser). */

/** The entity in words, as messages and the delete confirmation name it. */
export const ISSUE_ENTITY = "newsletter issue";

export const ISSUE_TITLE_MIN = 3;
export const ISSUE_TITLE_MAX = 150;
export const ISSUE_BODY_MAX = 50_000;
/** Featured items of each kind an issue may carry. */
export const FEATURED_MAX = 12;

export const FEATURED_KINDS = ["articles", "festivals", "listings"] as const;
export type FeaturedKind = (typeof FEATURED_KINDS)[number];
/** The ids an issue features, by kind, in the order the admin picked them. */
export type FeaturedIds = Record<FeaturedKind, number[]>;

export const FEATURED_LABELS: Record<FeaturedKind, string> = {
  articles: "Featured articles",
  festivals: "Featured festivals",
  listings: "Featured listings",
};

/** The headings of the featured items in a message and on the issue's web page. */
export const FEATURED_HEADINGS: Record<FeaturedKind, string> = {
  articles: "From the blog",
  festivals: "Flower festivals",
  listings: "Wholesalers to visit",
};

/** draft: being written; sending: its messages are queued (it is public from then on); sent: none is left to send. */
export const ISSUE_STATUSES = ["draft", "sending", "sent"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = { draft: "Draft", sending: "Sending", sent: "Sent" };

/** The CAN-SPAM Act asks every commercial message for the sender's valid physical postal address. */
export const NO_POSTAL_ADDRESS_MESSAGE =
  "Add the site's postal address in Settings → Mail before sending: the CAN-SPAM Act requires every newsletter to carry a valid physical postal address.";

/** Where the admin sets the postal address. */
export const MAIL_SETTINGS_PATH = "/admin/settings";

/** The form intents of the admin's newsletter screen besides create, update and delete. */
export const ISSUE_INTENTS = { preview: "preview-issue", test: "send-test", send: "send" } as const;

/** Where an issue's messages are: the outbox rows of its send, counted by what became of them. */
export interface IssueFigures {
  /** Confirmed subscribers the issue was queued for. */
  recipients: number;
  /** Accepted by the SMTP server. */
  delivered: number;
  failed: number;
  /** Still to go: queued or being sent. */
  pending: number;
  /** Kept in the outbox: no SMTP server is configured, so they were not sent. */
  kept: number;
  /** Not delivered and not failed: pending and kept. */
  left: number;
  /** Subscribers who unsubscribed after the issue was sent. */
  unsubscribesSince: number;
}

/** A send's progress, as the admin's screen polls it. */
export interface IssueProgress extends IssueFigures {
  id: number;
  status: IssueStatus;
}

/** The share of an issue's messages that is done with (delivered, failed or kept), 0-100. */
export function issuePercent(figures: Pick<IssueFigures, "recipients" | "pending">): number {
  if (figures.recipients <= 0) return 100;
  return Math.floor(((figures.recipients - figures.pending) / figures.recipients) * 100);
}

/** An issue as the admin's list shows it. */
export interface AdminIssue {
  id: number;
  title: string;
  body: string;
  featured: FeaturedIds;
  status: IssueStatus;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  figures: IssueFigures;
}

/** A featured item as a message and the web page show it: a linked line and a short description. */
export interface FeaturedItem {
  id: number;
  title: string;
  /** The item's page on the site (a path). */
  path: string;
  description: string;
}

export type FeaturedItems = Record<FeaturedKind, FeaturedItem[]>;

/** An issue as its public page shows it. */
export interface PublicIssue {
  id: number;
  title: string;
  /** The body rendered to safe HTML. */
  html: string;
  /** The site's calendar date it was sent on, YYYY-MM-DD. */
  sentOn: string;
  sentAt: string;
  featured: FeaturedItems;
}

/** A line of the public archive. */
export interface IssueLink {
  id: number;
  title: string;
  sentOn: string;
  sentAt: string;
}

/** What the screen's action answers a preview: the message's subject (its HTML is framed from routes/admin/newsletter-email.ts), and the issue as its web page. */
export type IssuePreviewResult =
  | {
      ok: true;
      intent: typeof ISSUE_INTENTS.preview;
      id: number;
      subject: string;
      page: PublicIssue;
    }
  | { ok: false; intent: typeof ISSUE_INTENTS.preview; message: string };
