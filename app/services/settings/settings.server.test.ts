import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { clearCaches } from "../tools/cache.server";
import { openTestDatabase, TEST_DATABASES, rejection } from "../../../tests/support/test-databases";
import {
  DEFAULT_SETTINGS,
  getSettingsForEditing,
  getSiteSettings,
  SETTINGS_CONFLICT_MESSAGE,
  updateGeneralSettings,
  updateSeoSettings,
} from "./settings.server";
import { GA_ID_MESSAGE } from "./settings-form";

const T0 = "2026-01-01T00:00:00.000Z";

const general = (overrides: Partial<Record<string, unknown>> = {}) => ({ ...DEFAULT_SETTINGS.general, ...overrides });
const seo = (overrides: Partial<Record<string, unknown>> = {}) => ({
  metaTitle: DEFAULT_SETTINGS.seo.metaTitle,
  metaDescription: DEFAULT_SETTINGS.seo.metaDescription,
  googleAnalyticsId: "",
  ...overrides,
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`site settings on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "settings");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      const admin = await db
        .insertInto("admin_users")
        .values({ email: "ann@example.com", name: "Ann", password_hash: "x", created_at: T0, updated_at: T0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      actor = { adminId: admin.id, email: "ann@example.com", ip: "203.0.113.9" };
    });
    afterAll(() => cleanup());

    it("answers the spec's defaults before anything is saved, at version ''", async () => {
      expect(await getSiteSettings(db)).toEqual(DEFAULT_SETTINGS);
      expect(DEFAULT_SETTINGS.seo.metaTitle).toBe("Find Wholesale Flowers | Wholesale Flower Finder");
      expect(DEFAULT_SETTINGS.seo.metaDescription.length).toBeGreaterThanOrEqual(150);
      expect(DEFAULT_SETTINGS.seo.metaDescription.length).toBeLessThanOrEqual(160);
      expect((await getSettingsForEditing(db)).versions).toEqual({ general: "", seo: "", mail: "" });
    });

    it("refuses invalid values with the spec's messages and saves nothing", async () => {
      const error = await rejection(updateGeneralSettings(db, general({ siteName: "A", contactEmail: "not-an-email" }), "", actor));
      expect(error.code).toBe("bad_request");
      expect(error.fieldErrors).toEqual({
        siteName: "Site name must be at least 2 characters.",
        contactEmail: "Please enter a valid email address.",
      });
      const seoError = await rejection(updateSeoSettings(db, seo({ metaTitle: "abcd", metaDescription: "123456789" }), "", actor));
      expect(seoError.fieldErrors).toEqual({
        metaTitle: "Meta title must be at least 5 characters.",
        metaDescription: "Meta description must be at least 10 characters.",
      });
      expect((await getSettingsForEditing(db)).versions).toEqual({ general: "", seo: "", mail: "" });
    });

    it("accepts only a Google Analytics measurement id, since it is written into a script tag", async () => {
      for (const bad of ["abc", "G-", "G-ABC'); alert(1); //", "UA-12"]) {
        const error = await rejection(updateSeoSettings(db, seo({ googleAnalyticsId: bad }), "", actor));
        expect(error.fieldErrors).toEqual({ googleAnalyticsId: GA_ID_MESSAGE });
      }
    });

    it("saves a group with an audit entry, and the site sees it at once", async () => {
      expect((await getSiteSettings(db)).general.enableBlog).toBe(true);
      await updateGeneralSettings(db, general({ siteName: "  Bloom Finder ", enableBlog: false }), "", actor);
      const settings = await getSiteSettings(db);
      expect(settings.general).toEqual({ ...DEFAULT_SETTINGS.general, siteName: "Bloom Finder", enableBlog: false });

      const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "settings.update").execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        admin_id: actor.adminId,
        actor: "ann@example.com",
        entity_type: "settings",
        entity_id: "general",
        ip: "203.0.113.9",
      });
      expect(JSON.parse(audit[0]!.details ?? "{}")).toEqual({ label: "General settings" });

      await updateSeoSettings(db, seo({ googleAnalyticsId: " g-abc123xyz " }), "", actor);
      expect((await getSiteSettings(db)).seo.googleAnalyticsId).toBe("G-ABC123XYZ");
      await updateSeoSettings(db, seo({ googleAnalyticsId: "" }), (await getSettingsForEditing(db)).versions.seo, actor);
      expect((await getSiteSettings(db)).seo.googleAnalyticsId).toBeUndefined();
    });

    it("refuses a save made from an older version (no lost update)", async () => {
      const { versions } = await getSettingsForEditing(db);
      await updateGeneralSettings(db, general({ siteName: "First Editor" }), versions.general, actor);
      const stale = await rejection(updateGeneralSettings(db, general({ siteName: "Second Editor" }), versions.general, actor));
      expect(stale.code).toBe("conflict");
      expect(stale.message).toBe(SETTINGS_CONFLICT_MESSAGE);
      // Someone who opened the page before the first save ever happened saw the defaults.
      const fromDefaults = await rejection(updateGeneralSettings(db, general({ siteName: "Third Editor" }), "", actor));
      expect(fromDefaults.code).toBe("conflict");
      expect((await getSiteSettings(db)).general.siteName).toBe("First Editor");
    });

    it("keeps the settings in memory until they are saved or the caches are cleared", async () => {
      const before = await getSiteSettings(db);
      // A change made behind the service's back (another server process, a manual edit) ...
      await db
        .updateTable("settings")
        .set({ value: JSON.stringify({ ...before.general, siteName: "Edited Directly" }) })
        .where("key", "=", "general")
        .execute();
      expect((await getSiteSettings(db)).general.siteName).toBe(before.general.siteName);
      // ... shows once the Clear cache tool has run.
      const cleared = clearCaches();
      expect(cleared.find((cache) => cache.name === "Site settings")?.entries).toBeGreaterThanOrEqual(1);
      expect((await getSiteSettings(db)).general.siteName).toBe("Edited Directly");
    });
  });
}
