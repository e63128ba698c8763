import type { SiteSettings } from "~/services/settings/types";

/** What every page needs to know about the site (the root loader's data): its settings and where it is published. */
export interface SiteContext {
  siteUrl: string;
  allowIndexing: boolean;
  /** The settings pages show; the mail settings (send rate, digest, owners' reminders) stay on the server. */
  settings: Pick<SiteSettings, "general" | "seo">;
  /** When the server rendered the page (ISO): "open now" labels hydrate with the clock they were rendered with. */
  renderedAt: string;
  /** The footer's "Popular Regions": the states with the most listings, most first (none without a listing). */
  popularRegions: { label: string; to: string }[];
}
