import { sql, type RawBuilder } from "kysely";
import { likePattern } from "./list";

/**
 * The admin lists' search: one condition per column, true where the column contains `text` ignoring case
 * (LIKE, with `text`'s own % and _ taken literally). Combine them with `eb.or(...)`; a NULL column matches
 * nothing.
 */
export function containsText(text: string, columns: readonly string[]): RawBuilder<boolean>[] {
  const pattern = likePattern(text);
  return columns.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
}
