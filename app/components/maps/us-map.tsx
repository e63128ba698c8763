import { Link } from "react-router";
import { US_MAP_CLASSES, stateMapName, type UsMapShading } from "~/services/maps/types";
import shapesUrl from "./us-states.generated.svg?url";
import { clsx } from "clsx";

/** From none to the most listings: stone, then blush to plum. */
const FILL = ["fill-stone-200", "fill-[#f6c2c9]", "fill-[#e57f93]", "fill-rose-brand", "fill-plum"] as const;
const SWATCH = ["bg-stone-200", "bg-[#f6c2c9]", "bg-[#e57f93]", "bg-rose-brand", "bg-plum"] as const;

export const US_MAP_LEGEND_TITLE = "Listings per state";

/** The country, each state a link to its page named with its number of listings, and a legend. */
export function UsMap({ map }: { map: UsMapShading }) {
  return (
    <figure className="rounded-3xl border border-stone-200 bg-white p-3 shadow-sm sm:p-6" data-testid="us-map">
      <svg viewBox={`0 0 ${map.width} ${map.height}`} className="block h-auto w-full" role="group" aria-label="Map of the United States">
        <use href={`${shapesUrl}#insets`} className="fill-none stroke-stone-300" strokeWidth={1} aria-hidden="true" />
        {map.states.map((state) => (
          <Link
            key={state.id}
            to={`/state/${state.id}`}
            aria-label={stateMapName(state.name, state.listings)}
            className="group"
            data-testid="us-map-state"
          >
            <use href={`${shapesUrl}#${state.id}`} className={clsx("us-map-state", FILL[state.level])} />
          </Link>
        ))}
      </svg>
      <figcaption className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 px-1 text-sm text-muted">
        <span className="font-semibold text-ink">{US_MAP_LEGEND_TITLE}</span>
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {US_MAP_CLASSES.map((level, index) => (
            <li key={level.label} className="inline-flex items-center gap-1.5">
              <span className={clsx("size-3.5 rounded-sm ring-1 ring-black/10", SWATCH[index])} aria-hidden="true" />
              {level.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
