import { Loader2, LocateFixed } from "~/components/icons";
import { useRef, useState } from "react";
import type { ResultsMapData } from "~/services/maps/types";
import type { WholesalerWithDistance } from "~/services/wholesalers/types";
import { Button } from "../ui/button";
import type { NearResultsData } from "./near-results";
import { ZIPCODE_ERROR_MESSAGE } from "./results-messages";

export const LOCATION_MESSAGES = {
  denied: "Location permission was refused. Allow it for this site in your browser's settings, or search by zipcode.",
  unavailable: "Your position is not available right now. Try again in a moment, or search by zipcode.",
  timeout: "Finding your position took too long. Try again, or search by zipcode.",
  unsupported: "This browser cannot share its position. Search by zipcode instead.",
  failed: ZIPCODE_ERROR_MESSAGE,
} as const;
type LocationProblem = keyof typeof LOCATION_MESSAGES;

/** How long the browser may take to find the position before the search gives up. */
const POSITION_TIMEOUT_MS = 10_000;
/** A position up to five minutes old is good enough to find a market. */
const POSITION_MAX_AGE_MS = 5 * 60_000;

/** The JSON call's answer, with the results map the server drew for it (`map=1`). */
type NearAnswer = NearResultsData & { map: ResultsMapData | null };

export type LocationState =
  { status: "idle" } | { status: "locating" } | { status: "error"; problem: LocationProblem } | { status: "found"; answer: NearAnswer };

/**
 * Two decimals of a degree is about half a mile: plenty to rank markets miles apart, and the exact spot
 * never leaves the browser.
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
 * Searches around the browser's position: asks for it, then calls /api/wholesalers/near with the rounded
 * coordinates, asking for the results map too (drawn on the server, so no map code reaches the browser).
 * The position stays in this state only: never in the page's URL, and the server logs the call without
 * its query.
 */
export function useMyLocation(radiusMiles: number) {
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
      const query = new URLSearchParams({
        lat: String(roundCoordinate(coords.latitude)),
        lng: String(roundCoordinate(coords.longitude)),
        radius: String(radiusMiles),
        map: "1",
      });
      const response = await fetch(`/api/wholesalers/near?${query}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`${response.status}`);
      const answer = (await response.json()) as NearResultsData<WholesalerWithDistance> & { map: ResultsMapData | null };
      if (!controller.signal.aborted) setState({ status: "found", answer });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ status: "error", problem: isPositionError(error) ? problemOf(error) : "failed" });
    }
  }

  function reset() {
    request.current?.abort();
    setState({ status: "idle" });
  }

  return { state, locate, reset };
}

export function UseMyLocationButton({ location }: { location: ReturnType<typeof useMyLocation> }) {
  const busy = location.state.status === "locating";
  return (
    <Button type="button" variant="secondary" size="sm" onClick={() => void location.locate()} disabled={busy}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LocateFixed aria-hidden="true" />}
      {busy ? "Finding your location..." : "Use my location"}
    </Button>
  );
}
