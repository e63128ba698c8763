/**
 * `npm run icons` (part of build and dev): writes app/components/icons/sprite.generated.svg, one `<symbol>` for
 * each icon of app/components/icons/names.ts, drawn from lucide-react's own data for that icon (its shapes, as
 * lucide-react would render them). The app imports the file with `?url`, so the build gives it a hashed,
 * immutable name (docs/decisions/038-icons-from-one-sprite.md).
 */
import fs from "node:fs";
import path from "node:path";
import { ICON_NAMES } from "../app/components/icons/names";

type IconNode = [tag: string, attributes: Record<string, string | number>][];

const OUTPUT = path.resolve(import.meta.dirname, "../app/components/icons/sprite.generated.svg");
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** One shape as SVG markup; lucide's `key` is React's, not an attribute. */
function shapeMarkup([tag, attributes]: IconNode[number]) {
  const written = Object.entries(attributes)
    .filter(([name]) => name !== "key")
    .map(([name, value]) => ` ${name}="${String(value).replace(/[&<>"]/g, (character) => XML_ESCAPES[character] ?? character)}"`);
  return `<${tag}${written.join("")}/>`;
}

async function main() {
  const symbols: string[] = [];
  for (const name of ICON_NAMES) {
    const module = (await import(`lucide-react/icons/${name}`)) as { __iconData?: { name: string; node: IconNode } };
    if (module.__iconData?.name !== name) throw new Error(`lucide-react has no icon named "${name}" (app/components/icons/names.ts)`);
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${module.__iconData.node.map(shapeMarkup).join("")}</symbol>`);
  }
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
  // Unchanged sprites are not rewritten, so that `npm run dev` does not reload for nothing.
  if (fs.existsSync(OUTPUT) && fs.readFileSync(OUTPUT, "utf8") === sprite) return;
  fs.writeFileSync(OUTPUT, sprite);
  console.log(`icons: ${ICON_NAMES.length} symbols, ${sprite.length} bytes, in ${path.relative(process.cwd(), OUTPUT)}`);
}

await main();
