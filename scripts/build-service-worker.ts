/**
 * `tsx scripts/build-service-worker.ts <build folder>` (part of `npm run build`, after the client's build and before
 * the precompression): writes `client/offline.html` and bundles sw/worker.ts into `client/sw.js` with esbuild, its
 * precache list put in (docs/decisions/046-offline-service-worker.md):
 * - every file of `client/assets` (scripts, the stylesheet, the heading font, the icons' sprite) but the scripts
 *   only the admin's pages load (the React Router manifest says which routes import what);
 * - the offline page, /saved, the web app manifest, its icons and the favicon, each with the hash of its content (or,
 *   for /saved, which the server renders with this build's assets, the build's id).
 * The build's id is the hash of that list: a new build's worker, a byte different, replaces the old one.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { build } from "esbuild";

interface RouteManifest {
  version: string;
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, { id: string; module: string; imports?: string[]; css?: string[] }>;
}

const hash = (data: Buffer | string) => crypto.createHash("sha256").update(data).digest("hex").slice(0, 16);

/** The React Router manifest the client build wrote (`window.__reactRouterManifest=…`). */
function readRouteManifest(assets: string): { url: string; manifest: RouteManifest } {
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const sandbox = { window: {} as { __reactRouterManifest?: RouteManifest } };
  vm.runInNewContext(fs.readFileSync(path.join(assets, file), "utf8"), sandbox);
  if (!sandbox.window.__reactRouterManifest) throw new Error(`${file} holds no manifest`);
  return { url: `/assets/${file}`, manifest: sandbox.window.__reactRouterManifest };
}

/** The assets only the admin's routes import: left to the worker's runtime cache, never precached. */
function adminOnlyAssets(manifest: RouteManifest): Set<string> {
  const admin = new Set<string>();
  const elsewhere = new Set<string>([manifest.entry.module, ...manifest.entry.imports, ...manifest.entry.css]);
  for (const route of Object.values(manifest.routes)) {
    const files = [route.module, ...(route.imports ?? []), ...(route.css ?? [])];
    for (const file of files) (route.id.startsWith("routes/admin/") ? admin : elsewhere).add(file);
  }
  return new Set([...admin].filter((file) => !elsewhere.has(file)));
}

/**
 * The page shown for an address never seen while offline. It has no script (the worker serves it with a policy
 * that allows none): the worker writes the saved suppliers' links in place of `<!--saved-->`.
 */
function offlineHtml(stylesheet: string, font: string | undefined): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#be123c">
<title>You are offline | Wholesale Flower Finder</title>
${font ? `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin="anonymous">\n` : ""}<link rel="stylesheet" href="${stylesheet}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main id="main" class="mx-auto max-w-2xl px-6 py-24">
<p class="text-sm font-semibold uppercase tracking-wide text-rose-brand">Wholesale Flower Finder</p>
<h1 class="mt-2 font-serif text-4xl font-semibold">You are offline</h1>
<p class="mt-4 text-muted">This page was not saved on this device. It will open once you have a signal again.</p>
<h2 class="mt-10 font-serif text-2xl font-semibold">Your saved suppliers</h2>
<!--saved-->
<p class="mt-10"><a class="font-medium text-rose-brand underline" href="/saved">All saved suppliers</a> · <a class="font-medium text-rose-brand underline" href="/">Home</a></p>
</main>
</body>
</html>
`;
}

async function main() {
  const buildDir = process.argv[2];
  if (!buildDir) throw new Error("usage: tsx scripts/build-service-worker.ts <build folder>");
  const client = path.join(buildDir, "client");
  const assets = path.join(client, "assets");
  const { url: manifestUrl, manifest } = readRouteManifest(assets);
  const adminOnly = adminOnlyAssets(manifest);

  const precached: { url: string; revision: string | null }[] = [];
  for (const name of fs.readdirSync(assets).sort()) {
    if (name.endsWith(".br") || name.endsWith(".gz")) continue;
    const url = `/assets/${name}`;
    // Hashed names: the name is the revision.
    if (!adminOnly.has(url)) precached.push({ url, revision: null });
  }
  const stylesheet = manifest.routes.root?.css?.[0];
  if (!stylesheet) throw new Error("the root route has no stylesheet");
  const font = precached.find((entry) => /\/fraunces-latin-600-normal-[\w-]+\.woff2$/.test(entry.url))?.url;
  const offline = offlineHtml(stylesheet, font);
  fs.writeFileSync(path.join(client, "offline.html"), offline);
  precached.push({ url: "/offline.html", revision: hash(offline) });
  for (const file of ["manifest.json", "favicon.svg", "icons/icon-192.png", "icons/icon-512.png"]) {
    precached.push({ url: `/${file}`, revision: hash(fs.readFileSync(path.join(client, file))) });
  }
  const buildId = hash(JSON.stringify(precached));
  // The server renders /saved with this build's assets: it is this build's.
  precached.push({ url: "/saved", revision: buildId });

  const result = await build({
    entryPoints: [path.resolve("sw/worker.ts")],
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    outfile: path.join(client, "sw.js"),
    define: {
      __PRECACHE_MANIFEST__: JSON.stringify(precached),
      __BUILD_ID__: JSON.stringify(buildId),
      // Offline, the worker answers React Router's route discovery from this precached file (sw/worker.ts).
      __ROUTE_MANIFEST__: JSON.stringify({ url: manifestUrl, version: manifest.version }),
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
    legalComments: "none",
    logLevel: "warning",
  });
  if (result.errors.length > 0) throw new Error("the service worker did not build");
  const bytes = fs.statSync(path.join(client, "sw.js")).size;
  const precachedBytes = precached.reduce((sum, { url }) => {
    const file = path.join(client, url.replace(/^\//, ""));
    return sum + (fs.existsSync(file) ? fs.statSync(file).size : 0);
  }, 0);
  console.log(
    `service worker: sw.js ${bytes} bytes, build ${buildId}, ${precached.length} files precached (${Math.round(precachedBytes / 1024)} KB before compression), ${adminOnly.size} admin-only left out`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
