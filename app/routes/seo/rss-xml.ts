import { getDb } from "~/db/db.server";
import { renderBlogRss } from "~/services/seo/feeds.server";
import { getSiteSettings } from "~/services/settings/settings.server";
import { getEnv } from "~/utils/env.server";

export async function loader() {
  const db = getDb();
  const settings = await getSiteSettings(db);
  if (!settings.general.enableBlog) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const xml = await renderBlogRss(db, settings, getEnv().SITE_URL);
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" } });
}
