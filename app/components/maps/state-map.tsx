import type { StateMapData } from "~/services/maps/types";
import { MapMarkers } from "./markers";

/** What the markers mean, under a state's map. */
export const STATE_MAP_KEY = "Numbers match the numbered listings; a ringed circle counts the listings at one place.";

/**
 * A state's outline with a numbered marker per listing. Decorative for screen readers: the numbered list
 * of listings beside it says everything the map shows.
 */
export function StateMap({
  map,
  stateName,
  showKey,
  shown,
}: {
  map: StateMapData;
  stateName: string;
  showKey: boolean;
  /** The numbers of the listings the filtered list shows; every marker when undefined. */
  shown?: ReadonlySet<number> | undefined;
}) {
  return (
    <figure className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4" data-testid="state-map">
      <svg viewBox={`0 0 ${map.width} ${map.height}`} className="block h-auto w-full" aria-hidden="true" data-state={stateName}>
        <image href={map.outlineUrl} width={map.width} height={map.height} data-testid="state-map-outline" />
        <MapMarkers markers={map.markers} shown={shown} />
      </svg>
      {showKey ? <figcaption className="mt-2 px-1 text-xs leading-relaxed text-muted">{STATE_MAP_KEY}</figcaption> : null}
    </figure>
  );
}
