import { useEffect, useState } from "react";
import { MapPin } from "~/components/icons";
// Through listing-facts, which every card's chunk holds: imported alone, open-status became a file of its own in
// every first load (0.4 KB gzip more; decision 046).
import { ListingOpenStatus } from "~/components/wholesalers/listing-facts";
// The code every page loads once it is interactive (the service worker, the Save buttons): imported here too, so that
// it and the saved list share one file, which no page's first load fetches (decision 046).
import "./start";
import {
  completeSaved,
  lastSearch,
  milesAwayText,
  savedListings,
  SAVED_CHANGED_EVENT,
  unsaveListing,
  type LastSearch,
  type SavedListing,
} from "./saved-store";

/**
 * The saved suppliers (decision 046), read from this browser: each with its distance from the last zipcode search and
 * whether it is open now, worked out here from its hours. Their links load the whole page (not a client navigation),
 * which the service worker answers from its saved copy when there is no signal.
 */
export function SavedList() {
  // Nothing is known on the server: the list appears once the browser has read it.
  const [state, setState] = useState<{ saved: SavedListing[]; search: LastSearch | null } | null>(null);
  useEffect(() => {
    const read = () => setState({ saved: savedListings(), search: lastSearch() });
    read();
    void completeSaved();
    window.addEventListener(SAVED_CHANGED_EVENT, read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener(SAVED_CHANGED_EVENT, read);
      window.removeEventListener("storage", read);
    };
  }, []);

  if (!state) {
    return (
      <p className="mt-8 text-muted" data-testid="saved-loading">
        Your saved suppliers are kept in this browser; they show here once the page has loaded.
      </p>
    );
  }
  const { saved, search } = state;
  if (saved.length === 0) {
    return (
      <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-6 text-ink/80">
        <p className="font-medium text-ink">No saved suppliers yet.</p>
        <p className="mt-2">
          Tap <span className="font-medium">Save</span> on a supplier&apos;s card or page: it is kept on this device, with its page for when
          you have no signal at the market.
        </p>
      </div>
    );
  }
  return (
    <>
      {search ? (
        <p className="mt-4 text-sm text-muted">
          Distances from your last search, <span className="font-medium text-ink">{search.label}</span>.
        </p>
      ) : null}
      <ul className="mt-6 grid gap-4 md:grid-cols-2" data-testid="saved-list">
        {saved.map((listing) => (
          <li
            key={listing.id}
            className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
            data-testid="saved-listing"
          >
            <h2 className="font-serif text-lg font-semibold leading-snug text-ink sm:text-xl">
              <a href={listing.path} className="hover:text-rose-brand hover:underline">
                {listing.name}
              </a>
            </h2>
            {listing.city ? (
              <p className="mt-1 text-sm text-muted">
                {listing.address ? `${listing.address}, ` : ""}
                {listing.city}, {listing.state} {listing.zipcode}
              </p>
            ) : null}
            {search?.latitude !== undefined &&
            search.longitude !== undefined &&
            listing.latitude !== undefined &&
            listing.longitude !== undefined ? (
              <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-rose-brand" data-testid="saved-distance">
                <MapPin className="size-4" aria-hidden="true" />
                {milesAwayText(
                  { latitude: search.latitude, longitude: search.longitude },
                  { latitude: listing.latitude, longitude: listing.longitude },
                )}
              </p>
            ) : null}
            <div className="mt-2">
              {listing.status && listing.status !== "open" ? (
                <p className="text-sm font-medium text-red-700">
                  {listing.status === "permanently-closed" ? "Permanently closed" : "Temporarily closed"}
                </p>
              ) : listing.openingHours && listing.timeZone ? (
                <ListingOpenStatus hours={listing.openingHours} special={listing.specialHours} timeZone={listing.timeZone} />
              ) : listing.hours ? (
                <p className="text-sm text-ink/80">{listing.hours}</p>
              ) : null}
            </div>
            <div className="mt-auto flex items-center justify-between gap-2 pt-4">
              <a href={listing.path} className="text-sm font-medium text-rose-brand underline underline-offset-4">
                Open its page
              </a>
              <button
                type="button"
                onClick={() => void unsaveListing(listing.id)}
                className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted ring-1 ring-inset ring-stone-300 hover:bg-blush/60 hover:text-rose-brand"
              >
                Remove<span className="sr-only"> {listing.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
