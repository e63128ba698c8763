import { Heading, Link, Section, Text } from "@react-email/components";
import { renderMarkdown } from "../markdown/markdown.server";
import { FEATURED_HEADINGS, FEATURED_KINDS, type FeaturedItems } from "../newsletter/issue-form";
import { newsletterUnsubscribeUrl, renderMail } from "./messages.server";
import { MailLayout, styles, type MailContext } from "./templates/layout";

/** What a message of an issue says: its title and its Markdown. */
export interface IssueContent {
  id: number;
  title: string;
  body: string;
}

/** The web page of an issue, /newsletter/{id}: what a reader opens to read it in a browser. */
export const issueWebUrl = (context: MailContext, id: number) => `${context.siteUrl}/newsletter/${id}`;

/**
 * The headers of RFC 2369 and RFC 8058 for one subscriber: mail providers offer their own "Unsubscribe" button, which
 * posts `List-Unsubscribe=One-Click` to the https link (the unsubscribe page's action), or writes to the mailto one.
 */
export function listUnsubscribeHeaders(context: MailContext, token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${newsletterUnsubscribeUrl(context, token)}>, <mailto:${context.contactEmail}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

const css = (style: Record<string, string>) =>
  Object.entries(style)
    .map(([name, value]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
    .join(";");

/** Mail readers drop style sheets: each element of the article carries its style. */
const INLINE_STYLES: Record<string, string> = {
  p: css(styles.text),
  h2: css({ ...styles.text, fontFamily: "Georgia, serif", fontSize: "22px", lineHeight: "28px", fontWeight: "700", margin: "28px 0 12px" }),
  h3: css({ ...styles.text, fontSize: "18px", lineHeight: "24px", fontWeight: "700", margin: "24px 0 8px" }),
  h4: css({ ...styles.text, fontWeight: "700", margin: "20px 0 8px" }),
  ul: css({ ...styles.text, paddingLeft: "24px" }),
  ol: css({ ...styles.text, paddingLeft: "24px" }),
  li: css({ margin: "0 0 6px" }),
  blockquote: css({ ...styles.text, borderLeft: "4px solid #fda4af", fontStyle: "italic", margin: "0 0 16px", padding: "4px 0 4px 16px" }),
  a: css(styles.link),
  code: css({ backgroundColor: "#f5f5f4", borderRadius: "4px", fontSize: "14px", padding: "1px 4px" }),
  hr: css({ border: "none", borderTop: "1px solid #e7e5e4", margin: "24px 0" }),
};

/**
 * The issue's body as the site's renderer makes it (Markdown to HTML reduced to its allow-list: no script, style,
 * image or attribute but a link's), with each element's style written on it. The sanitizer writes every tag in one
 * form and leaves no style attribute, so adding one to each opening tag is safe.
 */
export function issueBodyHtml(markdown: string): string {
  return renderMarkdown(markdown).replace(/<(h2|h3|h4|p|ul|ol|li|blockquote|a|code|hr)(?=[\s/>])/g, (tag, name: string) =>
    INLINE_STYLES[name] ? `${tag} style="${INLINE_STYLES[name]}"` : tag,
  );
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&nbsp;": " ",
};

/** The first words of the issue, for the line mail readers show after the subject. */
function previewOf(markdown: string): string {
  const text = renderMarkdown(markdown)
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|nbsp|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text;
}

/**
 * One issue of the newsletter to one reader: its title, its body, the featured articles, festivals and listings as
 * linked lines, the link to its web page, and the reader's own unsubscribe link in the footer. Subscribers' messages
 * are rendered once with a placeholder in `unsubscribeUrl`, which the send replaces for each of them.
 */
export function newsletterIssueMail(
  context: MailContext,
  to: string,
  issue: IssueContent,
  featured: FeaturedItems,
  unsubscribeUrl: string,
  options: { subject?: string; headers?: Record<string, string> } = {},
) {
  const webUrl = issueWebUrl(context, issue.id);
  return renderMail(
    "newsletter",
    to,
    options.subject ?? issue.title,
    <MailLayout
      context={context}
      preview={previewOf(issue.body) || issue.title}
      heading={issue.title}
      reason={`You get this because you subscribed to the newsletter of ${context.siteName} and confirmed your address.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={{ ...styles.small, margin: "-8px 0 20px" }}>
        <Link href={webUrl} style={styles.link}>
          Read this issue on the web
        </Link>
      </Text>
      <div dangerouslySetInnerHTML={{ __html: issueBodyHtml(issue.body) }} />
      {FEATURED_KINDS.filter((kind) => featured[kind].length > 0).map((kind) => (
        <Section key={kind} style={{ margin: "24px 0 0" }}>
          <Heading as="h2" style={{ ...styles.text, fontFamily: "Georgia, serif", fontSize: "20px", fontWeight: 700, margin: "0 0 12px" }}>
            {FEATURED_HEADINGS[kind]}
          </Heading>
          {featured[kind].map((item) => (
            <Text key={item.id} style={{ ...styles.text, margin: "0 0 12px" }}>
              <Link href={`${context.siteUrl}${item.path}`} style={{ ...styles.link, fontWeight: 700 }}>
                {item.title}
              </Link>
              {item.description ? (
                <>
                  <br />
                  <span style={{ color: styles.small.color, fontSize: "14px" }}>{item.description}</span>
                </>
              ) : null}
            </Text>
          ))}
        </Section>
      ))}
    </MailLayout>,
    options.headers,
  );
}
