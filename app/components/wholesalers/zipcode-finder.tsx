import { Loader2, MapPin, Search } from "~/components/icons";
import { useId, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { isValidZipcode, sanitizeZipcodeInput, ZIPCODE_LENGTH } from "~/services/geo/zipcode";
import { DEFAULT_RADIUS, RADIUS_CHOICES } from "~/services/wholesalers/near-page-query";
import { Button } from "../ui/button";
import { fieldClass, Label } from "../ui/input";
import { clsx } from "clsx";
import { ResultsNotice, ResultsPanel } from "./results-panel";
import { LOCATION_MESSAGES, UseMyLocationButton, useMyLocation } from "./use-my-location";
import { useHydrated } from "./use-hydrated";

export const NEAR_PATH = "/near";

/**
 * The zipcode search: a GET form to /near?zip=&radius=, so it works before (and without) JavaScript and
 * every result has its own URL. With JavaScript the router navigates, and the button reads 'Searching...'
 * until the results page is ready. "Use my location" opens the results of the zipcode nearest the browser's
 * position, with the radius and filters chosen here.
 *
 * `aside` sits beside the search on wide screens; `results` (the server's results on /near) span both
 * below it, and editing the zipcode hides them (and any location results) until the next search.
 */
export function ZipcodeFinder({
  aside,
  results,
  initialZipcode = "",
  radius = DEFAULT_RADIUS,
  hiddenParams = [],
}: {
  aside?: ReactNode;
  results?: ReactNode;
  initialZipcode?: string;
  radius?: number;
  /** Other parameters the search keeps (the /near page's filters). */
  hiddenParams?: [string, string][];
}) {
  const inputId = useId();
  const hintId = useId();
  const radiusId = useId();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [zipcode, setZipcode] = useState(initialZipcode);
  const [edited, setEdited] = useState(false);
  const [miles, setMiles] = useState(radius);
  const location = useMyLocation((nearest) => {
    const params = new URLSearchParams([["zip", nearest], ["radius", String(miles)], ...hiddenParams]);
    return `${NEAR_PATH}?${params}`;
  });
  const searching =
    navigation.state !== "idle" && navigation.location.pathname === NEAR_PATH && navigation.location.search.includes("zip=");

  function handleChange(value: string) {
    setZipcode(sanitizeZipcodeInput(value));
    setEdited(true);
    location.reset();
  }

  return (
    <div className={clsx("grid grid-cols-1", aside ? "lg:grid-cols-[minmax(0,1fr)_21rem] lg:gap-x-10" : null)}>
      <Form
        method="get"
        action={NEAR_PATH}
        onSubmit={(event) => {
          if (!isValidZipcode(zipcode) || searching) event.preventDefault();
          else setEdited(false);
        }}
        className={clsx("min-w-0", aside ? "lg:col-start-1 lg:row-start-1" : "lg:max-w-3xl")}
      >
        {hiddenParams.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <Label htmlFor={inputId}>Zipcode</Label>
            <div className="relative">
              <MapPin
                className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-rose-brand"
                aria-hidden="true"
              />
              {/* Taller than an Input, as the radius select beside it: the field's class with its own height, no merging. */}
              <input
                className={`${fieldClass} h-12 pl-11 text-lg tracking-wider`}
                id={inputId}
                name="zip"
                value={zipcode}
                onChange={(event) => handleChange(event.target.value)}
                inputMode="numeric"
                autoComplete="postal-code"
                pattern="[0-9]{5}"
                required
                placeholder="e.g. 90014"
                aria-describedby={hintId}
              />
            </div>
          </div>
          <div className="sm:w-36">
            <Label htmlFor={radiusId}>Within</Label>
            <select
              id={radiusId}
              name="radius"
              value={String(miles)}
              className={`${fieldClass} h-12 appearance-auto`}
              onChange={(event) => setMiles(Number(event.target.value))}
            >
              {RADIUS_CHOICES.map((miles) => (
                <option key={miles} value={miles}>
                  {miles} miles
                </option>
              ))}
            </select>
          </div>
          {/* Without JavaScript the browser checks the pattern; with it, Search waits for exactly 5 digits. */}
          <Button type="submit" size="lg" disabled={hydrated && (!isValidZipcode(zipcode) || searching)} className="sm:w-36">
            {searching ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
            {searching ? "Searching..." : "Search"}
          </Button>
        </div>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p id={hintId} className="text-sm text-muted">
            Enter a {ZIPCODE_LENGTH}-digit US zipcode to see wholesalers within the distance you choose.
          </p>
          {hydrated ? <UseMyLocationButton location={location} /> : null}
        </div>
      </Form>

      {aside ? (
        <div className="order-last mt-6 border-t border-stone-200 pt-6 lg:order-none lg:col-start-2 lg:row-start-1 lg:mt-0 lg:border-l lg:border-t-0 lg:pl-10 lg:pt-0">
          {aside}
        </div>
      ) : null}
      <div aria-live="polite" className={aside ? "lg:col-span-2 lg:row-start-2" : undefined}>
        {location.state.status === "error" ? (
          <ResultsPanel label="Results near your location">
            <ResultsNotice tone="error">{LOCATION_MESSAGES[location.state.problem]}</ResultsNotice>
          </ResultsPanel>
        ) : edited ? null : (
          results
        )}
      </div>
    </div>
  );
}
