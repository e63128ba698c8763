import { afterAll, afterEach, vi } from "vitest";
import { assertNoUnexpectedServerLogs } from "./server";

// An error logged during a test is a failure the assertions did not catch.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const logged = errors;
  errors = [];
  vi.restoreAllMocks();
  if (logged.length > 0) throw new Error(`console.error was called during the test: ${String(logged[0]?.[0])}`);
  // So is a warning, an error or a 5xx that a server under test logged (unless the test expected it).
  assertNoUnexpectedServerLogs();
});

// Servers stopped in a suite's afterAll are judged on what they logged on their way out too.
afterAll(() => assertNoUnexpectedServerLogs());
