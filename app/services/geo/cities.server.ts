import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { cityCentre } from "./city-centres.server";
import type { CityPlace } from "./types";

export type { CityPlace };

export type CityLookup =
  | { kind: "none" }
  /** `others` are the smaller cities of the same name elsewhere, largest first. */
  | { kind: "found"; city: CityPlace; others: CityPlace[] }
  /** Cities of comparable size share the name (Springfield): the visitor picks the state. */
  | { kind: "ambiguous"; name: string; choices: CityPlace[] };

export interface CityQuery {
  /** The city's name in lower case, words separated by one space. */
  city: string;
  /** The state's two-letter code, when the query names one. */
  stateCode?: string;
}

interface StateName {
  code: string;
  name: string;
}

/** The longest state name in words ("District of Columbia"). */
const MAX_STATE_WORDS = 3;
/**
 * Without a state, only places with at least this many zipcodes count as the city a word means: "rose" is a
 * flower before it is Rose, NY (one zipcode), which "Rose, NY" still finds.
 */
const MIN_ZIPCODES_WITHOUT_STATE = 2;
/** A city of the name this many times larger (in zipcodes) than the next one is the one meant. */
const DOMINANT_FACTOR = 3;

/**
 * The readings of a query as a city, most specific first: "San Antonio, Texas", "san antonio tx" and
 * "Chicago, IL" name a state after the city; "Chicago" names none. Punctuation and case do not matter: the
 * zipcode list writes "Winston Salem" and "Coeur D Alene".
 */
export function parseCityQuery(query: string, states: readonly StateName[]): CityQuery[] {
  const words = query
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return [];
  const readings: CityQuery[] = [];
  for (let count = Math.min(MAX_STATE_WORDS, words.length - 1); count >= 1; count -= 1) {
    const tail = words.slice(-count).join(" ");
    const state = states.find((s) => s.name.toLowerCase() === tail || (count === 1 && s.code.toLowerCase() === tail));
    if (state) readings.push({ city: cityName(words.slice(0, -count)), stateCode: state.code });
  }
  readings.push({ city: cityName(words) });
  return readings;
}

/** The zipcode list spells these out: "St. Louis" is "Saint Louis", "Ft Worth" is "Fort Worth". */
const ABBREVIATIONS: Record<string, string> = { st: "saint", ste: "sainte", ft: "fort", mt: "mount" };

function cityName(words: string[]): string {
  return words.map((word, index) => (index === 0 ? (ABBREVIATIONS[word] ?? word) : word)).join(" ");
}

/**
 * The District of Columbia has zipcodes but no state page (the site's states are the 50): its city, Washington,
 * is still one a search can name ("Washington, DC", "Washington, District of Columbia").
 */
const DISTRICT: StateName = { code: "DC", name: "District of Columbia" };

interface CityRow {
  city: string;
  state_code: string;
  state_name: string | null;
  zipcodes: number | string;
  latitude: number | string;
  longitude: number | string;
}

async function citiesNamed(db: Kysely<Database>, reading: CityQuery): Promise<CityPlace[]> {
  // lower(city) is what zipcodes_city_idx indexes (migration 0004).
  const { rows } = await sql<CityRow>`
    select min(zipcodes.city) as city, zipcodes.state_code, min(states.name) as state_name, count(*) as zipcodes,
      avg(zipcodes.latitude) as latitude, avg(zipcodes.longitude) as longitude
    from zipcodes left join states on states.code = zipcodes.state_code
    where lower(zipcodes.city) = ${reading.city} ${reading.stateCode ? sql`and zipcodes.state_code = ${reading.stateCode}` : sql``}
    group by zipcodes.state_code
    order by count(*) desc, zipcodes.state_code`.execute(db);
  return rows.flatMap((row) => {
    const stateName = row.state_name ?? (row.state_code === DISTRICT.code ? DISTRICT.name : null);
    if (stateName === null) return [];
    // The city's own centre; where GeoNames has none (a place of under 1,000 people, mostly one zipcode), the
    // mean of its zipcodes' centroids. No source here gives zipcodes' populations to weight that mean by.
    const centre = cityCentre(row.state_code, row.city);
    return [
      {
        name: row.city,
        stateCode: row.state_code,
        stateName,
        zipcodes: Number(row.zipcodes),
        ...(centre
          ? { ...centre, centre: "geonames" as const }
          : { latitude: Number(row.latitude), longitude: Number(row.longitude), centre: "zipcodes" as const }),
      },
    ];
  });
}

/**
 * The city a search names, from the zipcodes the site holds. A query that is only a state's name ("New
 * York", "Indiana") is the city of that name in that state or none: Indiana, PA is not what "Indiana" means;
 * without a state, a place of one zipcode is not taken for a city either.
 * When cities of comparable size share the name, the answer is the choice of them by state.
 */
export async function lookupCity(db: Kysely<Database>, query: string): Promise<CityLookup> {
  const states: StateName[] = await db.selectFrom("states").select(["code", "name"]).execute();
  if (!states.some((state) => state.code === DISTRICT.code)) states.push(DISTRICT);
  for (const reading of parseCityQuery(query, states)) {
    if (reading.city === "") continue;
    let cities = await citiesNamed(db, reading);
    const stateNamed = states.find((state) => state.name.toLowerCase() === reading.city);
    if (!reading.stateCode) cities = cities.filter((city) => city.zipcodes >= MIN_ZIPCODES_WITHOUT_STATE);
    if (!reading.stateCode && stateNamed) cities = cities.filter((city) => city.stateCode === stateNamed.code);
    const [first, second] = cities;
    if (!first) continue;
    if (!second || first.zipcodes >= DOMINANT_FACTOR * second.zipcodes) return { kind: "found", city: first, others: cities.slice(1) };
    return { kind: "ambiguous", name: first.name, choices: cities };
  }
  return { kind: "none" };
}
