import { sql, type Kysely, type Selectable } from "kysely";
import { z } from "zod";
import type { Database, FestivalsTable } from "~/db/schema";
import { fromDbBool } from "~/db/schema";
import { todayIsoDate } from "~/utils/dates";
import { badRequest, notFound } from "../errors";
import { requireId } from "../ids";
import { currentOccurrence } from "./occurrences.server";
import type { Festival } from "./types";

export type { Festival };

export const FESTIVAL_NOT_FOUND = "Festival not found";
export const INVALID_MONTH = "month must be a whole number from 1 to 12.";
export const INVALID_FESTIVAL_ID = "A festival id is a positive whole number.";

export const toFestival = (row: Selectable<FestivalsTable>): Festival => ({
  id: row.id,
  name: row.name,
  description: row.description,
  startDate: row.start_date,
  endDate: row.end_date,
  location: row.location,
  city: row.city,
  state: row.state,
  ...(row.website ? { website: row.website } : {}),
  ...(row.ticket_price ? { ticketPrice: row.ticket_price } : {}),
  image: row.image,
  featured: fromDbBool(row.featured),
  recurrence: row.recurrence,
  updatedAt: row.updated_at,
});

/** The festival with its current occurrence's dates on `today` (a one-off that is over keeps its own). */
export function rollForward(festival: Festival, today: string): Festival {
  const { startDate, endDate } = currentOccurrence(festival, today);
  return startDate === festival.startDate ? festival : { ...festival, startDate, endDate };
}

/** Whether the festival is over for good: a one-off whose last day has passed (a yearly one never is). */
export const hasEnded = (festival: Pick<Festival, "endDate">, today: string) => festival.endDate < today;

const byDates = (a: Festival, b: Festival) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name) || a.id - b.id;

export const festivalFiltersSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, "The search text is at most 100 characters.")
    .optional()
    .transform((value) => value || undefined),
  month: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const month = Number(value);
      if (!/^\d{1,2}$/.test(value) || month < 1 || month > 12) {
        ctx.addIssue({ code: "custom", message: INVALID_MONTH });
        return z.NEVER;
      }
      return month;
    }),
  state: z
    .string()
    .trim()
    .max(60, "The state is at most 60 characters.")
    .optional()
    .transform((value) => value || undefined),
});

export type FestivalFilters = Partial<z.output<typeof festivalFiltersSchema>>;

export function parseFestivalFilters(params: URLSearchParams): FestivalFilters {
  const result = festivalFiltersSchema.safeParse({
    q: params.get("q") ?? undefined,
    month: params.get("month") ?? undefined,
    state: params.get("state") ?? undefined,
  });
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid festival filters.");
  return result.data;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every festival with its current occurrence (`rollForward`), by that occurrence's start date: past one-offs first,
 * with their own dates. `q` matches name, description, city and state case-insensitively; `month` is the current
 * occurrence's start month; `state` is the state's name.
 */
export async function listFestivals(db: Kysely<Database>, filters: FestivalFilters = {}, today = todayIsoDate()): Promise<Festival[]> {
  let query = db.selectFrom("festivals").selectAll();
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or(
        (["name", "description", "city", "state"] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  if (filters.state) {
    query = query.where(sql`lower(state)`, "=", filters.state.toLowerCase());
  }
  // The dates are computed, not stored: the month and the order are the current occurrence's (a festival table is small).
  const month = filters.month ? `-${String(filters.month).padStart(2, "0")}-` : undefined;
  return (await query.execute())
    .map((row) => rollForward(toFestival(row), today))
    .filter((festival) => !month || festival.startDate.slice(4, 8) === month)
    .sort(byDates);
}

/** Festivals that have not yet ended, soonest first: every yearly one (on its current occurrence) and the one-offs ahead. */
export async function listUpcomingFestivals(db: Kysely<Database>, limit?: number, today = todayIsoDate()) {
  const upcoming = (await listFestivals(db, {}, today)).filter((festival) => !hasEnded(festival, today));
  return limit === undefined ? upcoming : upcoming.slice(0, limit);
}

export const assertFestivalId = (raw: string | undefined) => requireId(raw, INVALID_FESTIVAL_ID);

/** One festival with its current occurrence; a past one-off with its own dates. */
export async function getFestival(db: Kysely<Database>, id: number, today = todayIsoDate()): Promise<Festival> {
  const row = await db.selectFrom("festivals").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(FESTIVAL_NOT_FOUND);
  return rollForward(toFestival(row), today);
}

/** The public JSON shape of a festival. */
export function toFestivalJson(festival: Festival) {
  const { updatedAt: _updatedAt, ...json } = festival;
  return json;
}
