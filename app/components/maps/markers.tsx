import type { MapMarker } from "~/services/maps/types";

/** Inside <svg>: one listing shows its number on a filled disc; several show their count on a ringed disc, with their numbers beside it. */
export function MapMarkers({ markers, shown }: { markers: readonly MapMarker[]; shown?: ReadonlySet<number> | undefined }) {
  // With filters on, only the markers of listings the list shows (a group while any of its listings is shown).
  const drawn = shown ? markers.filter((marker) => marker.numbers.some((number) => shown.has(number))) : markers;
  return (
    <g className="font-sans font-bold" textAnchor="middle">
      {drawn.map((marker) => {
        const single = marker.numbers.length === 1;
        const key = marker.numbers.join("-");
        return (
          <g key={key} data-testid="map-marker" data-count={marker.numbers.length} data-numbers={marker.numbers.join(" ")}>
            {single ? (
              <circle cx={marker.x} cy={marker.y} r={11} className="map-dot" />
            ) : (
              <>
                <circle cx={marker.x} cy={marker.y} r={14} className="map-ring" />
                <text
                  x={marker.labelSide === "right" ? marker.x + 19 : marker.x - 19}
                  y={marker.y}
                  dy="0.35em"
                  textAnchor={marker.labelSide === "right" ? "start" : "end"}
                  className="fill-ink stroke-white text-[12px]"
                  strokeWidth={3}
                  paintOrder="stroke"
                  data-testid="map-marker-label"
                >
                  {marker.label}
                </text>
              </>
            )}
            <text x={marker.x} y={marker.y} dy="0.35em" className={single ? "fill-white text-[12px]" : "fill-plum text-[13px]"}>
              {single ? marker.label : marker.numbers.length}
            </text>
          </g>
        );
      })}
    </g>
  );
}
