import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Several builds can live side by side (e.g. one per test run) when BUILD_DIR names another folder.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Route middleware with a typed context: the signed-in admin is looked up once per request (docs/decisions/007).
  future: { v8_middleware: true },
} satisfies Config;
