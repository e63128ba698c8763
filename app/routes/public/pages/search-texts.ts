/** Texts both the search route's `meta` and its content show. */
export const SEARCH_TITLE = "Search";

/** "wholesalers, states, blog articles and festivals", less the sections that are switched off. */
export function kindsPhrase(sections: { blog: boolean; festivals: boolean }) {
  const kinds = ["wholesalers", "states", ...(sections.blog ? ["blog articles"] : []), ...(sections.festivals ? ["flower festivals"] : [])];
  return `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)}`;
}
