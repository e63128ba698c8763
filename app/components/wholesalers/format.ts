import { formatConjunction, formatNumber } from "~/utils/en-us";

/** What a maps search needs to find a wholesaler: its name and full address. */
export interface Locatable {
  name: string;
  address: string;
  city: string;
  state: string;
}

/** A maps search for the wholesaler's name, address, city and state, for the 'Get Directions' link. */
export function directionsUrl({ name, address, city, state }: Locatable): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}, ${city}, ${state}`)}`;
}

/** "2.3 miles away"; exactly one mile is singular; distances round to 0 only at the zipcode's centre. */
export function formatDistance(miles: number): string {
  if (miles < 0.1) return "less than 0.1 miles away";
  const text = formatNumber(miles, 1);
  return `${text} ${text === "1" ? "mile" : "miles"} away`;
}

/** What the distance wording needs to know of a listing. */
export interface DistanceSubject {
  zipcode: string;
  /** True when the listing's coordinates are its own, false when they are its zipcode's centroid. */
  locationExact: boolean;
}

/**
 * How far a listing is from the searched place, claiming no more precision than its point has:
 * its own coordinates give "3.2 miles away"; a zipcode's centroid gives "about 3 miles away" (whole miles,
 * never under one) or, in the zipcode searched, "In 90014", since centroid to centroid is then zero.
 */
export function listingDistance(listing: DistanceSubject, miles: number, searchedZipcode?: string): string {
  if (listing.locationExact) return formatDistance(miles);
  if (searchedZipcode !== undefined && listing.zipcode === searchedZipcode) return `In ${listing.zipcode}`;
  return aboutMilesAway(miles);
}

/** "about 3 miles away": whole miles and never under one, for a distance from or to a zipcode's or a city's center. */
export function aboutMilesAway(miles: number): string {
  const whole = Math.max(1, Math.round(miles));
  return `about ${formatNumber(whole)} ${whole === 1 ? "mile" : "miles"} away`;
}

/** "The nearest wholesaler we list is 675 miles away", in whole miles: far enough that decimals say nothing. */
export const farAwayMessage = (miles: number) => `The nearest wholesaler we list is ${formatNumber(Math.round(miles))} miles away.`;

/** "Los Angeles, San Diego, and Fresno"; 'major cities' for a state that has none listed. */
export function citiesPhrase(cities: readonly { name: string }[]): string {
  return cities.length === 0 ? "major cities" : formatConjunction(cities.map((city) => city.name));
}
