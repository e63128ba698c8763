import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * What a phone fetches first (issue #13, docs/decisions/019-first-paint.md): the page, its stylesheet and its
 * main image; the modules at low priority beside them; the fonts only after the first paint, and their late
 * arrival moves nothing. The page still becomes interactive.
 */

const PAGES = ["/", "/state/california", "/blog/1", "/festivals", "/festivals/1"];

/** The time of the first contentful paint, as the browser reports it. */
const firstContentfulPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName("first-contentful-paint")[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: "paint", buffered: true });
      }),
  );

test.describe("the first paint", () => {
  for (const path of PAGES) {
    test(`${path}: modules preloaded at low priority, no font before the first contentful paint, and the page hydrates`, async ({
      page,
    }) => {
      const html = await (await page.request.get(path)).text();
      const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)].map(([tag]) => tag);
      expect(preloads.length).toBeGreaterThan(5);
      expect(preloads.filter((tag) => !tag.includes('fetchpriority="low"'))).toEqual([]);
      expect(html).not.toMatch(/<link[^>]*as="font"/);

      await page.goto(path);
      const fcp = await firstContentfulPaint(page);
      // Hydrated: root.tsx marks the page once React has hydrated it (the mark the fixtures' goto waits for).
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".woff2")).length))
        .toBeGreaterThan(0);
      const fontStarts = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".woff2"))
          .map((entry) => entry.startTime),
      );
      expect(fontStarts.filter((start) => start < fcp)).toEqual([]);
    });
  }

  test("a link clicked once the page has painted navigates in the page, without a reload", async ({ page }) => {
    await page.goto("/blog/1");
    await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole("navigation").getByRole("link", { name: "Festivals" }).first().click();
    await expect(page).toHaveURL(/\/festivals$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`fonts arriving two seconds late move nothing at ${viewport.width}x${viewport.height} (cumulative layout shift at most 0.05)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.route(/\.woff2$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      });
      for (const path of PAGES) {
        await page.goto(path);
        // The fonts' stylesheet is switched on after the first paint; then the fonts come, two seconds later.
        await expect
          .poll(() => page.evaluate(() => [...document.fonts].filter((font) => font.status === "loaded").map((font) => font.family)), {
            message: `${path}: the web fonts arrive`,
            timeout: 20_000,
          })
          .toEqual(expect.arrayContaining(["Inter Variable", "Fraunces Variable"]));
        // The swap to the web fonts has been laid out and painted.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const shift = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
                resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0));
              }).observe({ type: "layout-shift", buffered: true });
              // No shift at all: the observer has nothing to report.
              setTimeout(() => resolve(0), 500);
            }),
        );
        const fontsLoaded = await page.evaluate(() =>
          [...document.fonts].filter((font) => font.status === "loaded").map((font) => font.family),
        );
        expect(fontsLoaded, `${path}: the web fonts did arrive`).toEqual(expect.arrayContaining(["Inter Variable", "Fraunces Variable"]));
        expect(shift, `${path}: layout shift`).toBeLessThanOrEqual(0.05);
      }
    });
  }
});
