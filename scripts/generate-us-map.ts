/**
 * Writes the country map's state outlines as one SVG file that /all-states draws with `<use>`
 * (app/components/maps/us-states.generated.svg, not committed; an immutable asset once built), from the shapes
 * `npm run maps` wrote first:
 *
 *   npx vite-node --config vitest.config.ts scripts/generate-us-map.ts
 *
 * (vite-node, not tsx: the shapes module imports its file as `?raw`, as the server bundle does.)
 * A rerun on the same shapes leaves an unchanged file alone.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { usMapShapesSvg } from "../app/services/maps/maps.server";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = path.join(ROOT, "app/components/maps/us-states.generated.svg");

const text = usMapShapesSvg();
const previous = await readFile(OUTPUT, "utf8").catch(() => null);
if (previous !== text) await writeFile(OUTPUT, text);
console.log(
  `maps: ${path.relative(ROOT, OUTPUT)} ${previous !== text ? "written" : "unchanged"} (${(Buffer.byteLength(text) / 1024).toFixed(0)} KB)`,
);
