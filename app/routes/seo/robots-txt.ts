import { renderRobotsTxt } from "~/services/seo/feeds.server";
import { getEnv } from "~/utils/env.server";

export function loader() {
  const env = getEnv();
  return new Response(renderRobotsTxt(env.SITE_URL, env.ALLOW_INDEXING), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
