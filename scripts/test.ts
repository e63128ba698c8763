/**
 * `npm test`: typecheck, lint, production build, then every test suite against that build. Ends with one
 * honest line, e.g. "tests: 120 passed, 0 failed, 0 skipped":
 * - failed counts every failed test, every failed hook or test file (a beforeAll or afterAll that threw,
 *   a file that could not load), every error outside a test, and every failed stage (typecheck, lint,
 *   format, build);
 * - skipped counts every planned test that did not run: skipped on purpose, left out after a failed hook,
 *   or never started because an earlier stage failed (then the planned tests are listed and counted).
 * On CI (CI=true) a skipped test fails the run: every suite, PostgreSQL's included, must run there.
 *
 * `npm test -- <files>` runs the stages and then only those test files: `*.spec.ts` files with
 * Playwright, the others with Vitest (a runner given no file does not run).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { staleBuild } from "./build-stamp";
import {
  playwrightCounts,
  slowestPlaywrightFiles,
  slowestVitestFiles,
  vitestCounts,
  type Counts,
  type FileTime,
  type PlaywrightReport,
  type ReadCounts,
  type VitestReport,
} from "./test-counts";

/** The slowest files, so that whoever makes the suite slower sees where. */
function printSlowest(label: string, files: FileTime[]) {
  if (files.length === 0) return;
  console.log(`\nSlowest ${label} files:`);
  for (const [file, seconds] of files) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
}

const RESULTS = "test-results";
fs.mkdirSync(RESULTS, { recursive: true });
const CI = process.env.CI === "true";
/**
 * `--no-stages`: leave out typecheck, lint and format, and build only when the sources changed since the last
 * build (its stamp, scripts/build-stamp.ts): for running one file again while working on it. CI never passes it.
 */
const noStages = process.argv.includes("--no-stages");
const files = process.argv.slice(2).filter((arg) => arg !== "--no-stages");
const playwrightFiles = files.filter((file) => file.endsWith(".spec.ts"));
const vitestFiles = files.filter((file) => !file.endsWith(".spec.ts"));
const runVitest = files.length === 0 || vitestFiles.length > 0;
const runPlaywright = files.length === 0 || playwrightFiles.length > 0;

function run(label: string, command: string, args: string[]) {
  const started = performance.now();
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`◀ ${label} ${result.status === 0 ? "ok" : "FAILED"} in ${seconds}s`);
  return result.status === 0;
}

function readJson<T>(file: string): T | undefined {
  if (!fs.existsSync(file)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** How many tests each runner would run, for the line's skipped count when a stage stops the run early. */
function plannedTests(): { vitest: number; playwright: number } {
  const vitestList = path.join(RESULTS, "vitest-list.json");
  fs.rmSync(vitestList, { force: true });
  if (runVitest) spawnSync("npx", ["vitest", "list", `--json=${vitestList}`, ...vitestFiles], { stdio: "ignore", env: process.env });
  const listed = runPlaywright
    ? spawnSync("npx", ["playwright", "test", "--list", "--reporter=json", ...playwrightFiles], {
        encoding: "utf8",
        env: process.env,
        maxBuffer: 64 * 1024 * 1024,
      })
    : { stdout: "" };
  let playwright = 0;
  try {
    playwright = (JSON.parse(listed.stdout) as PlaywrightReport).stats.skipped;
  } catch {
    // nothing listed
  }
  return { vitest: readJson<unknown[]>(vitestList)?.length ?? 0, playwright };
}

function main() {
  const vitestReport = path.join(RESULTS, "vitest.json");
  const playwrightReport = path.join(RESULTS, "playwright.json");
  for (const file of [vitestReport, playwrightReport]) fs.rmSync(file, { force: true });

  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  const add = (c: ReadCounts) => {
    counts.passed += c.passed;
    counts.failed += c.failed;
    counts.skipped += c.skipped;
    for (const note of c.notes) console.log(`✗ ${note}`);
  };

  const stale = noStages ? staleBuild(path.resolve(process.env.BUILD_DIR ?? "build")) : "always built";
  if (noStages) console.log(stale ? `The build is stale (${stale}): building.` : "The build is of these sources: not built again.");
  const stages: [string, string, string[]][] = [
    ...(noStages
      ? []
      : ([
          ["typecheck", "npx", ["react-router", "typegen"]],
          ["typecheck", "npx", ["tsc"]],
          ["lint", "npx", ["eslint", ".", "--max-warnings=0"]],
          ["format", "npx", ["prettier", "--check", "."]],
        ] as [string, string, string[]][])),
    ...(stale ? ([["build", "npm", ["run", "build"]]] as [string, string, string[]][]) : []),
  ];
  const failedStage = stages.find(([label, command, args]) => !run(label, command, args));

  if (failedStage) {
    // Nothing ran: every planned test counts as skipped, and the stage as a failure.
    counts.failed += 1;
    const planned = plannedTests();
    counts.skipped += planned.vitest + planned.playwright;
  } else {
    if (runVitest) {
      const ok = run("unit and integration tests", "npx", [
        "vitest",
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${vitestReport}`,
        ...vitestFiles,
      ]);
      const report = readJson<VitestReport>(vitestReport);
      if (report) printSlowest("Vitest", slowestVitestFiles(report, 10));
      const read = report ? vitestCounts(report) : undefined;
      if (read) add(read);
      // Vitest did not finish, or failed for a reason its report does not show.
      if (!read || (!ok && read.failed === 0)) counts.failed += 1;
    }
    if (runPlaywright) {
      const ok = run("end-to-end tests", "npx", ["playwright", "test", ...playwrightFiles]);
      const report = readJson<PlaywrightReport>(playwrightReport);
      if (report) printSlowest("Playwright", slowestPlaywrightFiles(report, 10));
      const read = report ? playwrightCounts(report) : undefined;
      if (read) add(read);
      if (!read || (!ok && read.failed === 0)) counts.failed += 1;
    }
  }

  console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  if (CI && counts.skipped > 0) console.log(`On CI every test must run: ${counts.skipped} did not.`);
  const ok = counts.failed === 0 && counts.passed > 0 && !(CI && counts.skipped > 0);
  process.exit(ok ? 0 : 1);
}

main();
