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

const milesFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** "2.3 miles away"; exactly one mile is singular; distances round to 0 only at the zipcode's centre. */
export function formatDistance(miles: number): string {
  if (miles < 0.1) return "less than 0.1 miles away";
  const text = milesFormat.format(miles);
  return `${text} ${text === "1" ? "mile" : "miles"} away`;
}

const listFormat = new Intl.ListFormat("en-US", { style: "long", type: "conjunction" });

/** "Los Angeles, San Diego, and Fresno"; 'major cities' for a state that has none listed. */
export function citiesPhrase(cities: readonly { name: string }[]): string {
  return cities.length === 0 ? "major cities" : listFormat.format(cities.map((city) => city.name));
}
