import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { parseIsoDate } from "~/utils/dates";
import { formatLongDateUtc } from "~/utils/en-us";
import { listPublishedPosts } from "../blog/blog.server";
import { listFestivals } from "../festivals/festivals.server";
import { listGroceryLinks } from "../grocery/grocery.server";
import { listSentIssues } from "../newsletter/issues.server";
import type { SiteSettings } from "../settings/settings.server";
import { listStates } from "../states/states.server";
import { listListingLinks } from "../wholesalers/listing.server";
import { listingPath } from "../wholesalers/slug";

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** Every public URL the search engines should know, honouring the Blog and Festivals switches. */
export async function listSitemapEntries(db: Kysely<Database>, settings: SiteSettings): Promise<SitemapEntry[]> {
  const [states, listings, groceryLinks, lastWholesalerChange] = await Promise.all([
    listStates(db),
    listListingLinks(db),
    listGroceryLinks(db),
    db
      .selectFrom("wholesalers")
      .select(["state_id", (eb) => eb.fn.max("updated_at").as("updated")])
      .groupBy("state_id")
      .execute(),
  ]);
  const updatedByState = new Map(lastWholesalerChange.map((row) => [row.state_id, String(row.updated).slice(0, 10)]));
  const entries: SitemapEntry[] = [
    { path: "/" },
    { path: "/states" },
    { path: "/all-states" },
    // A state page without listings stays reachable but is not offered to search engines (it is noindex too).
    ...states
      .filter((state) => updatedByState.has(state.id))
      .map((state) => ({ path: `/state/${state.id}`, lastmod: updatedByState.get(state.id) })),
    ...listings.map((listing) => ({ path: listingPath(listing), lastmod: listing.updatedOn })),
    ...groceryLinks.map((store) => ({ path: store.path, lastmod: store.updatedOn })),
  ];
  if (settings.general.enableBlog) {
    const posts = await listPublishedPosts(db);
    entries.push({ path: "/blog", lastmod: posts[0]?.updatedAt.slice(0, 10) });
    for (const post of posts) entries.push({ path: `/blog/${post.id}`, lastmod: post.updatedAt.slice(0, 10) });
  }
  if (settings.general.enableFestivals) {
    const festivals = await listFestivals(db);
    entries.push({ path: "/festivals" });
    for (const festival of festivals) entries.push({ path: `/festivals/${festival.id}`, lastmod: festival.updatedAt.slice(0, 10) });
  }
  // The newsletter's archive, once an issue has been sent: each issue is a page a visitor can read before subscribing.
  const issues = await listSentIssues(db);
  if (issues.length > 0) {
    entries.push({ path: "/newsletter", lastmod: issues[0]!.sentOn });
    for (const issue of issues) entries.push({ path: `/newsletter/${issue.id}`, lastmod: issue.sentOn });
  }
  entries.push({ path: "/about" }, { path: "/list-your-business" }, { path: "/privacy" }, { path: "/terms" }, { path: "/sitemap" });
  return entries;
}

export function renderSitemapXml(entries: SitemapEntry[], siteUrl: string): string {
  const urls = entries
    .map(
      (entry) => `  <url><loc>${escapeXml(siteUrl + entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function renderRobotsTxt(siteUrl: string, allowIndexing: boolean): string {
  if (!allowIndexing) return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** RFC 822 date for RSS from a YYYY-MM-DD calendar date (noon UTC, so no reader shifts the day). */
export function rfc822(date: string): string {
  return new Date(`${date}T12:00:00Z`).toUTCString().replace("GMT", "+0000");
}

/** RFC 822 date for RSS from an ISO timestamp. */
const rfc822Time = (iso: string) => new Date(iso).toUTCString().replace("GMT", "+0000");

export async function renderBlogRss(db: Kysely<Database>, settings: SiteSettings, siteUrl: string): Promise<string> {
  const [posts, issues] = await Promise.all([listPublishedPosts(db), listSentIssues(db)]);
  const postItems = posts.map((post) => {
    const url = `${siteUrl}/blog/${post.id}`;
    const lines = [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <category>${escapeXml(post.category)}</category>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      "    </item>",
    ];
    return { at: `${post.date}T12:00:00.000Z`, pubDate: rfc822(post.date), xml: lines.join("\n") };
  });
  // The newsletter's sent issues, each a page of the site, among the articles by date.
  const issueItems = issues.map((issue) => {
    const url = `${siteUrl}/newsletter/${issue.id}`;
    const lines = [
      "    <item>",
      `      <title>${escapeXml(issue.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822Time(issue.sentAt)}</pubDate>`,
      "      <category>Newsletter</category>",
      `      <description>${escapeXml(`The ${settings.general.siteName} newsletter, ${formatLongDateUtc(parseIsoDate(issue.sentOn))}.`)}</description>`,
      "    </item>",
    ];
    return { at: issue.sentAt, pubDate: rfc822Time(issue.sentAt), xml: lines.join("\n") };
  });
  const all = issueItems.length === 0 ? postItems : [...postItems, ...issueItems].sort((a, b) => b.at.localeCompare(a.at));
  const items = all.map((item) => item.xml).join("\n");
  const name = settings.general.siteName;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`${name} - Flower Arranging Guide`)}</title>
    <link>${escapeXml(`${siteUrl}/blog`)}</link>
    <atom:link href="${escapeXml(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>DIY flower arranging on a budget: wholesale buying tips, seasonal guides and wedding flowers.</description>
    <language>en-us</language>
${all[0] ? `    <lastBuildDate>${all[0].pubDate}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
}
