import type { SelectQueryBuilder } from "kysely";
import { pageWindow, type Page } from "./list";

/**
 * One page of an admin table: counts the rows `matching` selects, clamps the requested page to the pages
 * that exist, and loads that page's rows with `loadRows`.
 */
export async function loadPage<DB, TB extends keyof DB, O, T>(
  matching: SelectQueryBuilder<DB, TB, O>,
  requested: number,
  loadRows: (window: { limit: number; offset: number }) => Promise<T[]>,
): Promise<Page<T>> {
  const { n } = await matching
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .$castTo<{ n: number }>()
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(total, requested);
  return { total, page: window.page, pageCount: window.pageCount, rows: await loadRows(window) };
}
