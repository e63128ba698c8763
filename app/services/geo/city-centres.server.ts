/**
 * Each US city's own point (GeoNames, CC BY 4.0), written at build time by scripts/generate-cities.ts
 * (`npm run cities`, part of `npm run build` and `npm run dev`), read once per process on first use.
 */
import type { Point } from "./distance";
// Imported as text, like the map shapes: Vite inlines the file into the server bundle, and TypeScript does not
// need the generated file to exist to check this module.
import centresText from "./city-centres.generated.json?raw";

type CityCentres = Record<string, Record<string, [latitude: number, longitude: number]>>;

let centres: CityCentres | undefined;

/**
 * The point GeoNames gives the city (usually its city hall or downtown), or undefined for a place it does
 * not list (most have fewer than 1,000 people). `city` is as lower(zipcodes.city) reads it.
 */
export function cityCentre(stateCode: string, city: string): Point | undefined {
  centres ??= JSON.parse(centresText) as CityCentres;
  const found = centres[stateCode]?.[city.toLowerCase()];
  return found && { latitude: found[0], longitude: found[1] };
}
