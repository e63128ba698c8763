import type { Locator, Page } from "@playwright/test";
import { acceptLoggedStatuses, E2E_ADMIN, loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

/*
 * Site-wide settings change what every page shows. Each worker has a server of its own (fixtures.ts), so
 * they change only this worker's site; each one changes the settings through the admin screen, looks at the
 * public site, and puts the defaults back afterwards, whatever happened.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Tab = "General Settings" | "SEO & Meta";

/** Opens the settings screen on a tab; switching tabs works only once the page's scripts run, so after it typing and clicking reach React. */
async function openSettings(page: Page, tab: Tab) {
  await page.goto("/admin/settings");
  const other: Tab = tab === "General Settings" ? "SEO & Meta" : "General Settings";
  for (const name of [other, tab]) {
    const trigger = page.getByRole("tab", { name });
    await expect(async () => {
      await trigger.click();
      await expect(trigger).toHaveAttribute("aria-selected", "true", { timeout: 1000 });
    }).toPass();
  }
}

async function setSwitch(toggle: Locator, on: boolean) {
  if ((await toggle.getAttribute("aria-checked")) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", String(on));
}

async function saveGeneral(page: Page) {
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Your general settings have been saved successfully.", { exact: true })).toBeVisible();
}

async function saveSeo(page: Page) {
  await page.getByRole("button", { name: "Save SEO Settings" }).click();
  await expect(page.getByText("Meta settings updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Your SEO settings have been saved successfully.", { exact: true })).toBeVisible();
}

async function switchOff(page: Page, name: string) {
  await openSettings(page, "General Settings");
  await setSwitch(page.getByRole("switch", { name, exact: true }), false);
  await saveGeneral(page);
}

async function expectStatus(page: Page, path: string, status: number) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
}

/** Back to the defaults: no saved settings, and the server's settings cache dropped with the Clear cache tool. */
async function restoreDefaults(page: Page) {
  withDatabase((db) => db.prepare("delete from settings where key in ('general', 'seo')").run());
  const response = await page.request.post("/admin/tools/clear-cache");
  expect(response.status()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
  await restoreDefaults(page);
});

test.afterEach(async ({ page }) => {
  await restoreDefaults(page);
});

test("Blog off: no blog on the home page, in the header, footer or sitemap, and its pages answer 404", async ({ page, pageErrors }) => {
  await page.goto("/");
  await expect(page.locator("#blog")).toHaveCount(1);
  await expect(page.getByRole("banner").getByRole("link", { name: "DIY Blog" })).toBeVisible();

  await switchOff(page, "Blog");
  await page.goto("/");
  await expect(page.locator("#blog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "DIY Flower Tips" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "DIY Blog" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "DIY Blog" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Blog RSS feed" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Festivals" })).toBeVisible();

  await expectStatus(page, "/blog", 404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  expect((await page.request.get("/blog/1")).status()).toBe(404);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/festivals</loc>");
  expect(sitemap).not.toContain("/blog");
  expect((await page.request.get("/rss.xml")).status()).toBe(404);
  for (const path of ["/api/blog-posts", "/api/blog-posts/1"]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(await answer.json()).toEqual({ message: "The blog is switched off on this site." });
  }
  expect((await page.request.get("/api/flower-festivals")).status()).toBe(200);
  acceptLoggedStatuses(pageErrors, 404);
});

test("saved settings are still there after a reload, and the save is in the audit log", async ({ page }) => {
  const id = unique();
  await openSettings(page, "General Settings");
  await page.getByLabel("Site Name").fill(`Saved Name ${id}`);
  await setSwitch(page.getByRole("switch", { name: "Blog", exact: true }), false);
  await saveGeneral(page);
  await openSettings(page, "SEO & Meta");
  await page.getByLabel("Default Meta Title").fill(`Saved title ${id}`);
  await saveSeo(page);

  await page.reload();
  await expect(page.getByLabel("Default Meta Title")).toHaveValue(`Saved title ${id}`);
  await expect(page.getByLabel("Site Name")).toHaveValue(`Saved Name ${id}`);
  await expect(page.getByRole("switch", { name: "Blog", exact: true })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: "Flower Festivals", exact: true })).toHaveAttribute("aria-checked", "true");
  const audit = withDatabase((db) =>
    db.prepare("select actor, entity_id from audit_log where action = 'settings.update' order by id desc limit 2").all(),
  );
  expect(audit).toEqual([
    { actor: E2E_ADMIN.email, entity_id: "seo" },
    { actor: E2E_ADMIN.email, entity_id: "general" },
  ]);
});

test("Festivals off: no festivals link in the header, footer or sitemap, and their pages answer 404", async ({ page, pageErrors }) => {
  await switchOff(page, "Flower Festivals");

  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Festivals" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Festivals" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "DIY Blog" })).toBeVisible();

  await expectStatus(page, "/festivals", 404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  expect((await page.request.get("/festivals/1")).status()).toBe(404);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/blog</loc>");
  expect(sitemap).not.toContain("/festivals");
  expect((await page.request.get("/festivals.ics")).status()).toBe(404);
  for (const path of ["/api/flower-festivals", "/api/flower-festivals/upcoming", "/api/flower-festivals/1"]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(await answer.json()).toEqual({ message: "Flower festivals are switched off on this site." });
  }
  expect((await page.request.get("/api/blog-posts")).status()).toBe(200);
  acceptLoggedStatuses(pageErrors, 404);
});

test("Featured Wholesalers off: the home page's featured wholesalers disappear", async ({ page }) => {
  const featured = page.getByRole("list", { name: "Featured wholesalers in California" });
  await page.goto("/");
  await expect(featured.getByRole("listitem").first()).toBeVisible();

  await switchOff(page, "Featured Wholesalers");
  await page.goto("/");
  await expect(featured).toHaveCount(0);
  // The rest of the state's showcase stays.
  await expect(page.getByRole("heading", { name: "Flower markets in California" })).toBeVisible();
});

test("a new Site Name and Contact Email show in the title, header, footer and pages at once", async ({ page }) => {
  const id = unique();
  const siteName = `Petal Depot ${id}`;
  const email = `team-${id}@example.com`;
  await openSettings(page, "General Settings");
  await page.getByLabel("Site Name").fill(siteName);
  await page.getByLabel("Contact Email").fill(email);
  await saveGeneral(page);
  // The admin's own frame follows too.
  await expect(page.getByRole("link", { name: new RegExp(`${siteName}.*Admin`) }).first()).toBeVisible();
  await expect(page).toHaveTitle(`Settings | ${siteName} Admin`);

  await page.goto("/");
  await expect(page).toHaveTitle(`Find Wholesale Flowers Near You - Save up to 70% | ${siteName}`);
  await expect(page.getByRole("banner").getByText(siteName)).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText(`${siteName}. All rights reserved.`)).toBeVisible();
  await expect(footer.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(page.getByText("Wholesale Flower Finder")).toHaveCount(0);

  await page.goto("/about");
  await expect(page).toHaveTitle(new RegExp(`\\| ${siteName}$`));
  await expect(page.getByRole("main").getByRole("link", { name: email })).toBeVisible();
  await expectAccessible(page);
});

// The measurement script itself is Google's: the browser gets an empty one instead of leaving the test machine.
test("a Google Analytics ID adds the measurement script to every page; there is none by default", async ({ page }) => {
  await page.route("https://www.googletagmanager.com/**", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await page.goto("/");
  await expect(page.locator('script[src*="googletagmanager.com"]')).toHaveCount(0);

  const id = `G-E2E${unique().toUpperCase().slice(0, 8)}`;
  await openSettings(page, "SEO & Meta");
  await page.getByLabel("Google Analytics ID").fill(id);
  await saveSeo(page);

  await page.goto("/");
  await expect(page.locator(`script[src="https://www.googletagmanager.com/gtag/js?id=${id}"]`)).toHaveCount(1);
  const inline = await page.locator("head script:not([src])").evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ""));
  expect(inline.filter((text) => text.includes(`gtag('config','${id}')`))).toHaveLength(1);
  // The inline part ran: the page's security policy lets it through.
  await expect.poll(() => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBeGreaterThan(0);
  expect(await (await page.request.get("/states")).text()).toContain(`https://www.googletagmanager.com/gtag/js?id=${id}`);
});

test("emptying the Google Analytics ID removes the measurement script", async ({ page }) => {
  await page.route("https://www.googletagmanager.com/**", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  // Start with tracking on, as the previous test leaves it through the screen.
  withDatabase((db) =>
    db.prepare("insert into settings (key, value, updated_at) values ('seo', ?, ?)").run(
      JSON.stringify({
        metaTitle: "Find Wholesale Flowers | Wholesale Flower Finder",
        metaDescription: "Wholesale flowers near you, by zipcode or state.",
        googleAnalyticsId: "G-E2EREMOVE1",
      }),
      new Date().toISOString(),
    ),
  );
  expect((await page.request.post("/admin/tools/clear-cache")).status()).toBe(200);
  expect(await (await page.request.get("/")).text()).toContain("gtag/js?id=G-E2EREMOVE1");

  await openSettings(page, "SEO & Meta");
  await expect(page.getByLabel("Google Analytics ID")).toHaveValue("G-E2EREMOVE1");
  await page.getByLabel("Google Analytics ID").fill("");
  await saveSeo(page);
  await page.goto("/");
  await expect(page.locator('script[src*="googletagmanager.com"]')).toHaveCount(0);
  expect(await page.content()).not.toContain("gtag(");
});

test("the default meta description serves pages that have none of their own", async ({ page, pageErrors }) => {
  const description = `Wholesale flowers for every budget, checked by our team ${unique()}.`;
  await openSettings(page, "SEO & Meta");
  await page.getByLabel("Default Meta Description").fill(description);
  await saveSeo(page);

  // The unsubscribe page has no description of its own.
  await expectStatus(page, "/newsletter/unsubscribe?token=unknown", 404);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description);
  // A page with its own description keeps it.
  await page.goto("/about");
  await expect(page.locator('meta[name="description"]')).not.toHaveAttribute("content", description);
  acceptLoggedStatuses(pageErrors, 404);
});
