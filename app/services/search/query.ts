/** Shown under 'No results for “…”'. */
export const NO_RESULTS_HINT = "Check the spelling, use fewer words, or try a city, a state or a flower.";

/** The longest query searched; longer input is cut, never refused. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Words of a query that must each match; more words than this narrow nothing further. */
export const SEARCH_MAX_TERMS = 8;

/**
 * The visitor's query as it is searched and shown: control characters (which PostgreSQL text cannot hold)
 * become spaces, runs of spaces collapse, and it is cut to 100 characters.
 */
export function normalizeSearchQuery(raw: string | null | undefined): string {
  if (!raw) return "";
  const cleaned = raw
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(cleaned).slice(0, SEARCH_QUERY_MAX_LENGTH).join("").trim();
}

/** The distinct words of a query, each of which a result must contain. */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
}
