/**
 * The query of the /near?zip=&radius= page and the radius choices of the finder: browser-safe and without
 * zod, since the page reads its URL in the browser too (the JSON call's query is in near-query.ts).
 */
import { INVALID_ZIPCODE_MESSAGE, isValidZipcode } from "../geo/zipcode";
import { SEARCH_RADIUS_MILES } from "../geo/distance";

/** The radii the finder offers, in miles; the default is the spec's 25. */
export const RADIUS_CHOICES = [10, 25, 50, 100] as const;
export type RadiusChoice = (typeof RADIUS_CHOICES)[number];
export const DEFAULT_RADIUS: RadiusChoice = SEARCH_RADIUS_MILES;

export interface NearPageQuery {
  /** The zipcode to search around; absent when the URL names none. */
  zipcode?: string;
  /** Set when the URL names a zipcode that is not 5 digits: the page says so instead of searching. */
  zipcodeError?: string;
  radius: RadiusChoice;
}

/**
 * Reads the /near page's URL. A radius that is not one of the choices falls back to 25 miles (a
 * hand-edited URL still shows results, and the radius select shows what was searched); a malformed
 * zipcode is reported on the page.
 */
export function readNearPageQuery(params: URLSearchParams): NearPageQuery {
  const radiusParam = Number(params.get("radius"));
  const radius = RADIUS_CHOICES.find((choice) => choice === radiusParam) ?? DEFAULT_RADIUS;
  const zipParam = params.get("zip");
  if (zipParam === null || zipParam.trim() === "") return { radius };
  const zipcode = zipParam.trim();
  return isValidZipcode(zipcode) ? { zipcode, radius } : { zipcodeError: INVALID_ZIPCODE_MESSAGE, radius };
}
