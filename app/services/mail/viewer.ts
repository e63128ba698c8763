/** How the admin's Mail screen shows a message's HTML part (browser-safe: no server module). */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export interface FramedMessage {
  /** The document the sandboxed frame shows, served by its own route (app/http/mail.server.ts, framedMessageResponse). */
  document: string;
  /** The origin links were rewritten from (the site's SITE_URL), when they were. */
  rewrittenFrom: string | null;
}

/**
 * A message's HTML as the viewer's sandboxed frame shows it: a `<base target="_blank">` so that its links open in a
 * new tab, and, when the admin reads it on another origin than the site's public one (a site run on localhost),
 * links to `siteUrl` pointing at `origin` instead, so that every link of a kept message can be followed on this server.
 * The stored message is not changed.
 */
export function frameMessage(html: string, { siteUrl, origin }: { siteUrl: string; origin: string }): FramedMessage {
  const base = '<base target="_blank">';
  let document = /<head\b[^>]*>/i.test(html)
    ? html.replace(/<head\b[^>]*>/i, (head) => head + base)
    : /<html\b[^>]*>/i.test(html)
      ? html.replace(/<html\b[^>]*>/i, (tag) => `${tag}<head>${base}</head>`)
      : base + html;
  const site = siteUrl.replace(/\/+$/, "");
  let siteOrigin: string;
  try {
    siteOrigin = new URL(site).origin;
  } catch {
    return { document, rewrittenFrom: null };
  }
  if (siteOrigin === origin) return { document, rewrittenFrom: null };
  // Only whole links to the site (the URL, then its end, a path, a query or a fragment), in href attributes.
  const link = new RegExp(`(\\shref\\s*=\\s*["'])${escapeRegExp(site)}(?=["'/?#])`, "gi");
  document = document.replace(link, (_, start: string) => start + origin);
  return { document, rewrittenFrom: site };
}
