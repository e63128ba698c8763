/** What the benchmark scripts share: the build they measure, client addresses, the machine, BENCHMARKS.md. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BENCHMARKS_FILE = path.join(ROOT, "BENCHMARKS.md");

/** Runs `npm run build` when the production build the scripts measure is missing. */
export function buildIfNeeded() {
  if (fs.existsSync(path.join(ROOT, BUILD_DIR, "main.js"))) return;
  console.log(`no production build in ${BUILD_DIR}/: running npm run build`);
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/**
 * The server under measurement trusts its loopback proxy (TRUST_PROXY=loopback), so each request can say it
 * comes from a client address of its own in X-Forwarded-For: the per-address rate limits see many visitors
 * (as on the real site) instead of answering one busy client 429.
 */
export const TRUSTED_PROXY_ENV = { TRUST_PROXY: "loopback" } as const;

let nextClient = 0;
/** The next of `pool` private addresses (at most 65,536, in 10.0.0.0/16), round robin. */
export function nextClientAddress(pool = 65_536): string {
  const n = nextClient++ % Math.min(pool, 65_536);
  return `10.0.${n >> 8}.${n & 255}`;
}

/**
 * Waits until the server has worked off what a load left queued (the load generator stops sending, but many
 * connections' requests may still be waiting): three health checks in a row each answered within 50 ms.
 */
export async function settle(serverUrl: string) {
  let quick = 0;
  const until = Date.now() + 120_000;
  while (quick < 3 && Date.now() < until) {
    const started = performance.now();
    // A kept-alive connection the server closed meanwhile (KEEP_ALIVE_TIMEOUT) fails the check: it is tried again.
    const answered = await fetch(`${serverUrl}/healthz`).then(
      (response) => response.arrayBuffer().then(() => true),
      () => false,
    );
    quick = answered && performance.now() - started < 50 ? quick + 1 : 0;
  }
}

export function machineLine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");
  return `${os.availableParallelism()} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.type()} ${os.release()}, load average at the start ${load} (the machine is shared)`;
}

export const today = () => new Date().toISOString().slice(0, 10);

const INTRO = `# Benchmarks

Figures measured by the scripts in \`scripts/\` on the production build over loopback, each section
written by its script with the date, the machine and the command. The machines are noisy: compare
only figures taken in the same run. Targets are those of issues #13 and #39.
`;

/** Replaces (or adds) the section between \`<!-- name -->\` and \`<!-- /name -->\` in BENCHMARKS.md. */
export function writeBenchmarkSection(name: string, markdown: string) {
  const start = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const section = `${start}\n${markdown.trim()}\n${end}`;
  const current = fs.existsSync(BENCHMARKS_FILE) ? fs.readFileSync(BENCHMARKS_FILE, "utf8") : INTRO;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from ? current.slice(0, from) + section + current.slice(to + end.length) : `${current.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(BENCHMARKS_FILE, next);
  console.log(`wrote the "${name}" section of BENCHMARKS.md`);
}

/** A Markdown table. */
export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}
