import { sql, type Kysely, type Selectable } from "kysely";
import { z } from "zod";
import type { Database, FestivalsTable } from "~/db/schema";
import { fromDbBool } from "~/db/schema";
import { todayIsoDate } from "~/utils/dates";
import { badRequest, notFound } from "../errors";
import { requireId } from "../ids";
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
  updatedAt: row.updated_at,
});

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
 * Festivals by start date. `q` matches name, description, city and state case-insensitively;
 * `month` is the start date's month; `state` is the state's name.
 */
export async function listFestivals(db: Kysely<Database>, filters: FestivalFilters = {}): Promise<Festival[]> {
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
  if (filters.month) {
    query = query.where(sql`substr(start_date, 6, 2)`, "=", String(filters.month).padStart(2, "0"));
  }
  if (filters.state) {
    query = query.where(sql`lower(state)`, "=", filters.state.toLowerCase());
  }
  const rows = await query.orderBy("start_date").orderBy("name").execute();
  return rows.map(toFestival);
}

/** Festivals that have not yet ended, soonest first. */
export async function listUpcomingFestivals(db: Kysely<Database>, limit?: number, today = todayIsoDate()) {
  let query = db.selectFrom("festivals").selectAll().where("end_date", ">=", today).orderBy("start_date").orderBy("name");
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(toFestival);
}

export const assertFestivalId = (raw: string | undefined) => requireId(raw, INVALID_FESTIVAL_ID);

export async function getFestival(db: Kysely<Database>, id: number): Promise<Festival> {
  const row = await db.selectFrom("festivals").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(FESTIVAL_NOT_FOUND);
  return toFestival(row);
}

/** The public JSON shape of a festival. */
export function toFestivalJson(festival: Festival) {
  const { updatedAt: _updatedAt, ...json } = festival;
  return json;
}
