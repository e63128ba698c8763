import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { nowIso } from "~/utils/dates";

export const PRODUCT_NAME = "Wholesale Flower Finder";
export const DEFAULT_CONTACT_EMAIL = "hello@wholesaleflowerfinder.com";

export const generalSettingsSchema = z.object({
  siteName: z.string().trim().min(2, "Site name must be at least 2 characters.").max(80, "Site name must be at most 80 characters."),
  contactEmail: z.string().trim().pipe(z.email("Please enter a valid email address.")),
  enableFeaturedWholesalers: z.boolean(),
  enableBlog: z.boolean(),
  enableFestivals: z.boolean(),
});

export const seoSettingsSchema = z.object({
  metaTitle: z.string().trim().min(5, "Meta title must be at least 5 characters.").max(120, "Meta title must be at most 120 characters."),
  metaDescription: z
    .string()
    .trim()
    .min(10, "Meta description must be at least 10 characters.")
    .max(320, "Meta description must be at most 320 characters."),
  googleAnalyticsId: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value) => value || undefined),
});

export type GeneralSettings = z.infer<typeof generalSettingsSchema>;
export type SeoSettings = z.infer<typeof seoSettingsSchema>;
export interface SiteSettings {
  general: GeneralSettings;
  seo: SeoSettings;
}

export const DEFAULT_SETTINGS: SiteSettings = {
  general: {
    siteName: PRODUCT_NAME,
    contactEmail: DEFAULT_CONTACT_EMAIL,
    enableFeaturedWholesalers: true,
    enableBlog: true,
    enableFestivals: true,
  },
  seo: {
    metaTitle: `Find Wholesale Flowers | ${PRODUCT_NAME}`,
    metaDescription:
      "Find affordable wholesale flower suppliers near you. Search wholesale flower markets by zipcode or state, compare grocery store flowers and learn to arrange flowers on a budget.",
    googleAnalyticsId: undefined,
  },
};

function parseStored<T>(schema: z.ZodType<T>, raw: string | undefined, fallback: T): T {
  if (raw === undefined) return fallback;
  try {
    const result = schema.safeParse({ ...fallback, ...JSON.parse(raw) });
    return result.success ? result.data : fallback;
  } catch {
    return fallback;
  }
}

/** The site's settings, with the defaults for anything not saved yet. */
export async function getSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", ["general", "seo"]).execute();
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return {
    general: parseStored(generalSettingsSchema, byKey.get("general"), DEFAULT_SETTINGS.general),
    seo: parseStored(seoSettingsSchema, byKey.get("seo"), DEFAULT_SETTINGS.seo),
  };
}

export async function saveSetting(db: Kysely<Database>, key: "general" | "seo", value: GeneralSettings | SeoSettings) {
  const row = { key, value: JSON.stringify(value), updated_at: nowIso() };
  await db
    .insertInto("settings")
    .values(row)
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}
