import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Several builds can live side by side (e.g. one per test run) when BUILD_DIR names another folder.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
