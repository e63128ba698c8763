import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import { nextVersion } from "../admin/list";
import { recordAudit } from "../audit/audit.server";
import { AppError, badRequest } from "../errors";
import { cachesUsable, invalidateEverywhere, registerCache } from "../tools/cache.server";
import { fieldErrorsOf } from "../form-fields";
import {
  generalSettingsSchema,
  mailSettingsSchema,
  seoSettingsSchema,
  type GeneralSettings,
  type MailSettings,
  type SeoSettings,
} from "./settings-form";
import type { SiteSettings } from "./types";

// The settings forms' rules live in ./settings-form and the types in ./types (both browser-safe).
export type { GeneralSettings, MailSettings, SeoSettings } from "./settings-form";
export type { SiteSettings } from "./types";

export const PRODUCT_NAME = "Wholesale Flower Finder";
export const DEFAULT_CONTACT_EMAIL = "hello@wholesaleflowerfinder.com";

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
    // Within the recommended 150-160 characters.
    metaDescription:
      "Find affordable wholesale flower suppliers near you. Search flower markets by zipcode or state, compare grocery store flowers and arrange flowers on a budget.",
    googleAnalyticsId: undefined,
  },
  // No postal address is known until an owner enters one: the site never makes one up.
  mail: { sendRate: 0, postalAddress: "", adminDigest: "daily", ownerCheckMonths: 6 },
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

export type SettingsKey = "general" | "seo" | "mail";
const SETTINGS_KEYS: SettingsKey[] = ["general", "seo", "mail"];

async function readSettings(db: Kysely<Database>) {
  const rows = await db.selectFrom("settings").select(["key", "value", "updated_at"]).where("key", "in", SETTINGS_KEYS).execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const settings: SiteSettings = {
    general: parseStored(generalSettingsSchema, byKey.get("general")?.value, DEFAULT_SETTINGS.general),
    seo: parseStored(seoSettingsSchema, byKey.get("seo")?.value, DEFAULT_SETTINGS.seo),
    mail: parseStored(mailSettingsSchema, byKey.get("mail")?.value, DEFAULT_SETTINGS.mail),
  };
  // "" stands for "never saved": the version an editor of the defaults started from.
  const versions: Record<SettingsKey, string> = {
    general: byKey.get("general")?.updated_at ?? "",
    seo: byKey.get("seo")?.updated_at ?? "",
    mail: byKey.get("mail")?.updated_at ?? "",
  };
  return { settings, versions };
}

/**
 * Every page reads the settings (root loader, feature checks), so they are kept in memory briefly. Every save
 * empties this cache on every server at once (invalidateEverywhere); the TTL only bounds how long an edit made
 * directly in the database takes to show. While the invalidation bus is down the cache is not used at all.
 */
export const SETTINGS_CACHE_TTL_MS = 10_000;

const settingsCache = new Map<Kysely<Database>, { settings: SiteSettings; expiresAt: number }>();
// Bumped by every invalidation, so a read that started before a save cannot put the old values back.
let cacheGeneration = 0;

function clearSettingsCache(): number {
  cacheGeneration += 1;
  const entries = settingsCache.size;
  settingsCache.clear();
  return entries;
}

registerCache({ name: "Site settings", clear: clearSettingsCache });

/** The site's settings, with the defaults for anything not saved yet. */
export async function getSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  if (!cachesUsable()) return (await readSettings(db)).settings;
  const cached = settingsCache.get(db);
  if (cached && cached.expiresAt > Date.now()) return cached.settings;
  const generation = cacheGeneration;
  const { settings } = await readSettings(db);
  if (generation === cacheGeneration) settingsCache.set(db, { settings, expiresAt: Date.now() + SETTINGS_CACHE_TTL_MS });
  return settings;
}

/** The stored settings and the version of each group, read fresh for the settings screen. */
export async function getSettingsForEditing(db: Kysely<Database>) {
  return readSettings(db);
}

export async function saveSetting(
  db: Kysely<Database>,
  key: SettingsKey,
  // Mail settings saved before "Ask owners every" existed read as its default (parseStored).
  value: GeneralSettings | SeoSettings | MailSettings | Omit<MailSettings, "ownerCheckMonths">,
) {
  const row = { key, value: JSON.stringify(value), updated_at: nowIso() };
  await db
    .insertInto("settings")
    .values(row)
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
  await invalidateEverywhere(`setting ${key} saved`);
}

export const SETTINGS_CONFLICT_MESSAGE =
  "These settings were changed by someone else since you opened this page. Reload the page to see the latest values, then make your changes again.";

export interface SettingsActor {
  adminId: number;
  email: string;
  ip: string;
}

const GROUP_LABELS: Record<SettingsKey, string> = { general: "General settings", seo: "SEO & Meta settings", mail: "Mail settings" };

/**
 * Saves one settings row edited from version `expectedVersion` ("" when the editor saw the defaults, so the row
 * must not exist yet), audited as settings.update under `label`, and empties the caches everywhere; refuses with a
 * conflict when someone saved the row in between. The version check is part of the write itself, so two saves
 * racing cannot both pass it.
 */
export async function saveSettingAtVersion(
  db: Kysely<Database>,
  row: { key: string; value: string; label: string },
  expectedVersion: string,
  actor: SettingsActor,
): Promise<void> {
  const { key, value, label } = row;
  const updatedAt = nextVersion(expectedVersion);
  await db.transaction().execute(async (trx) => {
    const result = expectedVersion
      ? await trx
          .updateTable("settings")
          .set({ value, updated_at: updatedAt })
          .where("key", "=", key)
          .where("updated_at", "=", expectedVersion)
          .executeTakeFirst()
          .then((r) => r.numUpdatedRows)
      : await trx
          .insertInto("settings")
          .values({ key, value, updated_at: updatedAt })
          .onConflict((oc) => oc.column("key").doNothing())
          .executeTakeFirst()
          .then((r) => r.numInsertedOrUpdatedRows ?? 0n);
    if (Number(result) !== 1) throw new AppError("conflict", SETTINGS_CONFLICT_MESSAGE);
    await recordAudit(trx, {
      action: "settings.update",
      adminId: actor.adminId,
      actor: actor.email,
      entityType: "settings",
      entityId: key,
      details: { label },
      ip: actor.ip,
    });
  });
  await invalidateEverywhere(`${label} saved`);
}

/**
 * Saves one settings group edited from version `expectedVersion` ("" when the editor saw the defaults),
 * with its audit entry, and refuses when someone saved the group in between.
 */
async function updateSettingsGroup<T extends GeneralSettings | SeoSettings | MailSettings>(
  db: Kysely<Database>,
  key: SettingsKey,
  schema: z.ZodType<T>,
  raw: unknown,
  expectedVersion: string,
  actor: SettingsActor,
): Promise<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest("Please correct the highlighted fields.", fieldErrorsOf(parsed.error));
  await saveSettingAtVersion(db, { key, value: JSON.stringify(parsed.data), label: GROUP_LABELS[key] }, expectedVersion, actor);
  return parsed.data;
}

export const updateGeneralSettings = (db: Kysely<Database>, raw: unknown, expectedVersion: string, actor: SettingsActor) =>
  updateSettingsGroup(db, "general", generalSettingsSchema, raw, expectedVersion, actor);

export const updateSeoSettings = (db: Kysely<Database>, raw: unknown, expectedVersion: string, actor: SettingsActor) =>
  updateSettingsGroup(db, "seo", seoSettingsSchema, raw, expectedVersion, actor);

export const updateMailSettings = (db: Kysely<Database>, raw: unknown, expectedVersion: string, actor: SettingsActor) =>
  updateSettingsGroup(db, "mail", mailSettingsSchema, raw, expectedVersion, actor);
