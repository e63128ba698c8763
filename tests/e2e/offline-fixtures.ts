import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** What the offline tests share (issue #38, docs/decisions/046-offline-service-worker.md). */

export const LISTING = "/wholesalers/4/california-flower-mall";
export const RESULTS = "/near?zip=90014";

/** Opens the home page and waits until the service worker is active and controls the page after a reload. */
export async function controlledByWorker(page: Page) {
  await page.goto("/");
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === "activated", undefined, {
    timeout: 30_000,
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/** The names of the worker's caches and the addresses each holds. */
export function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }
    return result;
  });
}

export const savedCopyLine = (page: Page) => page.locator("#saved-copy-line");

/** What a browser logs for the requests a page makes while offline (React Router's route discovery among them). */
export const OFFLINE_FAILURES = /ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch manifest patches/;
