/**
 * The saved suppliers and the last search, kept in the browser's localStorage (no account; decision 046). Each saved
 * listing keeps what /saved shows without a network: its name, place, coordinates and hours.
 */
import type { WeeklyHours, DatedRanges } from "~/services/wholesalers/opening-hours";
import type { ListingStatus } from "~/services/wholesalers/listing-status";
import { SAVED_PAGES_CACHE } from "./cache-names";

export interface SavedListing {
  id: number;
  name: string;
  path: string;
  zipcode?: string;
  city?: string;
  state?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  hours?: string | null;
  openingHours?: WeeklyHours | null;
  specialHours?: DatedRanges;
  timeZone?: string | null;
  status?: ListingStatus;
  savedAt: string;
}

/** Where the last zipcode search was, for the distances /saved shows. */
export interface LastSearch {
  zipcode: string;
  label: string;
  /** Unknown until the search API has answered. */
  latitude?: number;
  longitude?: number;
}

const SAVED_KEY = "wff:saved";
const LAST_SEARCH_KEY = "wff:last-search";
/** Fired on window when this tab changes the saved list (another tab's change comes as a "storage" event). */
export const SAVED_CHANGED_EVENT = "wff:saved-changed";

function read<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") as T | null;
  } catch {
    return null;
  }
}

export function savedListings(): SavedListing[] {
  const saved = read<SavedListing[]>(SAVED_KEY);
  return Array.isArray(saved) ? saved.filter((listing) => typeof listing?.id === "number" && typeof listing.path === "string") : [];
}

function writeSaved(listings: SavedListing[]) {
  localStorage.setItem(SAVED_KEY, JSON.stringify(listings));
  window.dispatchEvent(new Event(SAVED_CHANGED_EVENT));
}

export const isSaved = (id: number) => savedListings().some((listing) => listing.id === id);

/**
 * The listing's full record, when the network gives it: its zipcode from its page's structured data (the copy just
 * saved), then the record from the zipcode's API answer (docs/api.md).
 */
async function fullRecord(id: number, page: Response | undefined): Promise<Partial<SavedListing>> {
  try {
    const postalCode = /"postalCode":"(\d{5})"/.exec((await page?.text()) ?? "")?.[1];
    if (!postalCode) return {};
    const response = await fetch(`/api/wholesalers/zipcode/${postalCode}`);
    if (!response.ok) return {};
    const listings = (await response.json()) as (Partial<SavedListing> & { id: number })[];
    const found = listings.find((listing) => listing.id === id);
    if (!found) return {};
    const { name, zipcode, city, state, address, latitude, longitude, hours, openingHours, specialHours, timeZone, status } = found;
    return { name, zipcode, city, state, address, latitude, longitude, hours, openingHours, specialHours, timeZone, status };
  } catch {
    return {};
  }
}

/**
 * Saves a listing: at once in the list, then its page into the worker's saved cache (kept whatever its age) and its
 * hours and place from the API, as the network allows.
 */
export async function saveListing(listing: { id: number; name: string; path: string }) {
  // The page's heading names it at once; the rest comes from the API as the network allows.
  const { path } = listing;
  const entry: SavedListing = { id: listing.id, name: listing.name, path, savedAt: new Date().toISOString() };
  writeSaved([entry, ...savedListings().filter((saved) => saved.id !== listing.id)]);
  let page: Response | undefined;
  try {
    const cache = "caches" in window ? await caches.open(SAVED_PAGES_CACHE) : undefined;
    await cache?.add(path);
    page = await cache?.match(path);
  } catch {
    // Offline: the page is saved the next time it is opened with a signal (sw/worker.ts keeps it fresh).
  }
  const record = await fullRecord(listing.id, page);
  writeSaved(savedListings().map((saved) => (saved.id === listing.id ? { ...saved, ...record } : saved)));
}

export async function unsaveListing(id: number) {
  const listing = savedListings().find((saved) => saved.id === id);
  writeSaved(savedListings().filter((saved) => saved.id !== id));
  if (listing && "caches" in window) await caches.open(SAVED_PAGES_CACHE).then((cache) => cache.delete(listing.path));
}

export const lastSearch = () => read<LastSearch>(LAST_SEARCH_KEY);

/**
 * Notes a zipcode searched on /near: at once, then with its centre (the search API's `origin`) as the network allows;
 * /saved completes a centre the page was left before it came (completeSaved).
 */
export async function noteLastSearch(zipcode: string) {
  if (lastSearch()?.zipcode !== zipcode) localStorage.setItem(LAST_SEARCH_KEY, JSON.stringify({ zipcode, label: zipcode }));
  await locateLastSearch();
}

async function locateLastSearch() {
  const search = lastSearch();
  if (!search || search.latitude !== undefined) return;
  try {
    const response = await fetch(`/api/wholesalers/near?zip=${encodeURIComponent(search.zipcode)}&radius=1`);
    if (!response.ok) return;
    const { origin } = (await response.json()) as {
      origin: { latitude: number; longitude: number; city: string | null; stateName: string | null };
    };
    const town = [origin.city, origin.stateName].filter(Boolean).join(", ");
    const located: LastSearch = {
      zipcode: search.zipcode,
      label: town ? `${search.zipcode} (${town})` : search.zipcode,
      latitude: origin.latitude,
      longitude: origin.longitude,
    };
    localStorage.setItem(LAST_SEARCH_KEY, JSON.stringify(located));
    window.dispatchEvent(new Event(SAVED_CHANGED_EVENT));
  } catch {
    // Offline: located at the next visit of /saved or search.
  }
}

/**
 * What a save or a search left unfinished (the page was left before the network answered): each saved listing's
 * record from its saved page, and the last search's centre. /saved runs it when it opens, with a signal.
 */
export async function completeSaved() {
  if (!navigator.onLine) return;
  await locateLastSearch();
  for (const listing of savedListings()) {
    if (listing.city !== undefined) continue;
    const page = "caches" in window ? await caches.open(SAVED_PAGES_CACHE).then((cache) => cache.match(listing.path)) : undefined;
    const record = await fullRecord(listing.id, page ?? (await fetch(listing.path).catch(() => undefined)));
    if (Object.keys(record).length > 0)
      writeSaved(savedListings().map((saved) => (saved.id === listing.id ? { ...saved, ...record } : saved)));
  }
}

/**
 * "about 3 miles away" from the last search (great-circle miles, whole, never under one), worked out here rather than
 * with services/geo/distance.ts and components/wholesalers/format.ts: importing those from this module, which only
 * /saved and the code loaded after a page is interactive use, moved them into a shared file every first load fetches
 * (1 KB gzip on /near, over its budget; decision 046).
 */
export function milesAwayText(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): string {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(to.latitude - from.latitude) / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(radians(to.longitude - from.longitude) / 2) ** 2;
  const miles = Math.max(1, Math.round(2 * 3958.8 * Math.asin(Math.sqrt(h))));
  return `about ${miles.toLocaleString("en-US")} ${miles === 1 ? "mile" : "miles"} away`;
}
