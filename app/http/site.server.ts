import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { AppError } from "~/services/errors";
import { getSiteSettings, type SiteSettings } from "~/services/settings/settings.server";
import { listPopularStates } from "~/services/states/states.server";
import { getEnv } from "~/utils/env.server";
import type { SiteContext } from "./site-context";

export type Feature = "blog" | "festivals";

/** How many states the footer names under "Popular Regions". */
const POPULAR_REGION_COUNT = 4;

/** What every page needs to know about the site: its settings, where it is published and when it was rendered. */
export async function loadSiteContext(renderedAt = new Date().toISOString()): Promise<SiteContext> {
  const env = getEnv();
  const db = getDb();
  const [settings, popular] = await Promise.all([
    getSiteSettings(db),
    // The footer's links are no reason for a page to fail: a database fault shows the page without them.
    listPopularStates(db, POPULAR_REGION_COUNT).catch(() => []),
  ]);
  const popularRegions = popular.map((state) => ({ label: state.name, to: `/state/${state.id}` }));
  return { siteUrl: env.SITE_URL, allowIndexing: env.ALLOW_INDEXING, settings, renderedAt, popularRegions };
}

export function isFeatureEnabled(settings: SiteSettings, feature: Feature) {
  return feature === "blog" ? settings.general.enableBlog : settings.general.enableFestivals;
}

/** Page loaders of a switched-off section answer 404, as if the section did not exist. */
export async function requireFeature(feature: Feature): Promise<SiteSettings> {
  const settings = await getSiteSettings(getDb());
  if (!isFeatureEnabled(settings, feature)) throw data(null, { status: 404 });
  return settings;
}

export const FEATURE_OFF_MESSAGES: Record<Feature, string> = {
  blog: "The blog is switched off on this site.",
  festivals: "Flower festivals are switched off on this site.",
};

/** The JSON API of a switched-off section answers 404 with a message, like its pages. */
export async function requireFeatureForApi(feature: Feature): Promise<void> {
  const settings = await getSiteSettings(getDb());
  if (!isFeatureEnabled(settings, feature)) throw new AppError("not_found", FEATURE_OFF_MESSAGES[feature]);
}
