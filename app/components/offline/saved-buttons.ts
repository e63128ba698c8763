/**
 * "Save" on a listing's card and page (docs/decisions/046-offline-service-worker.md): a saved listing is kept in the
 * browser, no account. The server renders an empty place of the button's size (SaveSlot, in
 * components/wholesalers/listing-badges.tsx), so that nothing moves when the button comes; no code of it is in a
 * first load. This module, loaded after the page is interactive (./start.ts), puts a button in each place, finds the
 * listing it is for (the card's heading link, or the listing page's own address) and works it, and notes the last
 * zipcode searched (a /near page) for the distances /saved shows.
 */
import { isSaved, noteLastSearch, saveListing, SAVED_CHANGED_EVENT, unsaveListing } from "./saved-store";

const SLOTS = "[data-testid=save]";
const BUTTON_CLASS =
  "inline-flex h-9 w-full items-center justify-center gap-1.5 rounded-full px-3 text-sm font-medium ring-1 ring-inset ring-stone-300 hover:text-rose-brand aria-pressed:bg-blush aria-pressed:text-rose-brand";

/** The site's icon sprite, as the page's own icons name it (components/icons). */
function bookmarkIcon(): SVGSVGElement | null {
  const sprite = document.querySelector("svg.lucide use")?.getAttribute("href")?.split("#")[0];
  if (!sprite) return null;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  for (const [name, value] of Object.entries({
    class: "lucide lucide-bookmark size-4",
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    "aria-hidden": "true",
  }))
    svg.setAttribute(name, value);
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `${sprite}#bookmark`);
  svg.append(use);
  return svg;
}

/** The listing a place is for: its card's heading link, or the listing page's own address and heading. */
function listingOf(slot: HTMLElement) {
  const card = slot.closest("article")?.querySelector<HTMLAnchorElement>("h2 a, h3 a");
  const path = card ? new URL(card.href).pathname : location.pathname;
  const name = (card ?? document.querySelector("h1"))?.textContent?.trim() || "this supplier";
  return { id: Number(/^\/wholesalers\/(\d+)\//.exec(path)?.[1]), name, path };
}

/** Fills and updates a place, hydrated or not: React leaves what is inside it alone (SaveSlot). */
function show(slot: HTMLElement) {
  let button = slot.querySelector("button");
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = BUTTON_CLASS;
    const icon = bookmarkIcon();
    if (icon) button.append(icon);
    const label = document.createElement("span");
    label.dataset.saveLabel = "";
    button.append(label);
    slot.append(button);
  }
  const listing = listingOf(slot);
  const saved = isSaved(listing.id);
  if (button.getAttribute("aria-pressed") !== String(saved)) button.setAttribute("aria-pressed", String(saved));
  const label = button.querySelector<HTMLElement>("[data-save-label]");
  // Only when it changes: the observer below hears a new text, and would look again.
  if (label && label.textContent !== (saved ? "Saved" : "Save")) label.textContent = saved ? "Saved" : "Save";
  const title = saved
    ? `${listing.name} is saved on this device: its page opens without a signal. Tap to remove it.`
    : `Save ${listing.name} on this device, with its page for when you have no signal`;
  if (button.title !== title) button.title = title;
}

let notedZipcode: string | null = null;

function syncPage() {
  for (const slot of document.querySelectorAll<HTMLElement>(SLOTS)) show(slot);
  const zipcode = location.pathname === "/near" ? new URLSearchParams(location.search).get("zip") : null;
  if (zipcode && /^\d{5}$/.test(zipcode) && zipcode !== notedZipcode) {
    notedZipcode = zipcode;
    void noteLastSearch(zipcode);
  }
}

export function startSavedButtons() {
  syncPage();
  document.addEventListener("click", (event) => {
    const slot = (event.target as Element | null)?.closest?.<HTMLElement>(SLOTS);
    if (!slot || !(event.target as Element).closest("button")) return;
    const listing = listingOf(slot);
    if (!Number.isInteger(listing.id)) return;
    void (isSaved(listing.id) ? unsaveListing(listing.id) : saveListing(listing));
  });
  // A client navigation renders new places; another tab may save or unsave.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      syncPage();
    });
  }).observe(document.body, { childList: true, subtree: true });
  window.addEventListener(SAVED_CHANGED_EVENT, syncPage);
  window.addEventListener("storage", syncPage);
}
