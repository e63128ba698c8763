/**
 * The query of the JSON search around a place: /api/wholesalers/near?zip= or ?lat=&lng=, with radius and
 * access. The /near page's query and the finder's radius choices are in near-page-query.ts, which the
 * browser reads without zod.
 */
import { z } from "zod";
import { INVALID_ZIPCODE_MESSAGE, isValidZipcode } from "../geo/zipcode";
import { badRequest } from "../errors";
import { DEFAULT_RADIUS } from "./near-page-query";

/** The widest search the JSON call answers; a wider radius is cut to this. */
export const MAX_RADIUS_MILES = 100;
/** How many listings beyond the radius a search suggests when none lies within it. */
export const NEAREST_SUGGESTIONS = 3;

export type NearOrigin = { zipcode: string } | { latitude: number; longitude: number };

export const NEAR_API_MESSAGES = {
  origin: "Give either zip (5 digits) or both lat and lng.",
  position: "Give both lat and lng.",
  latitude: "lat must be a number from -90 to 90.",
  longitude: "lng must be a number from -180 to 180.",
  radius: `radius must be a number of miles above 0 (at most ${MAX_RADIUS_MILES} are searched).`,
  map: "map must be 1 (to add the results map) or 0.",
} as const;

/** A decimal number as text: no empty string, no hex, no "Infinity", which Number() would let through. */
const decimal = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^[-+]?(\d+\.?\d*|\.\d+)$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

const radiusSchema = z
  .string()
  .trim()
  .regex(/^\+?(\d+\.?\d*|\.\d+)$/, NEAR_API_MESSAGES.radius)
  .transform(Number)
  .pipe(z.number().gt(0, NEAR_API_MESSAGES.radius))
  .transform((miles) => Math.min(miles, MAX_RADIUS_MILES));

function parseOrNull<T>(schema: z.ZodType<T, string>, value: string | null): T {
  const result = schema.safeParse(value ?? "");
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? NEAR_API_MESSAGES.origin);
  return result.data;
}

/** A `radius` parameter in miles: 25 when absent, cut to the widest search; anything else is a bad request. */
export const parseRadiusMiles = (value: string | null): number => (value === null ? DEFAULT_RADIUS : parseOrNull(radiusSchema, value));

/** A position given as `lat` and `lng` (decimal degrees); either missing or out of range is a bad request. */
export function parsePosition(lat: string | null, lng: string | null): { latitude: number; longitude: number } {
  if (lat === null || lng === null) throw badRequest(NEAR_API_MESSAGES.position);
  return {
    latitude: parseOrNull(decimal(NEAR_API_MESSAGES.latitude, -90, 90), lat),
    longitude: parseOrNull(decimal(NEAR_API_MESSAGES.longitude, -180, 180), lng),
  };
}

/**
 * Reads the JSON call's query: `zip` or `lat` and `lng`, and `radius` (25 when absent, cut to 100).
 * Anything it cannot use is a bad request that says what to send.
 */
export function parseNearApiQuery(params: URLSearchParams): { origin: NearOrigin; radiusMiles: number } {
  const zip = params.get("zip");
  const lat = params.get("lat");
  const lng = params.get("lng");
  const radiusMiles = parseRadiusMiles(params.get("radius"));
  if (zip !== null && lat === null && lng === null) {
    if (!isValidZipcode(zip.trim())) throw badRequest(INVALID_ZIPCODE_MESSAGE);
    return { origin: { zipcode: zip.trim() }, radiusMiles };
  }
  if (zip !== null || lat === null || lng === null) throw badRequest(NEAR_API_MESSAGES.origin);
  return { origin: parsePosition(lat, lng), radiusMiles };
}

/** Whether the JSON call should add the results map (`map=1`); absent or `0` means no map. */
export function wantsResultsMap(params: URLSearchParams): boolean {
  const value = params.get("map")?.trim();
  if (value === undefined || value === "0") return false;
  if (value === "1") return true;
  throw badRequest(NEAR_API_MESSAGES.map);
}
