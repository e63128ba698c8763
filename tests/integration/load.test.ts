import { expect, it } from "vitest";
import { describeLoadResult, runLoadTest } from "../../scripts/test-load";

/**
 * The functional form of `npm run test:load` (60 s after warm-ups until memory is steady): 50 visitors for 10
 * seconds, every answer 2xx, every acknowledged subscription stored, nothing logged. Whether memory holds steady
 * is a measurement, not a function: `npm run test:load` checks it (BENCHMARKS.md keeps its figures).
 */
const OPTIONS = { seconds: 10, connections: 50, warmUpSeconds: 0, warmUpRounds: 0, memory: false };

it("serves 50 visitors at once for 10 seconds with no failed request, no 5xx and every acknowledged subscription stored", async () => {
  const result = await runLoadTest(OPTIONS);
  console.log(describeLoadResult(result, OPTIONS));
  expect(result.failures).toEqual([]);
  expect(result.run.requests).toBeGreaterThan(0);
  expect(result.run.acknowledgedSubscriptions).toBeGreaterThan(0);
}, 120_000);
