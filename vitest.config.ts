import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * The files whose assertions are about time or load, run one at a time after the rest so that no other
 * test file competes with them for the CPU: the cluster (changes seen on other servers within one second,
 * 20-second loads), cache invalidation within one second, the 50-visitor load, SIGKILL durability and
 * SIGTERM under load.
 */
const ALONE = [
  "tests/integration/scale.test.ts",
  "tests/integration/cache-invalidation.test.ts",
  "tests/integration/load.test.ts",
  "tests/integration/durability.test.ts",
  "tests/integration/graceful-shutdown.test.ts",
];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "parallel",
          include: [
            "app/**/*.test.ts",
            "scripts/**/*.test.ts",
            "sw/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/lint/**/*.test.ts",
          ],
          exclude: ALONE,
          // Two files at a time, on CI's two cores too: most integration files spend their time waiting for a
          // server they started, for PostgreSQL or for a job, and Vitest's default (one less than the cores) runs them one by one.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "alone",
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
