/**
 * `npm test`: typecheck, lint, production build, then every test suite against that build. Ends with
 * one line that counts the tests, e.g. "tests: 120 passed, 0 failed".
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const RESULTS = "test-results";
fs.mkdirSync(RESULTS, { recursive: true });

function run(label: string, command: string, args: string[]) {
  const started = performance.now();
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`◀ ${label} ${result.status === 0 ? "ok" : "FAILED"} in ${seconds}s`);
  return result.status === 0;
}

interface Counts {
  passed: number;
  failed: number;
}

function vitestCounts(file: string): Counts | undefined {
  if (!fs.existsSync(file)) return undefined;
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function playwrightCounts(file: string): Counts | undefined {
  if (!fs.existsSync(file)) return undefined;
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number } };
  return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky };
}

const vitestReport = path.join(RESULTS, "vitest.json");
const playwrightReport = path.join(RESULTS, "playwright.json");
for (const file of [vitestReport, playwrightReport]) fs.rmSync(file, { force: true });

const npx = "npx";
let ok =
  run("typecheck", npx, ["react-router", "typegen"]) &&
  run("typecheck", npx, ["tsc"]) &&
  run("lint", npx, ["eslint", ".", "--max-warnings=0"]) &&
  run("build", "npm", ["run", "build"]);

const counts: Counts = { passed: 0, failed: 0 };
if (ok) {
  ok = run("unit and integration tests", npx, ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]) && ok;
  const hasE2e = fs.existsSync("tests/e2e") && fs.readdirSync("tests/e2e").some((f) => f.endsWith(".spec.ts"));
  if (hasE2e) ok = run("end-to-end tests", npx, ["playwright", "test"]) && ok;
  for (const c of [vitestCounts(vitestReport), playwrightCounts(playwrightReport)]) {
    if (!c) continue;
    counts.passed += c.passed;
    counts.failed += c.failed;
  }
}

console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(ok && counts.failed === 0 && counts.passed > 0 ? 0 : 1);
