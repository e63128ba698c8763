import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../support/own-redis";
import { startServer } from "../support/server";
import { loginAsAdmin } from "./admin-fixtures";
import { acceptLoggedFailures, expect, expectAccessible, test } from "./fixtures";
import { cachedUrls, controlledByWorker, LISTING, OFFLINE_FAILURES, RESULTS, savedCopyLine } from "./offline-fixtures";

// The browser tests block the offline worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: "allow" });

/**
 * Works at the market (issue #38, docs/decisions/046-offline-service-worker.md): the site installs as an app, its
 * service worker keeps the pages a visitor saw and their saved suppliers, and says when a page is a saved copy.
 */

/** Starts a copy of the build (`main.js` of another folder) and resolves once it listens. */
function startBuild(entry: string, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes('"msg":"listening')) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`the copied build exited with code ${code}`)));
  });
}

test.describe("installable", () => {
  test("the manifest names the app, its colours and its icons, which exist at their sizes", async ({ page, request }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.json");
    const response = await request.get(href ?? "");
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Wholesale Flower Finder",
      short_name: "Flower Finder",
      start_url: "/",
      display: "standalone",
      theme_color: "#be123c",
    });
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.headers()["content-type"]).toBe("image/png");
      const png = await image.body();
      // A PNG's IHDR holds its width and height at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    const worker = await request.get("/sw.js");
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["content-type"]).toMatch(/^text\/javascript/);
  });

  test("the service worker registers under the site's security policy and controls the page", async ({ page }) => {
    await controlledByWorker(page);
    const precached = Object.entries(await cachedUrls(page)).find(([name]) => name.startsWith("wff-precache"))?.[1] ?? [];
    expect(precached.some((url) => /^\/assets\/root-[\w-]+\.css$/.test(url))).toBe(true);
    expect(precached.some((url) => /^\/assets\/fraunces-latin-600-normal-[\w-]+\.woff2$/.test(url))).toBe(true);
    expect(precached.some((url) => url.startsWith("/offline.html"))).toBe(true);
  });
});

test.describe("offline", () => {
  test("home, a zipcode's results and a listing page reload from the cache, each saying it is a saved copy", async ({
    page,
    context,
    pageErrors,
  }) => {
    await controlledByWorker(page);
    for (const path of ["/", RESULTS, LISTING]) {
      await page.goto(path);
      await expect(savedCopyLine(page)).toHaveCount(0);
    }
    await context.setOffline(true);
    for (const [path, heading] of [
      ["/", /wholesale flowers/i],
      [RESULTS, /90014/],
      [LISTING, /California Flower Mall/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      await expect(savedCopyLine(page)).toHaveText(/^Saved copy from \d{1,2}:\d{2} [AP]M: you are offline$/);
    }
    // The listing's "Open now" is worked out from its hours in the browser, not the copy's.
    await expect(page.getByTestId("open-status").first()).toHaveText(/^(Open now · closes|Closed · opens) /);
    await context.setOffline(false);
    await page.reload();
    await expect(savedCopyLine(page)).toHaveCount(0);
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });

  test("a page never visited shows the offline page", async ({ page, context, pageErrors }) => {
    await controlledByWorker(page);
    await context.setOffline(true);
    await page.goto("/state/vermont");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await expect(page.getByRole("link", { name: "All saved suppliers" })).toHaveAttribute("href", "/saved");
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });

  test("the admin is never served from the cache: offline, its reload is the offline page", async ({ page, context, pageErrors }) => {
    await controlledByWorker(page);
    await loginAsAdmin(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await context.setOffline(false);
    const cached = Object.values(await cachedUrls(page)).flat();
    expect(cached.filter((url) => url.startsWith("/admin"))).toEqual([]);
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });
});

test.describe("saved suppliers", () => {
  test("a card's Save keeps the supplier, which /saved lists with its distance and open status, after a reload and offline", async ({
    page,
    context,
    pageErrors,
  }) => {
    await controlledByWorker(page);
    await page.goto(RESULTS);
    const card = page.getByTestId("wholesaler-card").filter({ hasText: "California Flower Mall" });
    const save = card.getByRole("button", { name: "Save", exact: true });
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await save.click();
    await expect(card.getByRole("button", { name: "Saved", exact: true })).toHaveAttribute("aria-pressed", "true");
    // Its page is kept in the worker's saved cache, whatever its age.
    await expect.poll(async () => (await cachedUrls(page))["wff-saved-pages"] ?? []).toEqual([LISTING]);

    await page.goto("/saved");
    const saved = page.getByTestId("saved-listing");
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole("link", { name: "California Flower Mall" })).toHaveAttribute("href", LISTING);
    await expect(saved.getByTestId("saved-distance")).toHaveText("about 1 mile away");
    await expect(saved.getByTestId("open-status")).toHaveText(/^(Open now · closes|Closed · opens) /);
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByTestId("saved-listing")).toHaveCount(1);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId("saved-listing")).toHaveCount(1);
    // The saved listing's page opens offline though it was never visited, and a page never seen links to it.
    await page.getByRole("link", { name: "California Flower Mall" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("California Flower Mall");
    await expect(savedCopyLine(page)).toHaveText(/you are offline$/);
    await page.goto("/state/vermont");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await expect(page.getByRole("link", { name: "California Flower Mall" })).toHaveAttribute("href", LISTING);

    await context.setOffline(false);
    await page.goto(LISTING);
    await page.getByRole("button", { name: "Saved", exact: true }).click();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect.poll(async () => (await cachedUrls(page))["wff-saved-pages"] ?? []).toEqual([]);
    acceptLoggedFailures(pageErrors, OFFLINE_FAILURES);
  });
});

test.describe("saved suppliers' buttons and hydration", () => {
  // The script that puts "Save" in runs on its own time, and the lists of cards hydrate later (decision 026): a button
  // that came while React was hydrating the list made React throw the list away (error 418) and render it again.
  test("what is put into a Save place before the page hydrates is left there, with no hydration error", async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        for (const slot of document.querySelectorAll("[data-testid=save]"))
          slot.append(Object.assign(document.createElement("i"), { className: "early" }));
      });
    });
    for (const url of ["/state/california", LISTING]) {
      await page.goto(url);
      const slots = page.getByTestId("save");
      const count = await slots.count();
      expect(count, url).toBeGreaterThan(0);
      await expect(slots.locator("i.early")).toHaveCount(count);
      await expect(slots.getByRole("button", { name: /^Saved?$/ })).toHaveCount(count);
    }
    // The fixture fails the test on any error the page logged, React's hydration errors included.
  });
});

test.describe("updates", () => {
  test("a new build's worker takes over and its precache replaces the old one", async ({ page }) => {
    // Two servers of the test's own, one after the other on one port (one origin): the build, then a copy of it whose
    // worker has another revision of the offline page, as the next build's would.
    const port = String(await freePort());
    const first = await startServer({ PORT: port, SEED: "true" });
    const offlineEntry = async () =>
      (Object.entries(await cachedUrls(page)).find(([name]) => name.startsWith("wff-precache"))?.[1] ?? []).filter((url) =>
        url.startsWith("/offline.html"),
      );
    try {
      await page.goto(`${first.url}/`);
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === "activated", undefined, {
        timeout: 30_000,
      });
      await expect.poll(offlineEntry).toEqual([expect.stringMatching(/^\/offline\.html\?__WB_REVISION__=\w+$/)]);
    } finally {
      await first.stop();
    }
    // Inside the project, where its packages resolve (build-*/ is ignored by git).
    const next = fs.mkdtempSync(path.resolve("build-next-"));
    fs.cpSync(path.resolve("build"), next, { recursive: true });
    const worker = path.join(next, "client", "sw.js");
    fs.writeFileSync(worker, fs.readFileSync(worker, "utf8").replace(/("\/offline\.html",revision:")\w+"/, '$1next-build"'));
    // Its compressed copies were of the old script (scripts/precompress.ts): the server sends the script as it is.
    for (const variant of [".br", ".gz"]) fs.rmSync(worker + variant, { force: true });
    const second = await startBuild(path.join(next, "main.js"), { PORT: port, SEED: "true", DATA_DIR: first.dataDir });
    try {
      await page.reload();
      await expect.poll(offlineEntry, { timeout: 20_000 }).toEqual(["/offline.html?__WB_REVISION__=next-build"]);
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe("activated");
    } finally {
      second.kill();
      fs.rmSync(next, { recursive: true, force: true });
    }
  });

  test("SERVICE_WORKER=off: a worker removes itself and its caches, and no page registers one", async ({ page }) => {
    // A server of the test's own on one port, so that its second start (switched off) is the same origin.
    const port = String(await freePort());
    const on = await startServer({ PORT: port, SEED: "true" });
    try {
      await page.goto(`${on.url}/`);
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === "activated", undefined, {
        timeout: 30_000,
      });
      await page.goto(`${on.url}/about`);
      // The worker writes the page it answered to its cache after the answer: wait for it, not for the navigation.
      await expect.poll(async () => (await page.evaluate(() => caches.keys())).length, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await on.stop();
    }
    const off = await startServer({ PORT: port, SEED: "true", DATA_DIR: on.dataDir, SERVICE_WORKER: "off" });
    try {
      await page.goto(`${off.url}/`);
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), { timeout: 20_000 })
        .toBe(0);
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);
      await page.goto(`${off.url}/about`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      // The page asked the switch and registered nothing.
      await expect.poll(() => off.logs.some((entry) => (entry.req as { url?: string } | undefined)?.url === "/sw-status")).toBe(true);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    } finally {
      await off.stop();
    }
  });
});
