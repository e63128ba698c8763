import type { z } from "zod";
import { isValidIsoDate } from "~/utils/dates";
import { festivalFiltersSchema, type FestivalFilters } from "./festivals.server";
import { occurrencesBetween } from "./occurrences.server";

/** The festival page's filters: the list filters of listFestivals plus a calendar day. */
export interface FestivalSearch extends FestivalFilters {
  /** YYYY-MM-DD: only festivals running on that day. */
  date?: string;
}

type Shape = typeof festivalFiltersSchema.shape;

function readField<K extends keyof Shape>(key: K, raw: string | null): z.output<Shape[K]> | undefined {
  const result = festivalFiltersSchema.shape[key].safeParse(raw ?? undefined);
  return result.success ? (result.data as z.output<Shape[K]>) : undefined;
}

/**
 * Reads the filters of a shared or hand-edited festival page URL. Unlike the JSON API, which answers 400,
 * the page ignores a value it cannot use and shows the rest.
 */
export function readFestivalSearch(params: URLSearchParams): FestivalSearch {
  const search: FestivalSearch = {};
  const q = readField("q", params.get("q"));
  const month = readField("month", params.get("month"));
  const state = readField("state", params.get("state"));
  const date = params.get("date")?.trim();
  if (q) search.q = q;
  if (month) search.month = month;
  if (state) search.state = state;
  if (date && isValidIsoDate(date)) search.date = date;
  return search;
}

export const hasActiveFilters = (search: FestivalSearch) => Boolean(search.q || search.month || search.state || search.date);

/** Whether the festival runs on the day: its first day, its last day or any day between. */
export const festivalRunsOn = (festival: { startDate: string; endDate: string }, day: string) =>
  festival.startDate <= day && day <= festival.endDate;

/**
 * The festivals running on the day, in their order, each with the dates of the occurrence that runs then (a yearly
 * festival's later year, as well as its current one); all of them when no day is given.
 */
export function festivalsRunningOn<T extends { startDate: string; endDate: string; recurrence?: string | null }>(
  festivals: readonly T[],
  day: string | undefined,
): T[] {
  if (!day) return [...festivals];
  return festivals.flatMap((festival) => {
    const [running] = occurrencesBetween({ ...festival, recurrence: festival.recurrence ?? null }, day, day);
    return running ? [{ ...festival, ...running }] : [];
  });
}
