import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { notFound } from "../errors";

export const REGIONS = ["Northeast", "Southeast", "Midwest", "Southwest", "West"] as const;
export type Region = (typeof REGIONS)[number];

export interface State {
  id: string;
  name: string;
  code: string;
  region: string;
  cities: { name: string }[];
}

export const STATE_NOT_FOUND = "State not found";

/** Every state's id and name, sorted by name: for pages that list or link the states without their cities. */
export async function listStateNames(db: Kysely<Database>): Promise<{ id: string; name: string }[]> {
  return db.selectFrom("states").select(["id", "name"]).orderBy("name").execute();
}

/** The states with the most listings, most first (by name among equals); a state without a listing is never one. */
export async function listPopularStates(db: Kysely<Database>, limit: number): Promise<{ id: string; name: string; listings: number }[]> {
  const rows = await db
    .selectFrom("wholesalers")
    .innerJoin("states", "states.id", "wholesalers.state_id")
    .select(["states.id", "states.name", (eb) => eb.fn.countAll<number | string>().as("listings")])
    .groupBy(["states.id", "states.name"])
    .orderBy("listings", "desc")
    .orderBy("states.name")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, listings: Number(row.listings) }));
}

/** Every state with its cities, sorted by name. */
export async function listStates(db: Kysely<Database>): Promise<State[]> {
  const [states, cities] = await Promise.all([
    db.selectFrom("states").select(["id", "name", "code", "region"]).orderBy("name").execute(),
    db.selectFrom("cities").select(["state_id", "name"]).orderBy("state_id").orderBy("position").orderBy("name").execute(),
  ]);
  const citiesByState = new Map<string, { name: string }[]>();
  for (const city of cities) {
    const list = citiesByState.get(city.state_id) ?? [];
    list.push({ name: city.name });
    citiesByState.set(city.state_id, list);
  }
  return states.map((state) => ({ ...state, cities: citiesByState.get(state.id) ?? [] }));
}

export async function findState(db: Kysely<Database>, stateId: string): Promise<State | undefined> {
  const state = await db
    .selectFrom("states")
    .select(["id", "name", "code", "region"])
    .where("id", "=", stateId.toLowerCase())
    .executeTakeFirst();
  if (!state) return undefined;
  const cities = await db
    .selectFrom("cities")
    .select("name")
    .where("state_id", "=", state.id)
    .orderBy("position")
    .orderBy("name")
    .execute();
  return { ...state, cities };
}

export async function getState(db: Kysely<Database>, stateId: string): Promise<State> {
  const state = await findState(db, stateId);
  if (!state) throw notFound(STATE_NOT_FOUND);
  return state;
}

/** The public JSON shape of a state. */
export const toStateJson = ({ id, name, region, cities }: State) => ({ id, name, region, cities });
