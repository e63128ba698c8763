import { Link } from "react-router";
import { MapPinned } from "~/components/icons";
import { DataTable, type Column } from "~/components/admin/list/list-page";
import { demandSummaryText, type DemandMapData, type DemandPlace, type DemandSummary } from "~/services/demand/types";

/** The dashboard's figure: "N people waiting in M places", and the way to the demand view. */
export function DemandFigure({ summary }: { summary: DemandSummary }) {
  return (
    <p
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-stone-200 bg-white px-5 py-4 text-ink shadow-xs"
      data-testid="demand-figure"
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-blush text-rose-brand">
        <MapPinned className="size-4" aria-hidden="true" />
      </span>
      <span className="font-serif text-xl font-semibold tabular-nums">{demandSummaryText(summary)}</span>
      <span className="text-sm text-muted">for a supplier near them.</span>
      <Link to="/admin/demand" className="text-sm font-semibold text-rose-brand hover:underline">
        See where
      </Link>
    </p>
  );
}

const placeName = (place: DemandPlace) => (place.city ? `${place.city}, ${place.stateCode}` : "Unknown zipcode");

/** The requests on the map of the country: one mark per zipcode, its area growing with its count (drawn on the server). */
export function DemandMap({ map }: { map: DemandMapData }) {
  return (
    <figure className="rounded-2xl border border-stone-200 bg-white p-3 sm:p-5" data-testid="demand-map">
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        className="block h-auto w-full"
        role="img"
        aria-label={
          map.marks.length === 0
            ? "Map of the United States: nobody is waiting"
            : `Map of the United States: people waiting in ${map.marks.length} ${map.marks.length === 1 ? "zipcode" : "zipcodes"}`
        }
      >
        <path d={map.insets} className="fill-none stroke-stone-300" strokeWidth={1} />
        {map.states.map((state) => (
          <path key={state.id} d={state.d} className="fill-stone-100 stroke-stone-300" strokeWidth={0.75} strokeLinejoin="round" />
        ))}
        {map.marks.map((mark) => (
          <circle
            key={mark.zipcode}
            cx={mark.x}
            cy={mark.y}
            r={mark.radius}
            className="fill-rose-brand/60 stroke-white"
            strokeWidth={1.5}
            data-testid="demand-mark"
          >
            <title>{`${mark.zipcode} (${mark.label}): ${mark.count} waiting`}</title>
          </circle>
        ))}
        {map.marks
          .filter((mark) => mark.radius >= 11)
          .map((mark) => (
            <text
              key={`${mark.zipcode}-count`}
              x={mark.x}
              y={mark.y}
              dy="0.35em"
              textAnchor="middle"
              className="pointer-events-none fill-white text-[13px] font-semibold"
              aria-hidden="true"
            >
              {mark.count}
            </text>
          ))}
      </svg>
      <figcaption className="mt-3 px-1 text-sm text-muted">
        Each circle is a zipcode where people asked to be told of a supplier; the larger, the more are waiting.
      </figcaption>
    </figure>
  );
}

/** A table of places ranked by a count: "Waiting requests" or "Empty searches". */
export function PlacesTable({
  caption,
  countHeader,
  places,
  emptyText,
}: {
  caption: string;
  countHeader: string;
  places: DemandPlace[];
  emptyText: string;
}) {
  const columns: Column<DemandPlace>[] = [
    {
      header: "Zipcode",
      cell: (place) => (
        <Link
          to={`/near?zip=${place.zipcode}`}
          className="font-medium tabular-nums text-rose-brand hover:underline"
          aria-label={`Search near ${place.zipcode}`}
        >
          {place.zipcode}
        </Link>
      ),
    },
    { header: "Place", cell: placeName },
    { header: countHeader, cell: (place) => <span className="tabular-nums">{place.count}</span>, className: "text-right" },
  ];
  return <DataTable caption={caption} columns={columns} rows={places} rowKey={(place) => place.zipcode} emptyText={emptyText} />;
}
