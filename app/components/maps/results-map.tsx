import type { ResultsMapData } from "~/services/maps/types";
import { MapMarkers } from "./markers";

/**
 * The area around a search point: counties (an image of their own, `map.ground`), the search radius, numbered
 * markers, and lines towards the listings beyond the frame. Decorative for screen readers: the numbered results list is its text.
 */
export function ResultsMap({
  map,
  className,
  shown,
}: {
  map: ResultsMapData;
  className?: string;
  /** The numbers of the listings the filtered list shows; every marker when undefined. */
  shown?: ReadonlySet<number> | undefined;
}) {
  return (
    <svg
      viewBox={`0 0 ${map.width} ${map.height}`}
      className={className ?? "block h-auto w-full rounded-2xl bg-sky-100"}
      aria-hidden="true"
      data-testid="results-map"
      data-counties={map.countyCount}
    >
      <image href={map.ground} width={map.width} height={map.height} data-testid="results-map-ground" />
      <path d={map.circle} className="fill-rose-brand/10 stroke-rose-brand" strokeWidth={1.5} data-testid="results-map-radius" />
      {map.offFrame
        .filter((listing) => !shown || shown.has(listing.number))
        .map((listing) => (
          <g
            key={listing.number}
            data-testid="map-off-frame"
            data-number={listing.number}
            className="font-sans font-bold"
            textAnchor="middle"
          >
            <path d={listing.line} className="fill-none stroke-plum/70" strokeWidth={1.5} strokeDasharray="4 3" />
            <circle cx={listing.x} cy={listing.y} r={11} className="fill-white stroke-plum" strokeWidth={2} />
            <text x={listing.x} y={listing.y} dy="0.35em" className="fill-plum text-[12px]">
              {listing.number}
            </text>
          </g>
        ))}
      <circle
        cx={map.center.x}
        cy={map.center.y}
        r={5}
        className="fill-ink stroke-white"
        strokeWidth={2}
        data-testid="results-map-center"
      />
      <MapMarkers markers={map.markers} shown={shown} />
    </svg>
  );
}
