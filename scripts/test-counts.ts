/** How `npm test` (scripts/test.ts) reads each runner's JSON report into its closing line's counts. */
import path from "node:path";

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Counts, and a line for each failure that no failed test shows (a hook, a file, an error outside tests). */
export interface ReadCounts extends Counts {
  notes: string[];
}

export interface VitestReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    startTime?: number;
    endTime?: number;
    assertionResults: { status: string }[];
  }[];
}

/**
 * Vitest's JSON report. A file that failed without a failed test (a beforeAll or afterAll that threw, a
 * file that could not load) is one failure; the tests it left out (Vitest marks them skipped) are skipped.
 */
export function vitestCounts(report: VitestReport): ReadCounts {
  const broken = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  );
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + broken.length,
    skipped: report.numTotalTests - report.numPassedTests - report.numFailedTests,
    notes: broken.map(
      (file) =>
        `${path.relative(process.cwd(), file.name)}: a hook or the file itself failed${file.message ? `: ${file.message.split("\n")[0]}` : ""}`,
    ),
  };
}

export interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { tests: { results: { duration: number }[] }[] }[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}

/** A file and the seconds its tests took. */
export type FileTime = [file: string, seconds: number];

const slowest = (times: Map<string, number>, count: number): FileTime[] => [...times].sort((a, b) => b[1] - a[1]).slice(0, count);

/** The `count` Vitest files that took longest, from the start of their first test to the end of their last. */
export function slowestVitestFiles(report: VitestReport, count: number): FileTime[] {
  const times = new Map<string, number>();
  for (const file of report.testResults) {
    if (file.startTime !== undefined && file.endTime !== undefined)
      times.set(path.relative(process.cwd(), file.name), (file.endTime - file.startTime) / 1000);
  }
  return slowest(times, count);
}

/** The `count` Playwright files whose tests took longest in all (summed over workers, retries included). */
export function slowestPlaywrightFiles(report: PlaywrightReport, count: number): FileTime[] {
  const times = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, file: string | undefined) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests)
        for (const result of test.results) if (name) times.set(name, (times.get(name) ?? 0) + result.duration / 1000);
    }
    for (const child of suite.suites ?? []) walk(child, name);
  };
  for (const suite of report.suites ?? []) walk(suite, undefined);
  return slowest(times, count);
}

/** Playwright's JSON report; a flaky test (passed only on a retry) and an error outside any test are failures. */
export function playwrightCounts(report: PlaywrightReport): ReadCounts {
  const errors = report.errors ?? [];
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky + errors.length,
    skipped: report.stats.skipped,
    notes: errors.map((error) => `Playwright: ${String(error.message ?? "error outside a test").split("\n")[0]}`),
  };
}
