import { sql, type Kysely, type Selectable } from "kysely";
import { todayIsoDate } from "~/utils/dates";
import type { Database, WholesalersTable } from "~/db/schema";
import { fromDbBool } from "~/db/schema";
import { boundingBox, distanceMiles, roundMiles, SEARCH_RADIUS_MILES, type Point } from "../geo/distance";
import { assertZipcode, findZipcode } from "../geo/zipcode";
import { badRequest, notFound } from "../errors";
import { getState } from "../states/states.server";

import { WHOLESALER_ACCESS, type WholesalerAccess, type WholesalerType } from "./constants";
import { NEAREST_SUGGESTIONS, type NearOrigin } from "./near-query";
import { localDateAt } from "./opening-hours";
import { parseWeeklyHours } from "./opening-hours-schema";
import { isListingStatus, parseSpecialHours } from "./special-hours-schema";
import { statusOn, type ListingStatus } from "./special-hours";
import { SITE_TIME_ZONE } from "~/utils/dates";
import type { Wholesaler, WholesalerWithDistance, DirectoryCoverage } from "./types";

export type { Wholesaler, WholesalerWithDistance, DirectoryCoverage };

export { WHOLESALER_TYPES, type WholesalerType } from "./constants";

type Row = Selectable<WholesalersTable> & { state_name: string };

/** The fields that name and place a wholesaler, from a row joined with its state. */
export const wholesalerPlaceFrom = (row: Pick<Row, "id" | "name" | "address" | "city" | "state_id" | "state_name">) => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city: row.city,
  state: row.state_name,
  stateId: row.state_id,
});

/** The status a row has on `now`, on the listing's clock: a temporary closure ends by itself on its reopening date. */
export function rowStatus(row: Pick<Row, "status" | "closed_until" | "time_zone">, now: Date = new Date()) {
  const stored: ListingStatus = isListingStatus(row.status) ? row.status : "open";
  const status = statusOn({ status: stored, closedUntil: row.closed_until }, localDateAt(now, row.time_zone ?? SITE_TIME_ZONE));
  return { status, closedUntil: status === "temporarily-closed" ? row.closed_until : null };
}

/** A wholesalers row joined with its state's name, as a Wholesaler (its status as of `now`). */
export function toWholesaler(row: Row, now: Date = new Date()): Wholesaler {
  return {
    ...wholesalerPlaceFrom(row),
    zipcode: row.zipcode,
    type: row.type as WholesalerType,
    hours: row.hours,
    description: row.description,
    image: row.image,
    imageUpdatedAt: row.image_updated_at,
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.website ? { website: row.website } : {}),
    latitude: row.latitude,
    longitude: row.longitude,
    featured: fromDbBool(row.featured),
    access: accessOf(row.access),
    accessNote: row.access_note || null,
    openingHours: parseWeeklyHours(row.opening_hours),
    timeZone: row.time_zone,
    verifiedAt: row.verified_at,
    ownerConfirmedAt: row.owner_confirmed_at,
    locationApproximate: fromDbBool(row.location_approximate),
    locationExact: fromDbBool(row.location_exact),
    specialHours: parseSpecialHours(row.special_hours),
    ...rowStatus(row, now),
  };
}

/**
 * The `access` filter of a request: one or more of trade-only, public-welcome and public-hours, separated by
 * commas; absent or empty means every listing. Anything else is a bad request that names the value.
 */
/** An `access` filter's values: who may buy, or `unknown` for the listings no source has told us of yet. */
export type AccessFilter = WholesalerAccess | "unknown";
const ACCESS_FILTER_VALUES: readonly string[] = [...WHOLESALER_ACCESS, "unknown"];

export function parseAccessFilter(value: string | null): AccessFilter[] | undefined {
  if (value === null || value.trim() === "") return undefined;
  const values = value.split(",").map((part) => part.trim());
  const unknown = values.find((part) => !ACCESS_FILTER_VALUES.includes(part));
  if (unknown !== undefined) {
    throw badRequest(`Unknown access "${unknown}": use trade-only, public-welcome, public-hours or unknown, separated by commas.`);
  }
  return [...new Set(values as AccessFilter[])];
}

/** Only the listings whose access is one of `access` (`unknown`: not yet known); every listing without a filter. */
export const keepAccess = <T extends Pick<Wholesaler, "access">>(list: T[], access?: AccessFilter[]) =>
  access ? list.filter((w) => access.includes(w.access ?? "unknown")) : list;

/** A stored access value the site knows, or null (unknown shows nothing rather than a guess). */
export const accessOf = (value: string | null): WholesalerAccess | null =>
  (WHOLESALER_ACCESS as readonly string[]).includes(value ?? "") ? (value as WholesalerAccess) : null;

/** Every wholesaler joined with its state's name: the base of each listing query. */
export function selectWholesalers(db: Kysely<Database>) {
  return db
    .selectFrom("wholesalers")
    .innerJoin("states", "states.id", "wholesalers.state_id")
    .selectAll("wholesalers")
    .select("states.name as state_name");
}

/** The listings search shows: all but the permanently closed, whose pages stay but which leave every result. */
export function selectListedWholesalers(db: Kysely<Database>) {
  return selectWholesalers(db).where("wholesalers.status", "!=", "permanently-closed");
}

/** Open listings before the temporarily closed ones, keeping each group's order (Array.prototype.sort is stable). */
export const openFirst = <T extends Pick<Wholesaler, "status">>(list: T[]) =>
  [...list].sort((a, b) => Number(a.status === "temporarily-closed") - Number(b.status === "temporarily-closed"));

/**
 * The rows (joined with their state) inside the latitude/longitude box around `center` that holds every
 * point within `miles`: the indexes narrow the rows, and the caller ranks them by exact distance.
 */
export function selectWholesalersAround(db: Kysely<Database>, center: Point, miles: number) {
  const box = boundingBox(center, miles);
  return selectListedWholesalers(db)
    .where("wholesalers.latitude", ">=", box.minLatitude)
    .where("wholesalers.latitude", "<=", box.maxLatitude)
    .where("wholesalers.longitude", ">=", box.minLongitude)
    .where("wholesalers.longitude", "<=", box.maxLongitude)
    .execute();
}

/**
 * The wholesalers of a state, sorted by name, the temporarily closed after the open ones and the permanently
 * closed left out; an unknown state is not found.
 */
export async function listWholesalersByState(db: Kysely<Database>, stateId: string, access?: AccessFilter[]): Promise<Wholesaler[]> {
  const state = await getState(db, stateId);
  const rows = await selectListedWholesalers(db).where("wholesalers.state_id", "=", state.id).orderBy("wholesalers.name").execute();
  return openFirst(
    keepAccess(
      rows.map((row) => toWholesaler(row)),
      access,
    ),
  );
}

export async function listFeaturedWholesalers(db: Kysely<Database>, stateId: string, limit: number) {
  const rows = await selectListedWholesalers(db)
    .where("wholesalers.state_id", "=", stateId)
    .orderBy("wholesalers.featured", "desc")
    .orderBy("wholesalers.name")
    .limit(limit)
    .execute();
  return rows.map((row) => toWholesaler(row));
}

/**
 * Wholesalers within `radiusMiles` of a zipcode's centroid by great-circle distance, nearest first.
 * A malformed zipcode is a bad request; a well-formed one that does not exist finds nothing.
 */
export async function findWholesalersNearZipcode(
  db: Kysely<Database>,
  zipcode: string,
  radiusMiles: number = SEARCH_RADIUS_MILES,
  access?: AccessFilter[],
): Promise<WholesalerWithDistance[]> {
  const origin = await zipcodeCentroid(db, zipcode);
  return origin ? listingsAround(db, origin, radiusMiles, access) : [];
}

/** The `limit` wholesalers nearest to a zipcode at any distance, for when none lie within the radius. */
export async function findNearestWholesalers(
  db: Kysely<Database>,
  zipcode: string,
  limit: number,
  access?: AccessFilter[],
): Promise<WholesalerWithDistance[]> {
  const origin = await zipcodeCentroid(db, zipcode);
  return origin ? nearestListings(db, origin, limit, access) : [];
}

/** A zipcode's centroid: a malformed zipcode is a bad request, one the site does not know is undefined. */
async function zipcodeCentroid(db: Kysely<Database>, zipcode: string): Promise<Point | undefined> {
  assertZipcode(zipcode);
  return findZipcode(db, zipcode);
}

/** The listings within `radiusMiles` of `origin` (a box from the index, then the exact distance), nearest first. */
async function listingsAround(db: Kysely<Database>, origin: Point, radiusMiles: number, access?: AccessFilter[]) {
  const rows = await selectWholesalersAround(db, origin, radiusMiles);
  return rankByDistance(
    keepAccess(
      rows.map((row) => toWholesaler(row)),
      access,
    ),
    origin,
    radiusMiles,
  );
}

/**
 * The `limit` listings nearest to `origin` at any distance, for when none lie within the radius. The directory
 * holds hundreds of rows, not millions, so ranking them all in memory is exact; only what the ranking reads is
 * read of every listing (where it is, its status, who may buy), and whole rows only of the `limit` nearest.
 */
async function nearestListings(db: Kysely<Database>, origin: Point, limit: number, access?: AccessFilter[]) {
  const now = new Date();
  const places = await selectListedWholesalers(db)
    .clearSelect()
    .select([
      "wholesalers.id",
      "wholesalers.name",
      "wholesalers.latitude",
      "wholesalers.longitude",
      "wholesalers.access",
      "wholesalers.status",
      "wholesalers.closed_until",
      "wholesalers.time_zone",
    ])
    .execute();
  const ranked = places.map((place) => ({ ...place, access: accessOf(place.access), status: rowStatus(place, now).status }));
  const ids = rankByDistance(keepAccess(ranked, access), origin, Number.POSITIVE_INFINITY)
    .slice(0, limit)
    .map((place) => place.id);
  if (ids.length === 0) return [];
  const rows = await selectListedWholesalers(db).where("wholesalers.id", "in", ids).execute();
  return rankByDistance(
    rows.map((row) => toWholesaler(row, now)),
    origin,
    Number.POSITIVE_INFINITY,
  );
}

/** Where a search around a place starts: the zipcode's centroid (with its town), or a position. */
export interface NearSearchOrigin extends Point {
  zipcode: string | null;
  city: string | null;
  /** The state's id and name, when the search starts at a zipcode the site knows the state of. */
  stateId: string | null;
  stateName: string | null;
}

export interface NearSearchResult<T = WholesalerWithDistance> {
  origin: NearSearchOrigin;
  radiusMiles: number;
  /** The listings within the radius, nearest first. */
  within: T[];
  /** Only when `within` is empty: the few nearest listings beyond the radius, nearest first. */
  nearest: T[];
}

/** The message for a well-formed zipcode the site has no centroid for; the page shows it as it is. */
export const unknownZipcodeMessage = (zipcode: string) => `We don't know the zipcode ${zipcode}.`;

async function originOf(db: Kysely<Database>, origin: NearOrigin): Promise<NearSearchOrigin> {
  if (!("zipcode" in origin))
    return { latitude: origin.latitude, longitude: origin.longitude, zipcode: null, city: null, stateId: null, stateName: null };
  assertZipcode(origin.zipcode);
  const row = await db
    .selectFrom("zipcodes")
    .leftJoin("states", "states.code", "zipcodes.state_code")
    .select([
      "zipcodes.zip",
      "zipcodes.latitude",
      "zipcodes.longitude",
      "zipcodes.city",
      "states.id as state_id",
      "states.name as state_name",
    ])
    .where("zipcodes.zip", "=", origin.zipcode)
    .executeTakeFirst();
  if (!row) throw notFound(unknownZipcodeMessage(origin.zipcode));
  return {
    latitude: row.latitude,
    longitude: row.longitude,
    zipcode: row.zip,
    city: row.city,
    stateId: row.state_id ?? null,
    stateName: row.state_name ?? null,
  };
}

/**
 * One search around a zipcode or a position: the listings within `radiusMiles` and, only when there are
 * none, the NEAREST_SUGGESTIONS nearest beyond it, so a page or a client needs a single call. An unknown
 * zipcode is not found, with a message that names it.
 */
export async function findWholesalersNear(
  db: Kysely<Database>,
  from: NearOrigin,
  radiusMiles: number,
  access?: AccessFilter[],
): Promise<NearSearchResult> {
  const origin = await originOf(db, from);
  const within = await listingsAround(db, origin, radiusMiles, access);
  const nearest = within.length > 0 ? [] : await nearestListings(db, origin, NEAREST_SUGGESTIONS, access);
  return { origin, radiusMiles, within, nearest };
}

/**
 * Nearest first within maxMiles (exact distance), the temporarily closed after the open ones; the distance is
 * rounded only for display.
 */
export function rankByDistance<T extends Pick<Wholesaler, "name" | "status" | "latitude" | "longitude">>(
  wholesalers: T[],
  origin: Point,
  maxMiles: number,
): (T & Pick<WholesalerWithDistance, "distanceMiles">)[] {
  const closed = (w: T) => Number(w.status === "temporarily-closed");
  return wholesalers
    .map((w) => ({ w, miles: distanceMiles(origin, w) }))
    .filter(({ miles }) => miles <= maxMiles)
    .sort((a, b) => closed(a.w) - closed(b.w) || a.miles - b.miles || a.w.name.localeCompare(b.w.name))
    .map(({ w, miles }) => ({ ...w, distanceMiles: roundMiles(miles) }));
}

/** The public JSON shape of a wholesaler. */
export function toWholesalerJson<T extends Wholesaler>(w: T) {
  const { imageUpdatedAt: _imageUpdatedAt, featured: _featured, ...json } = w;
  return json;
}

/** How much of the country the directory covers, for the home page and the dashboard. */
export async function getDirectoryCoverage(db: Kysely<Database>, today: string = todayIsoDate()): Promise<DirectoryCoverage> {
  // The first day that still counts as "in the last 12 months".
  const since = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const row = await db
    .selectFrom("wholesalers")
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.count<number>("state_id").distinct().as("states"),
      eb.fn.count<number>("verified_at").as("verified"),
      eb.fn.sum<number>(sql<number>`case when verified_at >= ${since} then 1 else 0 end`).as("recent"),
      eb.fn.sum<number>(sql<number>`case when owner_confirmed_at >= ${since} then 1 else 0 end`).as("owner_verified"),
    ])
    .executeTakeFirstOrThrow();
  return {
    listings: Number(row.n),
    states: Number(row.states),
    verified: Number(row.verified),
    verifiedLastYear: Number(row.recent ?? 0),
    ownerVerified: Number(row.owner_verified ?? 0),
  };
}

/** How many listings each state has; a state without any is absent. */
export async function listingCountsByState(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("wholesalers")
    .select(["state_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("state_id")
    .execute();
  return new Map(rows.map((row) => [row.state_id, Number(row.n)]));
}

/** States with listings first (most listings first, then by name), then the rest by name. */
export function byListingsFirst<T extends { id: string; name: string }>(states: readonly T[], counts: Map<string, number>) {
  return [...states]
    .map((state) => ({ ...state, listings: counts.get(state.id) ?? 0 }))
    .sort((a, b) => Number(b.listings > 0) - Number(a.listings > 0) || b.listings - a.listings || a.name.localeCompare(b.name));
}
