import { expect, it } from "vitest";
import { describeLoadResult, runLoadTest } from "../../scripts/test-load";

// The CI form of `npm run test:load` (60 s): the same checks over 10 seconds after one 10-second warm-up.
const OPTIONS = { seconds: 10, connections: 50, warmUpSeconds: 10, warmUpRounds: 1 };

it("serves 50 visitors at once for 10 seconds with no failed request, no 5xx, every acknowledged subscription stored and memory steady", async () => {
  const result = await runLoadTest(OPTIONS);
  console.log(describeLoadResult(result, OPTIONS));
  expect(result.failures).toEqual([]);
  expect(result.run.requests).toBeGreaterThan(0);
}, 120_000);
