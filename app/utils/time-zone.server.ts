import tzLookup from "@photostructure/tz-lookup";

/**
 * The IANA time zone at a listing's coordinates, such as "America/Chicago", for its opening hours.
 * Server-only: the lookup carries its own map of the world's zones (about 70 kB). It trades some
 * accuracy near zone borders for size; an admin can correct a listing that lands on the wrong side.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new RangeError(`No time zone for latitude ${latitude}, longitude ${longitude}: not a point on Earth.`);
  }
  return tzLookup(latitude, longitude);
}
