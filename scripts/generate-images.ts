/**
 * Generates the site's local illustrations as WebP files (no network, no fonts, no text).
 *
 *   npx tsx scripts/generate-images.ts
 *
 * Every picture is drawn from code as SVG (flowers, leaves, vases, buckets, fields...) and
 * rendered with sharp. Flowers, colours and layout details derive from the file name
 * (keywords such as "tulip" or "wedding" first, then a hash). Within the blog and festival
 * sets, composition and palette are also balanced across the set so a grid of cards looks
 * varied. Card images (blog, festivals, the default photo) are also written 400 and 800 px wide
 * beside the 1200 px file ("<name>-400.webp", "<name>-800.webp"), for srcset. Reruns on the
 * same data produce byte-identical files; unchanged files are not rewritten. `/favicon.ico` and the installed app's
 * icons (`/icons/*.png`) are drawn from public/favicon.svg (scripts/favicon-ico.ts, scripts/app-icons.ts).
 *
 * The drawing lives in scripts/images/: shared helpers (random, color, palettes, svg, geometry), flowers and
 * greenery (petals, heads*, foliage, vessels), what a picture shows (keywords, plan, scene), one module per
 * family of pictures (bouquets, market, flat-lay, wreaths, fields with countryside and landmarks), render
 * (a file name to SVG) and output (the jobs and their files).
 */
import { realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { APP_ICONS, appIcon } from "./app-icons";
import { faviconIco } from "./favicon-ico";
import { collectJobs, PUBLIC_DIR, runAll, runJob, writeIfChanged } from "./images/output";

export { assignLooks } from "./images/plan";
export { renderSvg } from "./images/render";

async function main(): Promise<void> {
  const started = performance.now();
  const jobs = await collectJobs();
  const results = (await runAll(jobs, Math.max(2, availableParallelism()), runJob)).flat();
  const favicon = await readFile(path.join(PUBLIC_DIR, "favicon.svg"));
  results.push(await writeIfChanged("favicon.ico", await faviconIco(favicon)));
  // The installed app's icons (scripts/app-icons.ts, public/manifest.json).
  for (const icon of APP_ICONS) results.push(await writeIfChanged(icon.file, await appIcon(favicon, icon)));
  const bytes = results.reduce((sum, r) => sum + r.bytes, 0);
  const written = results.filter((r) => r.written).length;
  const elapsed = Math.round(performance.now() - started);
  const unchanged = results.length - written;
  console.log(
    `generated ${results.length} images (${written} written, ${unchanged} unchanged), ${bytes} bytes total (${Math.round(bytes / 1024)} KB), ${elapsed} ms`,
  );
}

/** True when run as a script (not imported, e.g. by a preview tool). */
function invokedDirectly(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(path.resolve(entry)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
