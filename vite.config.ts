import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { clientChunks } from "./client-chunks";

/**
 * lucide-react's icon modules each import `../createLucideIcon.mjs`; they get ours instead, which renders the
 * same `<svg>` with less work per render (app/components/icons/lucide-icon.ts, docs/decisions/027).
 */
function lucideIconFactory(): Plugin {
  const factory = path.resolve(import.meta.dirname, "app/components/icons/lucide-icon.ts");
  const lucideIcon = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
  return {
    name: "lucide-icon-factory",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && lucideIcon.test(importer)) return factory;
      return null;
    },
    // A lucide-react whose icon modules no longer import it so would otherwise silently use its own factory again.
    transform(code, id) {
      if (lucideIcon.test(id) && code.includes("createLucideIcon(") && !code.includes("../createLucideIcon.mjs")) {
        this.error(`${id} does not import ../createLucideIcon.mjs: lucideIconFactory in vite.config.ts needs updating`);
      }
      return null;
    },
  };
}

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

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build's entry is our Express app, which embeds the React Router build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : // Public pages load a few scripts each instead of dozens (docs/decisions/025-fewer-script-files.md).
      { rollupOptions: { output: { manualChunks: clientChunks() } } },
  ssr: {
    // Native and CommonJS-heavy packages stay external and load from node_modules at run time.
    external: ["better-sqlite3", "pg", "sharp", "pino", "zipcodes"],
    // Bundled, so that its icons render through lucideIconFactory on the server as in the browser.
    noExternal: ["lucide-react"],
  },
  // The browser build only: in `npm run dev` the server and the browser share one module graph.
  resolve: command === "build" && !isSsrBuild ? { alias: reactRouterProduction } : {},
  plugins: [lucideIconFactory(), tailwindcss(), reactRouter(), tsconfigPaths()],
}));
