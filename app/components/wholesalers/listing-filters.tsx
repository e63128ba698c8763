import { FilterX, SlidersHorizontal } from "~/components/icons";
import { useState, type ReactNode } from "react";
import { Form, Link, useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import type { SiteContext } from "~/http/site-context";
import type { WholesalerType } from "~/services/wholesalers/constants";
import {
  FILTER_PARAMS,
  FILTER_TYPE_ORDER,
  filterListings,
  type FilterCount,
  type FilteredListings,
  hasListingFilters,
  NO_FILTERS,
  readListingFilters,
  TYPE_PARAMS,
  withListingFilters,
  type ListingFilters as Filters,
} from "~/services/wholesalers/filters";
import type { Wholesaler } from "~/services/wholesalers/types";
import { clsx } from "clsx";
import { withCallerClasses } from "~/utils/cn";
import { buttonVariants } from "../ui/button";
import { useHydrated } from "./use-hydrated";

const TYPE_FILTER_LABELS: Record<WholesalerType, string> = { Wholesale: "Wholesale", Both: "Both (wholesale & retail)", Retail: "Retail" };
export const PUBLIC_FILTER_LABEL = "Public welcome";
export const OPEN_FILTER_LABEL = "Open now";
const PUBLIC_FILTER_HINT = "No business license needed, at any time or at set public hours.";
const OPEN_FILTER_HINT = "Judged by each listing's weekly hours, where they are known.";
export const NO_MATCHES_MESSAGE = "No listings match these filters.";
export const NOT_YET_KNOWN_TITLE = "Not yet known: call ahead";
export const NONE_KNOWN_MESSAGE = "None is known to match these filters yet.";
export const CLEAR_FILTERS_LABEL = "Clear filters";

type FilterableListing = Pick<Wholesaler, "type" | "access" | "openingHours" | "timeZone"> &
  Partial<Pick<Wholesaler, "specialHours" | "status">>;

/**
 * The filters of the page's URL and the listings that pass them. The server renders them from the URL;
 * in the browser a change filters the loaded list at once and rewrites the URL in place (history
 * replaceState), so no loader runs and Back skips the filter clicks. A navigation to another URL (a new
 * search, Back) brings that URL's own filters.
 */
export function useListingFilters<T extends FilterableListing>(listings: readonly T[]) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const renderedAt = useRouteLoaderData<SiteContext>("root")?.renderedAt ?? new Date(0).toISOString();
  const [local, setLocal] = useState<{ key: string; filters: Filters; now: string } | null>(null);
  const current = local?.key === location.key ? local : null;
  const filters = current?.filters ?? readListingFilters(searchParams);
  // "Open now" is judged at the server's rendering time until a change in the browser, so hydration matches.
  const now = new Date(current?.now ?? renderedAt);

  function setFilters(next: Filters) {
    setLocal({ key: location.key, filters: next, now: new Date().toISOString() });
    const params = withListingFilters(new URLSearchParams(window.location.search), next);
    const query = params.toString();
    window.history.replaceState(window.history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  }

  return { filters, setFilters, filtered: filterListings(listings, filters, now) };
}

/** "3 of 7 listings" while a filter is on (", 2 not yet known" when some answers are), "7 listings" otherwise. */
export const matchCount = (filtered: Pick<FilteredListings<unknown>, "matches" | "unknown">, total: number, active: boolean) =>
  `${active ? `${filtered.matches.length} of ` : ""}${total} ${total === 1 ? "listing" : "listings"}${
    active && filtered.unknown.length > 0 ? `, ${filtered.unknown.length} not yet known` : ""
  }`;

/** What "Public welcome" finds, beside its name: "1 known, 7 not yet known", or the count alone when every answer is known. */
export const filterCountText = ({ known, unknown }: FilterCount) => (unknown > 0 ? `${known} known, ${unknown} not yet known` : `${known}`);

/** What "Open now" can judge, beside its name: "hours known for 1, not yet for 7". */
export const hoursCountText = ({ known, unknown }: FilterCount) =>
  unknown > 0 ? `hours known for ${known}, not yet for ${unknown}` : `hours known for ${known}`;

/**
 * Checkboxes in a GET form: without JavaScript "Apply filters" reloads the page with them in the URL;
 * with it, each change filters at once. The form carries the page's other parameters (zip, radius).
 */
export function ListingFilters({
  filters,
  onChange,
  filtered,
  total,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
  filtered: FilteredListings<unknown>;
  total: number;
}) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const kept = [...searchParams].filter(([name]) => !(FILTER_PARAMS as readonly string[]).includes(name));
  const active = hasListingFilters(filters);

  const toggleType = (type: WholesalerType, on: boolean) =>
    onChange({ ...filters, types: FILTER_TYPE_ORDER.filter((t) => (t === type ? on : filters.types.includes(t))) });

  return (
    <Form
      method="get"
      preventScrollReset
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
      data-testid="listing-filters"
    >
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold text-ink">
          <SlidersHorizontal className="size-4 text-rose-brand" aria-hidden="true" />
          Filter listings
        </h2>
        <p className="text-sm font-medium text-ink" aria-live="polite" data-testid="filter-count">
          {matchCount(filtered, total, active)}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-x-8 gap-y-4">
        <fieldset>
          <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted">Type</legend>
          <div className="flex flex-wrap gap-2">
            {FILTER_TYPE_ORDER.map((type) => (
              <FilterCheckbox
                key={type}
                name="type"
                value={TYPE_PARAMS[type]}
                checked={filters.types.includes(type)}
                onChange={(on) => toggleType(type, on)}
              >
                {TYPE_FILTER_LABELS[type]}
              </FilterCheckbox>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted">Who may buy and when</legend>
          <div className="flex flex-wrap gap-2">
            <FilterCheckbox
              name="public"
              value="1"
              checked={filters.publicWelcome}
              onChange={(on) => onChange({ ...filters, publicWelcome: on })}
              hint={PUBLIC_FILTER_HINT}
              count={filterCountText(filtered.counts.publicWelcome)}
            >
              {PUBLIC_FILTER_LABEL}
            </FilterCheckbox>
            <FilterCheckbox
              name="open"
              value="1"
              checked={filters.openNow}
              onChange={(on) => onChange({ ...filters, openNow: on })}
              hint={OPEN_FILTER_HINT}
              count={hoursCountText(filtered.counts.openNow)}
            >
              {OPEN_FILTER_LABEL}
            </FilterCheckbox>
          </div>
        </fieldset>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        {hydrated ? null : (
          <button type="submit" className={buttonVariants({ size: "sm" })}>
            Apply filters
          </button>
        )}
        {active ? <ClearFilters onClear={() => onChange(NO_FILTERS)} /> : null}
      </div>
    </Form>
  );
}

function FilterCheckbox({
  name,
  value,
  checked,
  onChange,
  hint,
  count,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  /** What the filter finds in the list: "1 known, 7 not yet known". */
  count?: string;
  children: ReactNode;
}) {
  return (
    <label className={clsx("filter-chip", checked ? "filter-chip-on" : "filter-chip-off")}>
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-rose-brand"
      />
      <span>
        {children}
        {count ? (
          <span className="font-normal text-muted" data-testid="filter-found">
            {" "}
            · {count}
          </span>
        ) : null}
        {hint ? <span className="block text-xs font-normal text-muted">{hint}</span> : null}
      </span>
    </label>
  );
}

/** A link to the page without filters, which the browser turns into an instant reset. */
export function ClearFilters({ onClear, className }: { onClear: () => void; className?: string }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const params = withListingFilters(searchParams, NO_FILTERS).toString();
  return (
    <Link
      to={`${location.pathname}${params ? `?${params}` : ""}`}
      replace
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        onClear();
      }}
      className={withCallerClasses("inline-flex items-center gap-1.5 text-sm font-semibold text-rose-brand hover:underline", className)}
    >
      <FilterX className="size-4" aria-hidden="true" />
      {CLEAR_FILTERS_LABEL}
    </Link>
  );
}

/**
 * The filtered list: the listings known to match, then, set apart and labelled, those whose answer to a filter
 * is not yet known (never counted as a no); or, when the filters leave nothing, the way out. `render` draws a
 * list of cards.
 */
export function FilteredResults<T>({
  filtered,
  filters,
  onClear,
  render,
}: {
  filtered: FilteredListings<T>;
  filters: Filters;
  onClear: () => void;
  render: (listings: T[]) => ReactNode;
}) {
  if (filtered.matches.length === 0 && filtered.unknown.length === 0) return <NoMatches onClear={onClear} />;
  const unknownOf = [
    filters.publicWelcome ? "who may buy at these" : null,
    filters.openNow ? (filters.publicWelcome ? "their weekly hours" : "the weekly hours of these") : null,
  ].filter(Boolean);
  return (
    <>
      {filtered.matches.length > 0 ? (
        <div data-testid="filter-matches">{render(filtered.matches)}</div>
      ) : (
        <p className="rounded-2xl border border-dashed border-stone-300 bg-white px-5 py-4 text-sm font-medium text-ink">
          {NONE_KNOWN_MESSAGE}
        </p>
      )}
      {filtered.unknown.length > 0 ? (
        <section aria-labelledby="not-yet-known" className="mt-8" data-testid="not-yet-known">
          <h3 id="not-yet-known" className="font-serif text-lg font-semibold text-ink">
            {NOT_YET_KNOWN_TITLE}
          </h3>
          <p className="mt-1 mb-4 text-sm text-muted">
            No source has told us {unknownOf.join(" or ")} yet. They may match: call before you go.
          </p>
          {render(filtered.unknown)}
        </section>
      ) : null}
    </>
  );
}

/**
 * The numbers of the listings a filtered list shows (those that match and those not yet known), for its map to
 * draw only theirs; every number while no filter is on.
 */
export function shownNumbers(
  filtered: FilteredListings<{ id: number }>,
  numberOf: ReadonlyMap<number, number>,
  filters: Filters,
): ReadonlySet<number> | undefined {
  if (!hasListingFilters(filters)) return undefined;
  return new Set([...filtered.matches, ...filtered.unknown].flatMap((listing) => numberOf.get(listing.id) ?? []));
}

/** Said in place of the list when the filters leave nothing, with the way out. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center" data-testid="no-matches">
      <p className="font-medium text-ink">{NO_MATCHES_MESSAGE}</p>
      <ClearFilters onClear={onClear} className="mt-3" />
    </div>
  );
}
