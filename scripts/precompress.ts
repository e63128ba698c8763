/**
 * `tsx scripts/precompress.ts <client build dir>` (the last step of `npm run build`): writes `name.br` and
 * `name.gz` beside every text file of the client build (scripts, styles, SVG, JSON...), at the highest
 * settings, once. The server sends them as they are (server/static-files.ts), so no request pays for
 * compressing a static file. A variant that would not be smaller than its original is not written.
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PRECOMPRESSED_EXTENSIONS } from "../server/static-files";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller files gain nothing worth a second file: their headers cost about as much. */
const MIN_BYTES = 512;

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error(`usage: tsx scripts/precompress.ts <client build dir> (${dir ?? "none"} does not exist)`);
  process.exit(1);
}

const files = fs
  .readdirSync(dir, { recursive: true, encoding: "utf8" })
  .map((name) => path.join(dir, name))
  .filter((file) => PRECOMPRESSED_EXTENSIONS.has(path.extname(file)) && fs.statSync(file).isFile());

let before = 0;
let afterBrotli = 0;
let written = 0;
for (const file of files) {
  const original = fs.readFileSync(file);
  before += original.length;
  if (original.length < MIN_BYTES) {
    afterBrotli += original.length;
    continue;
  }
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  for (const [variant, suffix] of [
    [br, ".br"],
    [gz, ".gz"],
  ] as const) {
    if (variant.length < original.length) {
      fs.writeFileSync(file + suffix, variant);
      written++;
    } else {
      fs.rmSync(file + suffix, { force: true });
    }
  }
  afterBrotli += Math.min(br.length, original.length);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`precompressed ${files.length} files (${written} variants): ${kb(before)} → ${kb(afterBrotli)} with brotli`);
