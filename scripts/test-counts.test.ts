import { describe, expect, it } from "vitest";
import { playwrightCounts, slowestPlaywrightFiles, slowestVitestFiles, vitestCounts, type VitestReport } from "./test-counts";

const file = (name: string, status: string, tests: string[], message = ""): VitestReport["testResults"][number] => ({
  name: `/repo/${name}`,
  status,
  message,
  assertionResults: tests.map((s) => ({ status: s })),
});

describe("npm test's closing line", () => {
  it("counts passed, failed and skipped Vitest tests", () => {
    const counts = vitestCounts({
      numTotalTests: 5,
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [file("a.test.ts", "passed", ["passed", "passed", "skipped"]), file("b.test.ts", "failed", ["passed", "failed"])],
    });
    expect(counts).toEqual({ passed: 3, failed: 1, skipped: 1, notes: [] });
  });

  it("counts a failed beforeAll as a failure and the tests it kept from running as skipped", () => {
    // What Vitest 4 reports when a beforeAll throws: the file failed, its tests "skipped", nothing failed.
    const counts = vitestCounts({
      numTotalTests: 8,
      numPassedTests: 0,
      numFailedTests: 0,
      testResults: [file("settings.test.ts", "failed", Array(8).fill("skipped"), "Error: connect ECONNREFUSED 127.0.0.1:5432\n    at ...")],
    });
    expect(counts.failed).toBe(1);
    expect(counts.skipped).toBe(8);
    expect(counts.passed).toBe(0);
    expect(counts.notes).toEqual([expect.stringContaining("a hook or the file itself failed: Error: connect ECONNREFUSED")]);
  });

  it("counts a file that could not load (no tests at all) as a failure", () => {
    const counts = vitestCounts({
      numTotalTests: 0,
      numPassedTests: 0,
      numFailedTests: 0,
      testResults: [file("broken.test.ts", "failed", [], "SyntaxError")],
    });
    expect(counts).toMatchObject({ passed: 0, failed: 1, skipped: 0 });
  });

  it("counts Playwright's unexpected and flaky tests and errors outside tests as failures, and its skipped tests", () => {
    expect(
      playwrightCounts({ stats: { expected: 170, unexpected: 2, flaky: 1, skipped: 2 }, errors: [{ message: "worker crashed\nstack" }] }),
    ).toEqual({
      passed: 170,
      failed: 4,
      skipped: 2,
      notes: ["Playwright: worker crashed"],
    });
  });

  it("names the slowest files of each runner, slowest first", () => {
    const timed = (name: string, seconds: number) => ({
      ...file(name, "passed", ["passed"]),
      startTime: 1_000,
      endTime: 1_000 + seconds * 1000,
    });
    const vitest = slowestVitestFiles(
      {
        numTotalTests: 3,
        numPassedTests: 3,
        numFailedTests: 0,
        testResults: [timed("a.test.ts", 2), timed("b.test.ts", 30), timed("c.test.ts", 5)],
      },
      2,
    );
    expect(vitest.map(([name, seconds]) => [name.endsWith("b.test.ts") ? "b" : name.endsWith("c.test.ts") ? "c" : name, seconds])).toEqual([
      ["b", 30],
      ["c", 5],
    ]);
    const result = (ms: number) => ({ tests: [{ results: [{ duration: ms }] }] });
    expect(
      slowestPlaywrightFiles(
        {
          stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 },
          suites: [
            { file: "home.spec.ts", specs: [result(1_000)], suites: [{ specs: [result(2_500)] }] },
            { file: "admin.spec.ts", specs: [result(9_000)] },
          ],
        },
        5,
      ),
    ).toEqual([
      ["admin.spec.ts", 9],
      ["home.spec.ts", 3.5],
    ]);
  });
});
