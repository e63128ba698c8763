import { Loader2, LocateFixed } from "~/components/icons";
import { useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../ui/button";
import { ZIPCODE_ERROR_MESSAGE } from "./results-messages";
import { useHydrated } from "./use-hydrated";

export const LOCATION_MESSAGES = {
  denied: "Location permission was refused. Allow it for this site in your browser's settings, or search by zipcode.",
  unavailable: "Your position is not available right now. Try again in a moment, or search by zipcode.",
  timeout: "Finding your position took too long. Try again, or search by zipcode.",
  unsupported: "This browser cannot share its position. Search by zipcode instead.",
  outside: "Your position is not near a US zipcode. Search by zipcode instead.",
  failed: ZIPCODE_ERROR_MESSAGE,
} as const;
type LocationProblem = keyof typeof LOCATION_MESSAGES;

/** How long the browser may take to find the position before the search gives up. */
const POSITION_TIMEOUT_MS = 10_000;
/** A position up to five minutes old is good enough to find a market. */
const POSITION_MAX_AGE_MS = 5 * 60_000;

export type LocationState = { status: "idle" } | { status: "locating" } | { status: "error"; problem: LocationProblem };

/** What "Use my location" leaves in the history entry of the results it opens: they are "near you". */
interface NearYouState {
  nearYou: true;
}

/**
 * Whether the page was opened by "Use my location" (its history entry says so, also after Back or a reload), so
 * that it reads "near you (zipcode 90014)". The same URL opened from a link or shared reads "near 90014". Only
 * once hydrated: the server cannot see the history entry, and the first render must match its HTML.
 */
export function useNearYou(): boolean {
  const { state } = useLocation() as { state: Partial<NearYouState> | null };
  return useHydrated() && state?.nearYou === true;
}

/**
 * Two decimals of a degree is about half a mile: plenty to find the zipcode, and the exact spot never leaves the
 * browser.
 */
export const roundCoordinate = (degrees: number) => Math.round(degrees * 100) / 100;

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: POSITION_TIMEOUT_MS,
      maximumAge: POSITION_MAX_AGE_MS,
    }),
  );
}

const problemOf = (error: GeolocationPositionError): LocationProblem =>
  error.code === error.PERMISSION_DENIED ? "denied" : error.code === error.TIMEOUT ? "timeout" : "unavailable";

const isPositionError = (error: unknown): error is GeolocationPositionError =>
  typeof error === "object" && error !== null && "code" in error && "PERMISSION_DENIED" in error;

/**
 * Searches around the browser's position: asks for it, asks the server for the nearest zipcode
 * (/api/zipcodes/nearest, with the coordinates rounded), and opens that zipcode's results, `resultsPath(zipcode)`,
 * marked "near you" in the history entry. The position itself goes into no URL, and the server logs the call
 * without its query.
 */
export function useMyLocation(resultsPath: (zipcode: string) => string) {
  const navigate = useNavigate();
  const [state, setState] = useState<LocationState>({ status: "idle" });
  const request = useRef<AbortController | null>(null);

  async function locate() {
    request.current?.abort();
    if (!("geolocation" in navigator)) {
      setState({ status: "error", problem: "unsupported" });
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setState({ status: "locating" });
    try {
      const { coords } = await currentPosition();
      const query = new URLSearchParams({ lat: String(roundCoordinate(coords.latitude)), lng: String(roundCoordinate(coords.longitude)) });
      const response = await fetch(`/api/zipcodes/nearest?${query}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (response.status === 404) throw new OutsideError();
      if (!response.ok) throw new Error(`${response.status}`);
      const { zipcode } = (await response.json()) as { zipcode: string };
      if (controller.signal.aborted) return;
      await navigate(resultsPath(zipcode), { state: { nearYou: true } satisfies NearYouState });
    } catch (error) {
      if (controller.signal.aborted) return;
      const problem = error instanceof OutsideError ? "outside" : isPositionError(error) ? problemOf(error) : "failed";
      setState({ status: "error", problem });
    }
  }

  function reset() {
    request.current?.abort();
    setState({ status: "idle" });
  }

  return { state, locate, reset };
}

class OutsideError extends Error {}

export function UseMyLocationButton({ location }: { location: ReturnType<typeof useMyLocation> }) {
  const busy = location.state.status === "locating";
  return (
    <Button type="button" variant="secondary" size="sm" onClick={() => void location.locate()} disabled={busy}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LocateFixed aria-hidden="true" />}
      {busy ? "Finding your location..." : "Use my location"}
    </Button>
  );
}
