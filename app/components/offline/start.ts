/**
 * The service worker's side in the page (docs/decisions/046-offline-service-worker.md), loaded in a chunk of its own
 * once the page is interactive and the browser idle (app/entry.client.tsx): nothing of it is in a first load.
 * - It registers /sw.js, unless the server's kill switch says off (SERVICE_WORKER=off); a page the worker does not
 *   control yet (the first of a first visit) asks it, once active, to keep the page.
 * - The "Save" buttons start working (./saved-buttons.ts).
 * - A page the worker answered from the cache says so in one line at its top: "Saved copy from 5:12 AM: you are
 *   offline". The worker marks such a page (`<html data-saved-at>`), and tells a page whose data it answered so.
 */
import { KEEP_PAGE_MESSAGE, SAVED_COPY_MESSAGE, WORKER_STATUS_PATH } from "~/utils/offline";
import { startSavedButtons } from "./saved-buttons";

const LINE_ID = "saved-copy-line";

/** "5:12 AM", or "Dec 6, 5:12 AM" for a copy from another day. */
function savedTime(at: Date, now = new Date()): string {
  const time = at.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString("en-US", { month: "short", day: "numeric" })}, ${time}`;
}

/** Shows, updates or (for a page the network answered) removes the saved-copy line. */
export function showSavedCopyLine(savedAt: string | null | undefined) {
  let line = document.getElementById(LINE_ID);
  const at = savedAt ? new Date(savedAt) : null;
  if (!at || Number.isNaN(at.getTime())) {
    line?.remove();
    return;
  }
  if (!line) {
    line = document.createElement("p");
    line.id = LINE_ID;
    line.setAttribute("role", "status");
    line.className = "sticky top-0 z-50 bg-ink px-4 py-2 text-center text-sm font-medium text-white";
    document.body.prepend(line);
  }
  line.textContent = `Saved copy from ${savedTime(at)}: ${navigator.onLine ? "the network did not answer" : "you are offline"}`;
}

/**
 * Registers /sw.js, or, when the server's kill switch says off (SERVICE_WORKER=off), removes any worker and the caches
 * it wrote. Asked on every page, after it is idle: the worker asks too (sw/worker.ts), but not on every navigation.
 */
async function register() {
  const container = navigator.serviceWorker;
  // Offline, there is nothing to register from.
  if (!navigator.onLine) return;
  const status = (await fetch(WORKER_STATUS_PATH, { cache: "no-store" }).then((response) => response.json())) as { serviceWorker?: string };
  if (status.serviceWorker === "off") {
    for (const registration of await container.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) if (name.startsWith("wff-")) await caches.delete(name);
    return;
  }
  const registration = await container.register("/sw.js", { scope: "/" });
  // Registering again changes nothing: asking for an update finds a new build's worker (a 304 otherwise), which takes
  // over at once (skipWaiting and clients.claim), so that the next page is the new build's.
  if (container.controller) {
    await registration.update();
    return;
  }
  // The first page of a first visit came before the worker: once it is active, it is asked to keep this page too.
  const { active } = await container.ready;
  active?.postMessage({ type: KEEP_PAGE_MESSAGE, url: location.href });
}

let started = false;

function startOffline() {
  if (started) return;
  started = true;
  startSavedButtons();
  if (!("serviceWorker" in navigator)) return;
  showSavedCopyLine(document.documentElement.dataset.savedAt);
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string; savedAt?: string | null }>) => {
    if (event.data?.type === SAVED_COPY_MESSAGE) showSavedCopyLine(event.data.savedAt);
  });
  // A failed registration (the server unreachable mid-way) is tried again at the next page; nothing to tell the visitor.
  register().catch(() => undefined);
}

// It starts as it loads, in the browser (the /saved route imports it, so the server loads it too), once the page has
// loaded and the browser is idle (Safari has no idle callback: a second later).
if (typeof document !== "undefined") {
  const idle = () => (window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000)))(startOffline);
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}
