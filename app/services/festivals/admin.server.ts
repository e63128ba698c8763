import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { toDbBool } from "~/db/schema";
import { isValidIsoDate } from "~/utils/dates";
import { optionalImagePath, type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { createVersioned, deleteVersioned, updateVersioned, type VersionedRecord } from "../admin/versioned.server";
import { badRequest } from "../errors";
import { fieldErrorsOf, optionalText } from "../form-fields";
import { FESTIVAL_ENTITY } from "./festival-form";
import { toFestival, type Festival } from "./festivals.server";
import { ruleNamesDays } from "./occurrences.server";
import { describeRule, lengthInDays, ruleFromFields, ruleMatchesDate, toRRule } from "./recurrence";

/** Not one of the 50 states, but festivals there are listed under it. */
const DISTRICT_OF_COLUMBIA = "District of Columbia";

export interface FestivalListQuery {
  q?: string;
  /** 1-12: the start date's month. */
  month?: number;
  /** A state's name, as festivals store it. */
  state?: string;
  page: number;
}

/** The month filter of an admin URL: 1-12, anything else means "all months". */
export function parseMonth(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,2}$/.test(raw)) return undefined;
  const month = Number(raw);
  return month >= 1 && month <= 12 ? month : undefined;
}

const requiredText = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string().trim().min(min, tooShort).max(max, tooLong);

const calendarDate = (message: string) => z.string().trim().refine(isValidIsoDate, message);

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const festivalInputSchema = z
  .object({
    name: requiredText(3, 150, "Enter the festival's name (at least 3 characters).", "The name is at most 150 characters."),
    description: requiredText(10, 2000, "Describe the festival in at least 10 characters.", "The description is at most 2000 characters."),
    startDate: calendarDate("Enter the first day of the festival."),
    endDate: calendarDate("Enter the last day of the festival."),
    location: requiredText(2, 150, "Enter the venue.", "The venue is at most 150 characters."),
    city: requiredText(2, 80, "Enter the city.", "The city is at most 80 characters."),
    state: z.string().trim().min(1, "Choose the state."),
    website: optionalText(300, "The website is at most 300 characters.").refine(
      (value) => value === undefined || isWebAddress(value),
      "Enter a full web address starting with https://",
    ),
    ticketPrice: optionalText(120, "The ticket price is at most 120 characters."),
    image: optionalImagePath,
    featured: z
      .string()
      .optional()
      .transform((value) => value === "on" || value === "true"),
    // The yearly rule's picker (recurrence.ts): plain selects, so the form needs no script; read into an RRULE below.
    repeat: z.string().optional(),
    repeatOrdinal: z.string().optional(),
    repeatWeekday: z.string().optional(),
    repeatMonth: z.string().optional(),
    repeatDay: z.string().optional(),
    repeatDaysBefore: z.string().optional(),
  })
  .refine((input) => !isValidIsoDate(input.startDate) || !isValidIsoDate(input.endDate) || input.endDate >= input.startDate, {
    message: "The end date must be on or after the start date.",
    path: ["endDate"],
  })
  .transform((input, ctx) => {
    const { repeat, repeatOrdinal, repeatWeekday, repeatMonth, repeatDay, repeatDaysBefore, ...festival } = input;
    const read = ruleFromFields({ repeat, repeatOrdinal, repeatWeekday, repeatMonth, repeatDay, repeatDaysBefore });
    if ("problem" in read) {
      ctx.addIssue({ code: "custom", message: read.problem, path: ["repeat"] });
      return z.NEVER;
    }
    const { rule } = read;
    if (!rule || !isValidIsoDate(festival.startDate) || !isValidIsoDate(festival.endDate)) return { ...festival, recurrence: null };
    if (!ruleMatchesDate(rule, festival.startDate)) {
      ctx.addIssue({
        code: "custom",
        message: `The start date is not the ${describeRule(rule)}: pick the festival's first day in a year it is held.`,
        path: ["repeat"],
      });
      return z.NEVER;
    }
    if (lengthInDays(festival.startDate, festival.endDate) > MAX_YEARLY_LENGTH_DAYS) {
      ctx.addIssue({ code: "custom", message: "A festival that repeats every year lasts less than a year.", path: ["endDate"] });
      return z.NEVER;
    }
    const recurrence = toRRule(rule);
    // The picker writes only rules ical.js expands; a rule it cannot read would leave the festival stuck.
    if (!ruleNamesDays(recurrence, festival.startDate)) {
      ctx.addIssue({ code: "custom", message: "This rule names no day.", path: ["repeat"] });
      return z.NEVER;
    }
    return { ...festival, recurrence };
  });

/** At most this long for a festival that repeats every year: the next occurrence must start after the last ends. */
const MAX_YEARLY_LENGTH_DAYS = 300;

export type FestivalInput = z.output<typeof festivalInputSchema>;

const INVALID = "Please correct the highlighted fields.";

/** The states a festival may name: the 50 states and the District of Columbia, by name. */
export async function listFestivalStateChoices(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("states").select("name").execute();
  return [...rows.map((row) => row.name), DISTRICT_OF_COLUMBIA].sort((a, b) => a.localeCompare(b));
}

/** The states festivals are listed under now, for the state filter. */
export async function listFestivalStatesInUse(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("festivals").select("state").distinct().execute();
  return rows.map((row) => row.state).sort((a, b) => a.localeCompare(b));
}

/** Validates the form and spells the state the way the state list does. */
async function parseFestivalInput(db: Kysely<Database>, raw: unknown): Promise<FestivalInput> {
  const result = festivalInputSchema.safeParse(raw);
  if (!result.success) throw badRequest(INVALID, fieldErrorsOf(result.error));
  const input = result.data;
  const state = (await listFestivalStateChoices(db)).find((name) => name.toLowerCase() === input.state.toLowerCase());
  if (!state) throw badRequest(INVALID, { state: "Choose a state from the list, or District of Columbia." });
  return { ...input, state };
}

function columnsFrom(input: FestivalInput) {
  return {
    name: input.name,
    description: input.description,
    start_date: input.startDate,
    end_date: input.endDate,
    location: input.location,
    city: input.city,
    state: input.state,
    website: input.website ?? null,
    ticket_price: input.ticketPrice ?? null,
    image: input.image ?? null,
    featured: toDbBool(input.featured),
    recurrence: input.recurrence,
  };
}

/** One page of festivals matching the search (name, city, state) and filters, by start date. */
export async function listFestivalsForAdmin(db: Kysely<Database>, query: FestivalListQuery): Promise<Page<Festival>> {
  let base = db.selectFrom("festivals");
  if (query.q) {
    const matches = containsText(query.q, ["name", "city", "state"]);
    base = base.where((eb) => eb.or(matches));
  }
  if (query.month) base = base.where(sql`substr(start_date, 6, 2)`, "=", String(query.month).padStart(2, "0"));
  if (query.state) base = base.where(sql`lower(state)`, "=", query.state.toLowerCase());

  return loadPage(base, query.page, async (window) => {
    const rows = await base
      .selectAll()
      .orderBy("start_date")
      .orderBy("name")
      .orderBy("id")
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map(toFestival);
  });
}

const FESTIVALS: VersionedRecord<"festivals"> = {
  table: "festivals",
  entity: FESTIVAL_ENTITY,
  auditEntity: FESTIVAL_ENTITY,
  labelColumn: "name",
};

export async function createFestival(db: Kysely<Database>, raw: unknown, actor: Actor): Promise<number> {
  const input = await parseFestivalInput(db, raw);
  return createVersioned(db, FESTIVALS, { values: columnsFrom(input), details: { label: input.name } }, actor);
}

/** Saves an edit made from the version `expectedUpdatedAt`; refuses if someone saved in between. */
export async function updateFestival(db: Kysely<Database>, id: number, expectedUpdatedAt: string, raw: unknown, actor: Actor) {
  const input = await parseFestivalInput(db, raw);
  await updateVersioned(db, FESTIVALS, { id, expectedUpdatedAt, values: columnsFrom(input), details: { label: input.name } }, actor);
}

export const deleteFestival = (db: Kysely<Database>, id: number, expectedUpdatedAt: string, actor: Actor) =>
  deleteVersioned(db, FESTIVALS, id, expectedUpdatedAt, actor);
