const EARTH_RADIUS_MILES = 3958.8;

/** Search radius of the zipcode finder, stated in the UI. */
export const SEARCH_RADIUS_MILES = 25;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Added to each side of the box so that floating-point rounding never shuts out a point on the circle (about 0.1 mm). */
const BOX_MARGIN_DEGREES = 1e-9;

/**
 * A latitude/longitude box that contains every point within `miles` of the centre. On a sphere the
 * circle reaches furthest east and west at asin(sin(d) / cos(latitude)) of longitude, a little more than
 * d / cos(latitude): the narrower box dropped points right at the radius.
 */
export function boundingBox(center: Point, miles: number) {
  const angle = miles / EARTH_RADIUS_MILES;
  const latDelta = (angle * 180) / Math.PI + BOX_MARGIN_DEGREES;
  const reach = Math.sin(angle) / Math.cos(toRadians(center.latitude));
  // A circle around (or reaching) a pole spans every longitude.
  const lngDelta = !(reach < 1) ? 180 : Math.min(180, (Math.asin(reach) * 180) / Math.PI + BOX_MARGIN_DEGREES);
  return {
    minLatitude: center.latitude - latDelta,
    maxLatitude: center.latitude + latDelta,
    minLongitude: center.longitude - lngDelta,
    maxLongitude: center.longitude + lngDelta,
  };
}

/** Rounded for display and the API: one decimal place. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
