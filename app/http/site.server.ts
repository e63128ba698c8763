import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { isDatabaseUnavailable } from "~/db/unavailable.server";
import { AppError } from "~/services/errors";
import { getSiteSettings, type SiteSettings } from "~/services/settings/settings.server";
import { listPopularStates } from "~/services/states/states.server";
import { cacheGeneration, cachesUsable, registerCache } from "~/services/tools/cache.server";
import { getEnv } from "~/utils/env.server";
import type { SiteContext } from "./site-context";

export type Feature = "blog" | "festivals";

/** How many states the footer names under "Popular Regions". */
const POPULAR_REGION_COUNT = 4;

type Regions = SiteContext["popularRegions"];

/**
 * The footer's regions change only when listings do, yet every page and navigation shows them: they are kept
 * until a write clears the caches (on every server, like the settings; the Clear cache tool too), and read
 * again at most a minute later otherwise, which bounds how long an edit made directly in the database takes
 * to show. Not used while the invalidation bus is down.
 */
const REGIONS_TTL_MS = 60_000;
let regions: { value: Regions; expiresAt: number } | undefined;
/** Whether the last read failed: a fault is logged once, not on every page while it lasts. */
let regionsFailing = false;

registerCache({
  name: "Footer regions",
  clear: () => {
    const entries = regions ? 1 : 0;
    regions = undefined;
    return entries;
  },
});

async function readPopularRegions(): Promise<Regions> {
  const popular = await listPopularStates(getDb(), POPULAR_REGION_COUNT);
  regionsFailing = false;
  return popular.map((state) => ({ label: state.name, to: `/state/${state.id}` }));
}

/** The footer's links are no reason for a page to fail: a database fault shows the page without them (and is not kept). */
async function popularRegions(): Promise<Regions> {
  try {
    if (!cachesUsable()) return await readPopularRegions();
    if (regions && regions.expiresAt > Date.now()) return regions.value;
    const generation = cacheGeneration();
    const value = await readPopularRegions();
    if (generation === cacheGeneration()) regions = { value, expiresAt: Date.now() + REGIONS_TTL_MS };
    return value;
  } catch (error) {
    // A database that is down is said once by the page's own answer (a 503); anything else is a fault to report.
    if (!regionsFailing && !isDatabaseUnavailable(error))
      console.error("footer regions could not be read; pages show none until they can", error);
    regionsFailing = true;
    return [];
  }
}

/** What every page needs to know about the site: its settings, where it is published and when it was rendered. */
export async function loadSiteContext(renderedAt = new Date().toISOString()): Promise<SiteContext> {
  const env = getEnv();
  const [settings, regions] = await Promise.all([getSiteSettings(getDb()), popularRegions()]);
  return {
    siteUrl: env.SITE_URL,
    allowIndexing: env.ALLOW_INDEXING,
    settings: { general: settings.general, seo: settings.seo },
    renderedAt,
    popularRegions: regions,
  };
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
