import { expect, test } from "./fixtures";

/**
 * What a phone fetches first (issue #13, docs/decisions/019-first-paint.md and 023-system-text-font.md): the page,
 * its stylesheet, its main image and the headings' one font; the modules at low priority beside them. Text is in
 * the device's own face, and the headings' font arriving late moves nothing. The page still becomes interactive.
 */

const PAGES = ["/", "/state/california", "/blog/1", "/festivals", "/festivals/1"];

test.describe("the first paint", () => {
  for (const path of PAGES) {
    test(`${path}: modules preloaded at low priority, the headings' font the only one fetched, and the page hydrates`, async ({ page }) => {
      const html = await (await page.request.get(path)).text();
      const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)].map(([tag]) => tag);
      expect(preloads.length).toBeGreaterThan(5);
      expect(preloads.filter((tag) => !tag.includes('fetchpriority="low"'))).toEqual([]);
      const fontPreloads = [...html.matchAll(/<link[^>]*as="font"[^>]*>/g)].map(([tag]) => tag);
      expect(fontPreloads).toHaveLength(1);
      expect(fontPreloads[0]).toMatch(/href="\/assets\/fraunces-latin-600-normal-[\w-]+\.woff2"/);

      await page.goto(path);
      // Hydrated: root.tsx marks the page once React has hydrated it (the mark the fixtures' goto waits for).
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect.poll(() => page.evaluate(() => document.fonts.check('600 16px "Fraunces"'))).toBe(true);
      const fonts = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => /\.(woff2?|ttf|otf)$/.test(new URL(entry.name).pathname))
          .map((entry) => ({
            name: new URL(entry.name).pathname.replace(/-[\w-]{8}\./, "."),
            bytes: (entry as PerformanceResourceTiming).encodedBodySize,
          })),
      );
      expect(fonts.map((font) => font.name)).toEqual(["/assets/fraunces-latin-600-normal.woff2"]);
      expect(fonts[0]!.bytes).toBeLessThan(20_000);
      // Text other than headings is in the device's own face: no web font is named for it.
      const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(bodyFont).toMatch(/^ui-sans-serif, system-ui/);
      const headingFont = await page.evaluate(() => getComputedStyle(document.querySelector("h1")!).fontFamily);
      expect(headingFont).toMatch(/^Fraunces, "Fraunces Fallback"/);
    });
  }

  test("no Intl formatter is made while a public page loads and hydrates (the first costs a phone 15-60 ms)", async ({ page }) => {
    await page.addInitScript(() => {
      const made: string[] = [];
      Object.assign(window, { intlMade: made });
      for (const name of ["DateTimeFormat", "NumberFormat", "ListFormat", "PluralRules", "RelativeTimeFormat", "Collator"] as const) {
        const original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const counted = new Proxy(original, {
          construct: (target, args) => (made.push(name), new target(...args)),
          apply: (target, self, args) => (made.push(name), Reflect.apply(target, self, args) as object),
        });
        Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
      }
      for (const method of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"] as const) {
        const original = Date.prototype[method];
        Date.prototype[method] = function (this: Date, ...args: Parameters<typeof original>) {
          made.push(`Date#${method}`);
          return original.apply(this, args);
        };
      }
      const toLocaleString = Number.prototype.toLocaleString;
      Number.prototype.toLocaleString = function (this: number, ...args: Parameters<typeof toLocaleString>) {
        made.push("Number#toLocaleString");
        return toLocaleString.apply(this, args);
      };
    });
    for (const path of [...PAGES, "/wholesalers/4/california-flower-mall"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      // The open status of a listing with set hours is shown, and worked out by the server only.
      if (path === "/state/california")
        await expect(page.getByTestId("open-status").first()).toContainText(/^(Open|Closed)/, { useInnerText: true });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), path).toEqual([]);
    }
  });

  test("React begins to hydrate a page only after the browser has painted it (docs/decisions/034)", async ({ page }) => {
    await page.addInitScript(() => {
      const seen = { hydrationBeganAt: -1 };
      Object.assign(window, { hydrationSeen: seen });
      // React listens for every event it handles on the document it hydrates, as it begins; nothing before it does.
      const addEventListener = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof addEventListener>) {
        if (this === document && args[0] === "click" && seen.hydrationBeganAt < 0) seen.hydrationBeganAt = performance.now();
        return addEventListener.apply(this, args);
      };
    });
    // The stylesheet, which holds the first paint back, comes after the modules, as it can on a phone: the modules
    // are then ready to run the moment the page could first be painted.
    await page.route(/\/assets\/root-[\w-]+\.css$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const { began, painted } = await page.evaluate(() => ({
        began: (window as unknown as { hydrationSeen: { hydrationBeganAt: number } }).hydrationSeen.hydrationBeganAt,
        painted: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      }));
      expect(began, `${path}: hydration began`).toBeGreaterThan(0);
      expect(painted, `${path}: the first contentful paint`).toBeDefined();
      expect(began, `${path}: hydration began after the first contentful paint`).toBeGreaterThan(painted!);
    }
  });

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
    test(`the headings' font arriving two seconds late moves nothing at ${viewport.width}x${viewport.height} (cumulative layout shift at most 0.05)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.route(/\.woff2$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      });
      for (const path of PAGES) {
        await page.goto(path);
        await expect
          .poll(() => page.evaluate(() => document.fonts.check('600 16px "Fraunces"')), {
            message: `${path}: the headings' font arrives`,
            timeout: 20_000,
          })
          .toBe(true);
        // The swap to the web font has been laid out and painted.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        // Each shift with what moved, so that a failure names its cause.
        const shifts = await page.evaluate(
          () =>
            new Promise<{ value: number; at: number; moved: string[] }[]>((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries() as (PerformanceEntry & {
                  value: number;
                  hadRecentInput: boolean;
                  sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
                })[];
                resolve(
                  entries
                    .filter((entry) => !entry.hadRecentInput)
                    .map((entry) => ({
                      value: entry.value,
                      at: Math.round(entry.startTime),
                      moved: entry.sources.map(
                        (source) =>
                          `${source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName)}: ` +
                          `top ${source.previousRect.top} to ${source.currentRect.top}, height ${source.previousRect.height} to ${source.currentRect.height}`,
                      ),
                    })),
                );
              }).observe({ type: "layout-shift", buffered: true });
              // No shift at all: the observer has nothing to report.
              setTimeout(() => resolve([]), 500);
            }),
        );
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, `${path}: layout shift ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(0.05);
      }
    });
  }
});

test.describe("tailwind-merge while a page hydrates", () => {
  // Every module comes from the network, where the test marks tailwind-merge's, not from the offline worker's cache.
  test.use({ serviceWorkers: "block" });

  test("builds its configuration on no measured public page, only where a caller's classes meet a component's (issue #34)", async ({
    page,
  }) => {
    // tailwind-merge builds its configuration (about 25 ms of a slowed phone's main thread) on its first merge: its
    // module, served marked, counts its loads and the builds, which read the configuration's cache size.
    let marked = 0;
    await page.route(/\/assets\/cn-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      const source = await response.text();
      expect(source, "tailwind-merge's configuration is in the cn module").toContain("cacheSize:500");
      marked++;
      const counted = source.replace("cacheSize:500", "cacheSize:(globalThis.twMergeBuilds=(globalThis.twMergeBuilds??0)+1,500)");
      await route.fulfill({ response, body: `globalThis.twMergeLoaded=true;${counted}` });
    });
    const builds = async (path: string) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      // The lists of cards hydrate after the page (decision 026): they have had time once the page is idle.
      await page.waitForTimeout(500);
      return page.evaluate(() => {
        const counts = globalThis as unknown as { twMergeLoaded?: boolean; twMergeBuilds?: number };
        const fetched = performance.getEntriesByType("resource").some((entry) => /\/assets\/cn-[\w-]+\.js$/.test(entry.name));
        return { fetched, loaded: counts.twMergeLoaded === true, builds: counts.twMergeBuilds ?? 0 };
      });
    };
    for (const path of [...PAGES, "/near?zip=10001"]) {
      const seen = await builds(path);
      expect(seen.loaded, `${path}: the cn module, if fetched, is the marked one`).toBe(seen.fetched);
      expect(seen.builds, `${path}: tailwind-merge configurations built`).toBe(0);
    }
    // The newsletter page's signup form is placed by its caller's classes, which the form's own merge with.
    expect(await builds("/newsletter")).toEqual({ fetched: true, loaded: true, builds: 1 });
    expect(marked).toBeGreaterThan(0);
  });
});
