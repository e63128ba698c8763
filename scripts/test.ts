/**
 * `npm test`: typecheck, lint, production build, then every test suite against that build. Ends with one
 * honest line, e.g. "tests: 120 passed, 0 failed, 0 skipped":
 * - failed counts every failed test, every failed hook or test file (a beforeAll or afterAll that threw,
 *   a file that could not load), every error outside a test, and every failed stage (typecheck, lint, build);
 * - skipped counts every planned test that did not run: skipped on purpose, left out after a failed hook,
 *   or never started because an earlier stage failed (then the planned tests are listed and counted).
 * On CI (CI=true) a skipped test fails the run: every suite, PostgreSQL's included, must run there.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const RESULTS = "test-results";
fs.mkdirSync(RESULTS, { recursive: true });
const CI = process.env.CI === "true";

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
  skipped: number;
}

interface VitestReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
}

/** Vitest's JSON report, with a failed file or hook (whose tests Vitest marks skipped) counted as a failure. */
function vitestCounts(report: VitestReport): Counts {
  const brokenFiles = report.testResults.filter((file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"));
  for (const file of brokenFiles) console.log(`✗ ${path.relative(process.cwd(), file.name)}: a hook or the file itself failed${file.message ? `: ${file.message.split("\n")[0]}` : ""}`);
  const passed = report.numPassedTests;
  const failed = report.numFailedTests + brokenFiles.length;
  return { passed, failed, skipped: report.numTotalTests - report.numPassedTests - report.numFailedTests };
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: { message?: string }[];
}

/** Playwright's JSON report; a flaky test (passed only on a retry) and an error outside any test are failures. */
function playwrightCounts(report: PlaywrightReport): Counts {
  const errors = report.errors ?? [];
  for (const error of errors) console.log(`✗ Playwright: ${String(error.message ?? "error outside a test").split("\n")[0]}`);
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky + errors.length,
    skipped: report.stats.skipped,
  };
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
  spawnSync("npx", ["vitest", "list", `--json=${vitestList}`], { stdio: "ignore", env: process.env });
  const listed = spawnSync("npx", ["playwright", "test", "--list", "--reporter=json"], { encoding: "utf8", env: process.env, maxBuffer: 64 * 1024 * 1024 });
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
  const add = (c: Counts) => {
    counts.passed += c.passed;
    counts.failed += c.failed;
    counts.skipped += c.skipped;
  };

  const stages: [string, string, string[]][] = [
    ["typecheck", "npx", ["react-router", "typegen"]],
    ["typecheck", "npx", ["tsc"]],
    ["lint", "npx", ["eslint", ".", "--max-warnings=0"]],
    ["build", "npm", ["run", "build"]],
  ];
  const failedStage = stages.find(([label, command, args]) => !run(label, command, args));

  if (failedStage) {
    // Nothing ran: every planned test counts as skipped, and the stage as a failure.
    counts.failed += 1;
    const planned = plannedTests();
    counts.skipped += planned.vitest + planned.playwright;
  } else {
    const vitestOk = run("unit and integration tests", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
    const vitest = readJson<VitestReport>(vitestReport);
    const fromVitest = vitest ? vitestCounts(vitest) : undefined;
    if (fromVitest) add(fromVitest);
    // Vitest did not finish, or failed for a reason its report does not show.
    if (!fromVitest || (!vitestOk && fromVitest.failed === 0)) counts.failed += 1;

    const playwrightOk = run("end-to-end tests", "npx", ["playwright", "test"]);
    const playwright = readJson<PlaywrightReport>(playwrightReport);
    const fromPlaywright = playwright ? playwrightCounts(playwright) : undefined;
    if (fromPlaywright) add(fromPlaywright);
    if (!fromPlaywright || (!playwrightOk && fromPlaywright.failed === 0)) counts.failed += 1;
  }

  console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  if (CI && counts.skipped > 0) console.log(`On CI every test must run: ${counts.skipped} did not.`);
  const ok = counts.failed === 0 && counts.passed > 0 && !(CI && counts.skipped > 0);
  process.exit(ok ? 0 : 1);
}

main();
