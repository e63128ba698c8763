import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { clientChunks } from "./client-chunks";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which embeds the React Router build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : // Public pages load a few scripts each instead of dozens (docs/decisions/025-fewer-script-files.md).
      { rollupOptions: { output: { manualChunks: clientChunks() } } },
  ssr: {
    // Native and CommonJS-heavy packages stay external and load from node_modules at run time.
    external: ["better-sqlite3", "pg", "sharp", "pino", "pino-http", "zipcodes"],
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
