/**
 * The build's stamp: a hash of every source the production build is made from, written into the build folder as
 * `source-hash` when `npm run build` ends. `npm test -- --no-stages` rebuilds only when the sources' hash differs,
 * and tests/support/server.ts refuses to start a build whose stamp is not the sources' (a test would otherwise run
 * an older build without a word).
 *
 * `tsx scripts/build-stamp.ts write <build folder>` writes it; `tsx scripts/build-stamp.ts check <build folder>`
 * exits 0 when the build is current and 1 (saying why) when it is not.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What the build reads: the app, the server, the public files, the build's own scripts and configuration. */
const SOURCE_FOLDERS = ["app", "server", "public", "scripts/images", "sw"];
const SOURCE_FILES = [
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/generate-images.ts",
  "scripts/generate-maps.ts",
  "scripts/generate-us-map.ts",
  "scripts/favicon-ico.ts",
  "scripts/app-icons.ts",
  "scripts/build-service-worker.ts",
  "scripts/precompress.ts",
  "scripts/icon-sprite.ts",
];
/** Written by the build itself, or by tests: never an input. */
const IGNORED = [
  /\.test\.tsx?$/,
  /(^|\/)\.react-router\//,
  /\.generated\.(json|svg)$/,
  /^public\/images\//,
  /^public\/favicon\.ico$/,
  /^public\/icons\//,
];

export const STAMP_FILE = "source-hash";

function sourceFiles(root: string): string[] {
  const files = SOURCE_FILES.filter((file) => fs.existsSync(path.join(root, file)));
  for (const folder of SOURCE_FOLDERS) {
    if (!fs.existsSync(path.join(root, folder))) continue;
    for (const entry of fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      if (!IGNORED.some((pattern) => pattern.test(file))) files.push(file);
    }
  }
  return files.sort();
}

/** The hash of the sources as they are now (of the project at `root`). */
export function sourceHash(root: string = ROOT): string {
  const hash = crypto.createHash("sha256");
  for (const file of sourceFiles(root))
    hash
      .update(file)
      .update("\0")
      .update(fs.readFileSync(path.join(root, file)))
      .update("\0");
  return hash.digest("hex");
}

/** Why the build in `buildDir` is not of the sources as they are, or undefined when it is. */
export function staleBuild(buildDir: string): string | undefined {
  const stamp = path.join(buildDir, STAMP_FILE);
  if (!fs.existsSync(stamp)) return `${buildDir} has no ${STAMP_FILE}: it is not a finished build (run npm run build)`;
  if (fs.readFileSync(stamp, "utf8").trim() !== sourceHash())
    return `${buildDir} was built from other sources than these: run npm run build`;
  return undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, buildDir = "build"] = process.argv.slice(2);
  const dir = path.resolve(ROOT, buildDir);
  if (command === "write") {
    fs.writeFileSync(path.join(dir, STAMP_FILE), `${sourceHash()}\n`);
  } else if (command === "check") {
    const reason = staleBuild(dir);
    if (reason) {
      console.log(reason);
      process.exit(1);
    }
  } else {
    console.error("Usage: tsx scripts/build-stamp.ts write|check [build folder]");
    process.exit(2);
  }
}
