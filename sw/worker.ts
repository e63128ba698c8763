/**
 * The service worker, served at /sw.js (docs/decisions/046-offline-service-worker.md). `npm run build` bundles it
 * with esbuild (scripts/build-service-worker.ts), which puts in the precache list and the build's id: Workbox's
 * modules are in the bundle, nothing is fetched from elsewhere.
 *
 * - The app shell (the public pages' scripts, the styles, the heading font, the offline page, /saved) is precached at
 *   install; a new build's list replaces the old one when it activates.
 * - Pages and their data (`.data`) go to the network first; after 3 seconds without an answer, or with none, the copy
 *   last seen is used, marked as a saved copy. The pages of the last 30 days are kept, at most 50 MB of them (the one fetched longest ago out first).
 * - Photos (/uploads, /images) and the maps' images (/maps: a results map's ground, a state map's outline) come from
 *   the cache first, kept 30 days.
 * - Never kept: /admin, /owner, /api, anything but a GET, an answer with `Cache-Control: no-store` or (but for the
 *   maps' ground) `private`, a cookie, a redirect or a status other than 200.
 * - A saved listing's page is kept in a cache of its own (SAVED_PAGES_CACHE) whatever its age.
 * - SERVICE_WORKER=off on the server: the worker empties its caches and unregisters (WORKER_STATUS_PATH).
 */
import { clientsClaim, setCacheNameDetails, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { SAVED_PAGES_CACHE } from "../app/components/offline/cache-names";
import { byteCap } from "./byte-cap";
import { KEEP_PAGE_MESSAGE, SAVED_COPY_MESSAGE, WORKER_STATUS_PATH } from "../app/utils/offline";

declare const self: ServiceWorkerGlobalScope;
/** Put in by the build: what to precache, and the build's id. */
declare const __PRECACHE_MANIFEST__: { url: string; revision: string | null }[];
declare const __BUILD_ID__: string;
/** React Router's manifest of this build's routes (a precached file) and its version. */
declare const __ROUTE_MANIFEST__: { url: string; version: string };

const DAY_SECONDS = 24 * 60 * 60;
/** Every cache this worker writes begins so; on activate, one of these not in use by this build is deleted. */
const PREFIX = "wff";
/** A build's pages name its own assets: a new build starts its pages afresh (saved listings are fetched again). */
const PAGES_CACHE = `${PREFIX}-pages-${__BUILD_ID__}`;
/** The pages cache's cap, counted on the bodies kept (./byte-cap.ts). */
const PAGES_MAX_BYTES = 50 * 1024 * 1024;
const IMAGES_CACHE = `${PREFIX}-images`;
const ASSETS_CACHE = `${PREFIX}-assets`;
const OFFLINE_PAGE = "/offline.html";
const SAVED_PAGE = "/saved";
/** The offline page is the worker's own: no script runs on it. */
const OFFLINE_CSP =
  "default-src 'none'; style-src 'self'; font-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

setCacheNameDetails({ prefix: PREFIX, precache: "precache", runtime: "runtime" });

// A new build's worker takes over at once: its pages were built for its assets, which it has just precached.
self.addEventListener("install", () => void self.skipWaiting());
clientsClaim();

precacheAndRoute(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();

const ownCaches = new Set([PAGES_CACHE, IMAGES_CACHE, ASSETS_CACHE, SAVED_PAGES_CACHE]);
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(`${PREFIX}-`) && !name.startsWith(`${PREFIX}-precache`) && !ownCaches.has(name)) await caches.delete(name);
      }
      await refreshSavedPages();
      await checkSwitch(true);
    })(),
  );
});

/** A saved listing's page is fetched again for the new build (its old copy names the old build's assets). */
async function refreshSavedPages() {
  const saved = await caches.open(SAVED_PAGES_CACHE);
  for (const request of await saved.keys()) {
    try {
      const response = await fetch(request.url, { credentials: "omit" });
      if (storable(response)) await saved.put(request.url, response);
    } catch {
      // Offline: the old copy is kept.
    }
  }
}

// ---- The kill switch ----

let lastCheck = 0;
const CHECK_EVERY_MS = 60_000;

/**
 * Asks the server whether the worker should run, at most once a minute (on navigations): SERVICE_WORKER=off
 * answers "off", and the worker then deletes every cache it wrote and unregisters; the next page comes from the
 * network. No answer (offline) changes nothing.
 */
async function checkSwitch(now = false) {
  if (!now && Date.now() - lastCheck < CHECK_EVERY_MS) return;
  lastCheck = Date.now();
  try {
    const response = await fetch(WORKER_STATUS_PATH, { cache: "no-store", credentials: "omit" });
    if (!response.ok) return;
    const status = (await response.json()) as { serviceWorker?: unknown };
    if (status.serviceWorker !== "off") return;
    for (const name of await caches.keys()) if (name.startsWith(`${PREFIX}-`)) await caches.delete(name);
    await self.registration.unregister();
  } catch {
    // Offline or an answer that is not JSON: the worker goes on.
  }
}

// ---- What may be kept ----

/**
 * Whether an answer may be kept: a 200 of our own that is not a redirect, says neither `no-store` nor `private`, and
 * sets no cookie. (A browser hides Set-Cookie from scripts, workers included: the server marks every answer that
 * sets one `no-store`, and the header is checked here too in case a browser shows it.) With `privateToo`, a `private`
 * answer may be kept all the same: this browser's own copy is what `private` allows (a results map's ground, whose
 * address may hold the visitor's position).
 */
function storable(response: Response, { privateToo = false } = {}): boolean {
  if (response.status !== 200 || response.redirected || response.type !== "basic") return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/no-store/i.test(cacheControl) || (!privateToo && /private/i.test(cacheControl))) return false;
  return !response.headers.has("set-cookie");
}

const onlyStorable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (storable(response) ? response : null),
};
const onlyStorableHere: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (storable(response, { privateToo: true }) ? response : null),
};

/** Addresses never answered nor kept by the worker: the browser fetches them as if it were not there. */
const NEVER = /^\/(admin|owner|api|sw\.js|sw-status|healthz|readyz)(\/|\.|$)/;

// ---- Pages and their data ----

/**
 * A page answered from the cache says so: its <html> gets `data-saved-at` (when the server sent it), which
 * app/components/offline/ turns into the line "Saved copy from 5:12 AM: you are offline". Its data (a client
 * navigation's `.data`) cannot carry it, so the page is told by a message.
 */
async function markSavedCopy(response: Response, event: ExtendableEvent | undefined): Promise<Response> {
  const savedAt = response.headers.get("date") ?? "";
  if (!(response.headers.get("content-type") ?? "").includes("text/html")) {
    tellPage(event, savedAt);
    return response;
  }
  const html = await response.text();
  const attribute = ` data-saved-at="${savedAt.replace(/[^\w ,:+-]/g, "")}"`;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  headers.delete("etag");
  return new Response(
    html.replace(/<html\b/, (tag) => tag + attribute),
    { status: response.status, statusText: response.statusText, headers },
  );
}

/** Tells the page whose data this is whether it came from a saved copy (when) or from the network (null). */
function tellPage(event: ExtendableEvent | undefined, savedAt: string | null) {
  const clientId = event instanceof FetchEvent ? event.clientId : "";
  if (clientId) void self.clients.get(clientId).then((client) => client?.postMessage({ type: SAVED_COPY_MESSAGE, savedAt }));
}

/** A saved listing's page is kept fresh in its own cache each time the network gives it. */
const keepSavedFresh: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, newResponse }) => {
    const saved = await caches.open(SAVED_PAGES_CACHE);
    if (await saved.match(request, { ignoreVary: true })) await saved.put(request, newResponse.clone());
  },
};

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: 3,
  fetchOptions: { credentials: "same-origin" },
  matchOptions: { ignoreVary: true },
  plugins: [
    onlyStorable,
    keepSavedFresh,
    {
      // Data from the network: the page is no longer a saved copy.
      fetchDidSucceed: async ({ request, response, event }) => {
        if (new URL(request.url).pathname.endsWith(".data")) tellPage(event, null);
        return response;
      },

      cachedResponseWillBeUsed: async ({ cachedResponse, event }) =>
        cachedResponse ? markSavedCopy(cachedResponse, event) : cachedResponse,
    },
    // At most 50 MB of pages and data, the one fetched longest ago out first; a page not seen for 30 days goes.
    byteCap(PAGES_MAX_BYTES),
    new ExpirationPlugin({ maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
  ],
});

/** The address of a page's data, as React Router asks for it on a client navigation (`/_root.data` for home). */
function dataUrl(page: URL): string {
  const url = new URL(page);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url.href;
}

/**
 * The first page of a first visit was loaded before this worker was there to keep it: the page posts its address
 * once the worker is active (app/components/offline/start.ts), and the worker fetches it and its data through the
 * pages' strategy, by the same rules (NEVER, storable, the cap).
 */
self.addEventListener("message", (event) => {
  const message = event.data as { type?: unknown; url?: unknown } | null;
  if (message?.type !== KEEP_PAGE_MESSAGE || typeof message.url !== "string") return;
  const url = new URL(message.url, self.location.origin);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  url.hash = "";
  event.waitUntil(
    Promise.all(
      [url.href, dataUrl(url)].map((address) =>
        pages.handle({ request: new Request(address, { credentials: "same-origin" }), event }).catch(() => undefined),
      ),
    ),
  );
});

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The saved listings, as links, read from the saved pages' own titles. */
async function savedLinks(): Promise<string> {
  const saved = await caches.open(SAVED_PAGES_CACHE);
  const links: string[] = [];
  for (const request of await saved.keys()) {
    const response = await saved.match(request);
    const title = /<title>([^<]*)<\/title>/.exec((await response?.text()) ?? "")?.[1]?.replace(/ \| Wholesale Flower Finder$/, "");
    const url = new URL(request.url);
    links.push(
      `<li><a class="font-medium text-rose-brand underline" href="${escapeHtml(url.pathname)}">${title ?? escapeHtml(url.pathname)}</a></li>`,
    );
  }
  return links.length > 0
    ? `<ul class="mt-4 space-y-2">${links.join("")}</ul>`
    : `<p class="mt-4 text-muted">You have no saved suppliers yet. Tap "Save" on a supplier to keep its page for the market.</p>`;
}

/** The precached offline page, with the saved listings' links, for a page never seen. */
async function offlinePage(): Promise<Response> {
  const page = await matchPrecache(OFFLINE_PAGE);
  const html = (await page?.text()) ?? "<h1>You are offline</h1><!--saved-->";
  return new Response(html.replace("<!--saved-->", await savedLinks()), {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": OFFLINE_CSP, "Cache-Control": "no-store" },
  });
}

/**
 * React Router's route discovery (`/__manifest?paths=…&version=…`) for a route this page has not met yet, offline:
 * the build's whole manifest, precached, so that a form whose action is another route's (a card's report dialog)
 * still reaches its `clientAction` and says it was not sent. Only for a page of this build (the same version).
 */
async function routesOffline(url: URL): Promise<Response | undefined> {
  if (url.searchParams.get("version") !== __ROUTE_MANIFEST__.version) return undefined;
  const script = (await (await matchPrecache(__ROUTE_MANIFEST__.url))?.text()) ?? "";
  const json = script.slice(script.indexOf("{"), script.lastIndexOf("}") + 1);
  if (!json) return undefined;
  const { routes } = JSON.parse(json) as { routes: Record<string, unknown> };
  return Response.json(routes);
}

registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin &&
    !NEVER.test(url.pathname) &&
    // React Router's route discovery (`/__manifest`) is kept with the pages: offline, a page's links still resolve.
    (request.mode === "navigate" || url.pathname.endsWith(".data") || url.pathname === "/__manifest"),
  async (options) => {
    const { request, event, url } = options;
    if (request.mode === "navigate") event.waitUntil(checkSwitch());
    try {
      return await pages.handle({ request, event });
    } catch (error) {
      // Neither the network nor the recent pages have it: a saved listing's page, else the offline page.
      const saved = await caches.open(SAVED_PAGES_CACHE).then((cache) => cache.match(request, { ignoreVary: true }));
      if (saved) return markSavedCopy(saved, event);
      const routes = url.pathname === "/__manifest" ? await routesOffline(url) : undefined;
      if (routes) return routes;
      if (request.mode === "navigate" && url.pathname !== SAVED_PAGE) return offlinePage();
      throw error;
    }
  },
);

// The admin's and the owners' pages go to the network alone; offline, the offline page, never a stale screen.
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === "navigate" && NEVER.test(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return offlinePage();
    }
  },
);

// ---- Photos and assets ----

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && ["/uploads/", "/images/", "/maps/"].some((folder) => url.pathname.startsWith(folder)),
  new CacheFirst({
    cacheName: IMAGES_CACHE,
    plugins: [onlyStorableHere, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
  }),
);

// Hashed assets not precached (the admin's): the same under their name for ever.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [onlyStorable, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
  }),
);
