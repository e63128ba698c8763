import { Loader2, MapPin, Search, SearchX } from "lucide-react";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { SEARCH_RADIUS_MILES } from "~/services/geo/distance";
import { isValidZipcode, sanitizeZipcodeInput, ZIPCODE_LENGTH } from "~/services/geo/zipcode";
import type { WholesalerWithDistance } from "~/services/wholesalers/types";
import { Button } from "../ui/button";
import { Input, Label } from "../ui/input";
import { formatDistance } from "./format";
import { AccessBadge, ListingOpenStatus } from "./listing-facts";
import { DirectionsLink, TypeBadge } from "./wholesaler-card";

export const ZIPCODE_ERROR_MESSAGE = "Error finding wholesalers. Please try again.";
export const ZIPCODE_EMPTY_MESSAGE = "No wholesalers found near this zipcode. Try another zipcode or browse by state below.";

type NearbyWholesaler = Omit<WholesalerWithDistance, "imageUpdatedAt" | "featured">;

type SearchState =
  | { status: "idle" }
  | { status: "loading"; zipcode: string }
  | { status: "error"; zipcode: string }
  | { status: "found"; zipcode: string; wholesalers: NearbyWholesaler[] }
  /** Nobody within the radius; `nearest` is null while the suggestions load. */
  | { status: "empty"; zipcode: string; nearest: NearbyWholesaler[] | null };

async function fetchWholesalers(url: string, signal: AbortSignal): Promise<NearbyWholesaler[]> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as NearbyWholesaler[];
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * Finds wholesalers within 25 miles of a zipcode, and the nearest ones when nobody is that close.
 * `aside` sits beside the search on wide screens; the results span both below it.
 */
export function ZipcodeFinder({ aside }: { aside?: ReactNode }) {
  const inputId = useId();
  const hintId = useId();
  const [zipcode, setZipcode] = useState("");
  const [search, setSearch] = useState<SearchState>({ status: "idle" });
  const request = useRef<AbortController | null>(null);
  const loading = search.status === "loading";

  function handleChange(value: string) {
    request.current?.abort();
    setZipcode(sanitizeZipcodeInput(value));
    setSearch({ status: "idle" });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidZipcode(zipcode) || loading) return;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    const base = `/api/wholesalers/zipcode/${zipcode}`;
    setSearch({ status: "loading", zipcode });

    let wholesalers: NearbyWholesaler[];
    try {
      wholesalers = await fetchWholesalers(base, controller.signal);
    } catch (error) {
      if (!isAbort(error)) setSearch({ status: "error", zipcode });
      return;
    }
    if (wholesalers.length > 0) {
      setSearch({ status: "found", zipcode, wholesalers });
      return;
    }
    setSearch({ status: "empty", zipcode, nearest: null });
    try {
      const nearest = await fetchWholesalers(`${base}/nearest`, controller.signal);
      setSearch({ status: "empty", zipcode, nearest });
    } catch (error) {
      // The suggestions are extra: without them the empty message still stands.
      if (!isAbort(error)) setSearch({ status: "empty", zipcode, nearest: [] });
    }
  }

  return (
    <div className="grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-x-10">
      <form onSubmit={handleSubmit} noValidate className="lg:col-start-1 lg:row-start-1">
        <Label htmlFor={inputId}>Zipcode</Label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <MapPin className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-rose-brand" aria-hidden="true" />
            <Input
              id={inputId}
              name="zipcode"
              value={zipcode}
              onChange={(event) => handleChange(event.target.value)}
              inputMode="numeric"
              autoComplete="postal-code"
              pattern="[0-9]{5}"
              placeholder="e.g. 90014"
              aria-describedby={hintId}
              className="h-12 pl-11 text-lg tracking-wider"
            />
          </div>
          <Button type="submit" size="lg" disabled={!isValidZipcode(zipcode) || loading} className="sm:w-36">
            {loading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
            {loading ? "Searching..." : "Search"}
          </Button>
        </div>
        <p id={hintId} className="mt-2 text-sm text-muted">
          Enter a {ZIPCODE_LENGTH}-digit US zipcode to see wholesalers within {SEARCH_RADIUS_MILES} miles.
        </p>
      </form>

      {aside ? (
        <div className="order-last mt-6 border-t border-stone-200 pt-6 lg:order-none lg:col-start-2 lg:row-start-1 lg:mt-0 lg:border-l lg:border-t-0 lg:pl-10 lg:pt-0">
          {aside}
        </div>
      ) : null}
      <div aria-live="polite" className="lg:col-span-2 lg:row-start-2">
        {search.status === "idle" || search.status === "loading" ? null : <Results search={search} />}
      </div>
    </div>
  );
}

function Results({ search }: { search: Exclude<SearchState, { status: "idle" | "loading" }> }) {
  return (
    <section
      aria-label="Zipcode search results"
      className="mt-6 rounded-2xl border border-stone-200 bg-cream/60 p-4 sm:p-5"
      data-testid="zipcode-results"
    >
      {search.status === "error" ? (
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
          <SearchX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {ZIPCODE_ERROR_MESSAGE}
        </p>
      ) : search.status === "found" ? (
        <>
          <h3 className="font-serif text-lg font-semibold text-ink">
            {search.wholesalers.length} {search.wholesalers.length === 1 ? "wholesaler" : "wholesalers"} within {SEARCH_RADIUS_MILES} miles
            of {search.zipcode}
          </h3>
          <NearbyList wholesalers={search.wholesalers} />
        </>
      ) : (
        <>
          <p className="flex items-start gap-2 text-sm font-medium text-ink">
            <SearchX className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
            {ZIPCODE_EMPTY_MESSAGE}
          </p>
          {search.nearest === null ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-muted">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Looking for the nearest wholesalers…
            </p>
          ) : search.nearest.length > 0 ? (
            <>
              <h3 className="mt-5 font-serif text-lg font-semibold text-ink">Nearest wholesalers</h3>
              <p className="text-sm text-muted">
                Nobody is listed within {SEARCH_RADIUS_MILES} miles of {search.zipcode}; these are the closest.
              </p>
              <NearbyList wholesalers={search.nearest} />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function NearbyList({ wholesalers }: { wholesalers: NearbyWholesaler[] }) {
  return (
    <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {wholesalers.map((w) => (
        <li key={w.id} className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4" data-testid="nearby-wholesaler">
          <div className="grid justify-items-start gap-1.5">
            <h4 className="font-semibold text-ink">{w.name}</h4>
            <span className="flex flex-wrap gap-1.5">
              <TypeBadge type={w.type} />
              {w.access ? <AccessBadge access={w.access} /> : null}
            </span>
          </div>
          <p className="text-sm text-ink/80">
            {w.address}, {w.city}, {w.state}
            {w.locationApproximate ? <span className="block text-xs text-muted">Approximate location</span> : null}
          </p>
          {w.openingHours && w.timeZone ? <ListingOpenStatus hours={w.openingHours} timeZone={w.timeZone} /> : null}
          <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
            <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-rose-brand">
              <MapPin className="size-4" aria-hidden="true" />
              {formatDistance(w.distanceMiles)}
            </span>
            <DirectionsLink wholesaler={w} />
          </div>
        </li>
      ))}
    </ul>
  );
}
