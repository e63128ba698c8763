import type { LocatorMapData } from "~/services/maps/types";

/**
 * A small map of a listing's state with the listing's point. Decorative for screen readers (the address
 * beside it is the text), so the caller gives it no name of its own.
 */
export function LocatorMap({ map, className }: { map: LocatorMapData; className?: string }) {
  return (
    <svg
      viewBox={`0 0 ${map.width} ${map.height}`}
      className={className ?? "block h-auto w-full"}
      aria-hidden="true"
      data-testid="locator-map"
    >
      <path d={map.outline} className="fill-blush stroke-rose-brand/60" strokeWidth={1} strokeLinejoin="round" />
      <circle cx={map.marker.x} cy={map.marker.y} r={9} className="fill-rose-brand/20" data-testid="locator-halo" />
      <circle
        cx={map.marker.x}
        cy={map.marker.y}
        r={4.5}
        className="fill-plum stroke-white"
        strokeWidth={1.5}
        data-testid="locator-marker"
      />
    </svg>
  );
}
