import { SEARCH_RADIUS_MILES } from "../geo/distance";

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

/** Letters and digits in any script: everything else (quotes, operators, punctuation) separates words. */
const WORD = /[\p{L}\p{N}]+/gu;

/** A word as the search engines compare it: lower case, accents removed ("Café" and "cafe" are one word). */
export function foldWord(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The distinct words of a query, each of which a result must contain. Only letters and digits survive, so
 * nothing a visitor types can reach the full-text engines as syntax (quotes, `*`, `NEAR(`, `-`, `:`).
 */
export function searchTerms(query: string): string[] {
  const words = (query.normalize("NFKC").match(WORD) ?? []).map(foldWord);
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
}

/**
 * An FTS5 MATCH expression for the terms: each one a quoted string (its letters and digits only, so the
 * quotes cannot be broken), all required, the last one also matching as a prefix so that "ros" finds roses
 * while the visitor is still typing.
 */
export function ftsMatchExpression(terms: readonly string[]): string {
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? "*" : ""}`).join(" ");
}

export interface HighlightPart {
  text: string;
  match: boolean;
}

/** Whether a word of the text is one the visitor searched for: the whole word, or one it begins (roses for rose). */
function matchesTerm(word: string, terms: readonly string[]): boolean {
  const folded = foldWord(word);
  return terms.some((term) => folded === term || (term.length >= 2 && folded.startsWith(term)));
}

/**
 * The text cut into plain and marked parts, marking whole words only: "rose" marks "Rose" and "roses"
 * but nothing inside "primrose".
 */
export function highlightParts(text: string, terms: readonly string[]): HighlightPart[] {
  if (terms.length === 0) return text ? [{ text, match: false }] : [];
  const parts: HighlightPart[] = [];
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    if (!matchesTerm(found[0], terms)) continue;
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** Words shown before the first match in an excerpt, so that the match reads in its sentence. */
const WORDS_BEFORE_MATCH = 8;

/**
 * About `maxLength` characters of a long text around its first matching word, cut at word boundaries and
 * marked with "…" where text was left out; null when no word of the text matches.
 */
export function excerptAround(text: string, terms: readonly string[], maxLength = 150): string | null {
  const words = [...text.matchAll(/\S+/g)];
  const first = words.findIndex((word) => (word[0].match(WORD) ?? []).some((part) => matchesTerm(part, terms)));
  if (first === -1) return null;
  let start = Math.max(0, first - WORDS_BEFORE_MATCH);
  const from = words[start]!.index;
  let end = first;
  while (end + 1 < words.length && words[end + 1]!.index + words[end + 1]![0].length - from <= maxLength) end += 1;
  // A match near the end of the text: show more of what comes before it instead.
  while (start > 0 && words[end]!.index + words[end]![0].length - words[start - 1]!.index <= maxLength) start -= 1;
  const begin = words[start]!.index;
  const finish = words[end]!.index + words[end]![0].length;
  return `${start > 0 ? "…" : ""}${text.slice(begin, finish)}${finish < text.trimEnd().length ? "…" : ""}`;
}

/** How far from a city its wholesalers are looked for: the zipcode search's default radius, so both answer alike. */
export const CITY_RADIUS_MILES = SEARCH_RADIUS_MILES;

/** A query that is a zipcode, answered by the zipcode results page instead. */
export function zipcodeOf(query: string): string | null {
  return /^\d{5}$/.test(query) ? query : null;
}
