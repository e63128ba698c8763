import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * React Router's package points every import at its development build, which keeps its warnings; the browser
 * build gets its production build of the same version, 0.6 KB gzip less on every page (docs/decisions/031).
 * Both entry points the browser imports are mapped, so that one copy of the router is bundled.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, "node_modules/react-router/dist/production/index.mjs") },
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve(import.meta.dirname, "node_modules/react-router/dist/production/dom-export.mjs"),
  },
];

/** React, React DOM and React Router in one file every page shares and that changes only when they are upgraded. */
function frameworkChunk(id: string) {
  return /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id) ? "framework" : undefined;
}

/**
 * The icons' sprite is named in every icon of a page (`<use href="/assets/sprite-<hash>.svg#…">`, 50 to 110 times):
 * a short name, not its generated file's (issue #39). Every other asset keeps Vite's default name.
 */
function assetFileNames({ names }: { names: string[] }) {
  return names[0] === "sprite.generated.svg" ? "assets/sprite-[hash][extname]" : "assets/[name]-[hash][extname]";
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build's entry is our Express app, which embeds the React Router build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts", output: { assetFileNames } }, target: "node20" }
    : // Rollup's own chunking, with the framework in one file of its own (docs/decisions/038-icons-from-one-sprite.md).
      { rollupOptions: { output: { manualChunks: frameworkChunk, assetFileNames } } },
  ssr: {
    // Native and CommonJS-heavy packages stay external and load from node_modules at run time.
    external: ["better-sqlite3", "pg", "sharp", "pino", "zipcodes"],
  },
  // The browser build only: in `npm run dev` the server and the browser share one module graph.
  resolve: command === "build" && !isSsrBuild ? { alias: reactRouterProduction } : {},
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
