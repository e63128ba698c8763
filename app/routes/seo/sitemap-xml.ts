import { getDb } from "~/db/db.server";
import { getSiteSettings } from "~/services/settings/settings.server";
import { listSitemapEntries, renderSitemapXml } from "~/services/seo/feeds.server";
import { getEnv } from "~/utils/env.server";

export async function loader() {
  const db = getDb();
  const settings = await getSiteSettings(db);
  const xml = renderSitemapXml(await listSitemapEntries(db, settings), getEnv().SITE_URL);
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
