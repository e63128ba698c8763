import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { updateVersioned, type VersionedRecord } from "../admin/versioned.server";
import { badRequest, notFound } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { REGIONS, STATE_NOT_FOUND, type Region } from "./states.server";

export const STATE_ENTITY = "state";

const STATES: VersionedRecord<"states"> = { table: "states", entity: STATE_ENTITY, auditEntity: STATE_ENTITY, labelColumn: "name" };

/** How many cities a state lists (its page names them in the intro), and how long each name may be. */
export const CITY_LIMITS = { min: 3, max: 12, minLength: 2, maxLength: 60 } as const;

export interface AdminState {
  id: string;
  name: string;
  code: string;
  region: string;
  cities: string[];
  wholesalerCount: number;
  updatedAt: string;
}

export interface StateListQuery {
  q?: string;
  region?: string;
  page: number;
}

const isRegion = (value: string | undefined): value is Region => (REGIONS as readonly string[]).includes(value ?? "");

/** One city per line: blank lines are dropped, every name trimmed. */
export const citiesFromText = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const stateInputSchema = z.object({
  name: z.string().trim().min(2, "Enter the state's name (at least 2 characters).").max(60, "The name is at most 60 characters."),
  region: z.enum(REGIONS, { message: `Choose a region: ${REGIONS.join(", ")}.` }),
  cities: z
    .string({ message: `List ${CITY_LIMITS.min} to ${CITY_LIMITS.max} cities, one per line.` })
    .transform(citiesFromText)
    .superRefine((cities, ctx) => {
      if (cities.length < CITY_LIMITS.min || cities.length > CITY_LIMITS.max) {
        ctx.addIssue({
          code: "custom",
          message: `List ${CITY_LIMITS.min} to ${CITY_LIMITS.max} cities, one per line (you listed ${cities.length}).`,
        });
        return;
      }
      const badLength = cities.find((city) => city.length < CITY_LIMITS.minLength || city.length > CITY_LIMITS.maxLength);
      if (badLength !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `Each city name is ${CITY_LIMITS.minLength} to ${CITY_LIMITS.maxLength} characters: "${badLength.slice(0, 70)}" is not.`,
        });
        return;
      }
      const seen = new Set<string>();
      for (const city of cities) {
        const key = city.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: "custom", message: `${city} is listed more than once.` });
          return;
        }
        seen.add(key);
      }
    }),
});

export type StateInput = z.output<typeof stateInputSchema>;

/**
 * Validates an edit of state `id`: the schema, and a name no other state has. Every field's problem is
 * reported at once, the taken name too when the cities are also wrong.
 */
async function parseStateInput(db: Kysely<Database>, id: string, raw: unknown): Promise<StateInput> {
  const result = stateInputSchema.safeParse(raw);
  const fieldErrors = result.success ? {} : fieldErrorsOf(result.error);
  const name = stateInputSchema.shape.name.safeParse(
    typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>).name : undefined,
  );
  if (name.success) {
    const sameName = await db
      .selectFrom("states")
      .select("id")
      .where(sql<boolean>`lower(name) = ${name.data.toLowerCase()}`)
      .where("id", "!=", id)
      .executeTakeFirst();
    if (sameName) fieldErrors.name = `Another state is already named ${name.data}.`;
  }
  if (!result.success || Object.keys(fieldErrors).length > 0) throw badRequest("Please correct the highlighted fields.", fieldErrors);
  return result.data;
}

/** One page of states matching the search (name or id) and region, by name, with their cities and listings. */
export async function listStatesForAdmin(db: Kysely<Database>, query: StateListQuery): Promise<Page<AdminState>> {
  let base = db.selectFrom("states");
  if (query.q) {
    const matches = containsText(query.q, ["states.name", "states.id"]);
    base = base.where((eb) => eb.or(matches));
  }
  if (isRegion(query.region)) base = base.where("states.region", "=", query.region);

  return loadPage(base, query.page, async (window) => {
    const states = await base
      .select(["states.id", "states.name", "states.code", "states.region", "states.updated_at"])
      .select((eb) =>
        eb
          .selectFrom("wholesalers")
          .select((inner) => inner.fn.countAll<number>().as("c"))
          .whereRef("wholesalers.state_id", "=", "states.id")
          .as("wholesaler_count"),
      )
      .orderBy("states.name")
      .orderBy("states.id")
      .limit(window.limit)
      .offset(window.offset)
      .execute();

    const ids = states.map((state) => state.id);
    const cities = ids.length
      ? await db
          .selectFrom("cities")
          .select(["state_id", "name"])
          .where("state_id", "in", ids)
          .orderBy("state_id")
          .orderBy("position")
          .orderBy("id")
          .execute()
      : [];
    const citiesByState = new Map<string, string[]>();
    for (const city of cities) citiesByState.set(city.state_id, [...(citiesByState.get(city.state_id) ?? []), city.name]);

    return states.map((state) => ({
      id: state.id,
      name: state.name,
      code: state.code,
      region: state.region,
      cities: citiesByState.get(state.id) ?? [],
      wholesalerCount: Number(state.wholesaler_count ?? 0),
      updatedAt: state.updated_at,
    }));
  });
}

/**
 * Saves an edit of a state made from the version `expectedUpdatedAt`: its name, region and its whole list
 * of cities (replaced in the order given), all or nothing. The 50 states themselves are fixed.
 */
export async function updateState(db: Kysely<Database>, id: string, expectedUpdatedAt: string, raw: unknown, actor: Actor) {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("states").select("id").where("id", "=", id).executeTakeFirst();
    if (!existing) throw notFound(STATE_NOT_FOUND);
    const input = await parseStateInput(trx, id, raw);
    await updateVersioned(
      trx,
      STATES,
      {
        id,
        expectedUpdatedAt,
        values: { name: input.name, region: input.region },
        details: { label: input.name, region: input.region, cities: input.cities },
        alsoWrite: async (inner) => {
          await inner.deleteFrom("cities").where("state_id", "=", id).execute();
          await inner
            .insertInto("cities")
            .values(input.cities.map((name, position) => ({ state_id: id, name, position })))
            .execute();
        },
      },
      actor,
    );
  });
}
