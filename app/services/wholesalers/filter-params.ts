/**
 * The listing filters' query parameters, alone: routes' `shouldRevalidate` reads them in the page's first-load
 * code, so this module imports nothing (filters.ts has the filtering itself, with the opening hours).
 */

/** The query parameters the filters own; any other parameter (zip, radius) is left alone. */
export const FILTER_PARAMS = ["type", "public", "open"] as const;

/** The parameters of a URL without the filters', in their order. */
export function withoutFilterParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  return next;
}

/** Whether two URLs of one page differ only in their filters (the page then filters what it has loaded). */
export function onlyFiltersChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  return withoutFilterParams(current.searchParams).toString() === withoutFilterParams(next.searchParams).toString();
}
