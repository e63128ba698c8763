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
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A latitude/longitude box that contains every point within `miles` of the centre. */
export function boundingBox(center: Point, miles: number) {
  const latDelta = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const cosLat = Math.cos(toRadians(center.latitude));
  const lngDelta = cosLat < 1e-6 ? 180 : Math.min(180, latDelta / cosLat);
  return {
    minLatitude: center.latitude - latDelta,
    maxLatitude: center.latitude + latDelta,
    minLongitude: center.longitude - lngDelta,
    maxLongitude: center.longitude + lngDelta,
  };
}

/** Rounded for display and the API: one decimal place. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
