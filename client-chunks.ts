import fs from "node:fs";
import path from "node:path";
import type { GetManualChunk, ManualChunkMeta } from "rollup";

/**
 * How the browser build groups modules into files (docs/decisions/025-fewer-script-files.md).
 *
 * Rollup's default makes a chunk of the modules each set of entry points shares, so a public page loaded 19 to
 * 40 scripts, many of a few hundred bytes (every lucide icon was one). Over HTTP/1.1 a phone fetches six at a
 * time, each a round trip, beside the page's main image. Here a public page loads five to eight:
 * - the entry: React DOM's client and its scheduler, which React Router's inline script imports with
 *   `import()` after the route modules, so that they are evaluated in a task of their own;
 * - `base`: React, React Router and everything the root and the public layout import (header, footer,
 *   `cn()`, the modal, the toasts), which every page needs;
 * - `public`: every module that two or more public routes import, beyond the base;
 * - the root's, the layout's and the page's route modules, each with what only it imports.
 * What one public route and an admin page or a lazily loaded widget share still gets a chunk of its own;
 * admin-only modules and modules loaded with `import()` (the calendar, the report dialog, the location
 * results, the toaster) are split as Rollup does by default.
 */

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router)[\\/]/;
const REACT_DOM_CLIENT = /[\\/]node_modules[\\/](react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.)|scheduler[\\/])/;
/** Rollup's helpers for CommonJS modules (React's) and Vite's for `import()` with preloads: tiny, needed by React. */
const HELPERS = ["\0commonjsHelpers", "\0vite/preload-helper"];
const STYLESHEET = /\.css($|\?)/;
const ROOT_FILE = /[\\/]app[\\/]root\.tsx$/;
/** The browser build's route modules, as React Router names them. */
const CLIENT_ROUTE = /[\\/]app[\\/](root|routes[\\/]public[\\/][^\\/?]+)\.tsx\?__react-router-build-client-route$/;
const SHELL_ROUTE = /[\\/]app[\\/](root|routes[\\/]public[\\/]layout)\.tsx\?/;
const LUCIDE_BARREL = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const LUCIDE_IMPORT = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const LUCIDE_OTHER_IMPORT = /^\s*(?:import|export)\s+(?:\*\s+as\s+[\w$]+|[\w$]+)\s*(?:,\s*\{[^}]*\})?\s*from\s*["']lucide-react["']/m;

/**
 * Lucide's index re-exports all of its icons, so following its imports would count every icon as used by
 * every page that shows one. The icons a module names are read from its import statements instead and
 * mapped to their own modules with the index's `export { default as Name } from './icons/name.mjs'` lines.
 */
function lucideIcons(barrelId: string) {
  const byName = new Map<string, string>();
  const source = fs.readFileSync(barrelId, "utf8");
  for (const [, names = "", file = ""] of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g)) {
    const id = path.resolve(path.dirname(barrelId), file);
    for (const [, name] of names.matchAll(/default as ([\w$]+)/g)) if (name) byName.set(name, id);
  }
  return (importer: string, code: string) => {
    if (LUCIDE_OTHER_IMPORT.test(code))
      throw new Error(`${importer}: import lucide-react's icons by name, as import { Name } from "lucide-react"`);
    const ids: string[] = [];
    for (const [, list = ""] of code.matchAll(LUCIDE_IMPORT)) {
      for (const specifier of list.split(",")) {
        const name = specifier.trim().split(/\s+as\s+/)[0];
        if (!name || name === "type") continue;
        const id = byName.get(name);
        if (id) ids.push(id); // not an icon (LucideProps, createLucideIcon...): the runtime, reached through the icons
      }
    }
    return ids;
  };
}

export function clientChunks(): GetManualChunk {
  /** What the root and the public layout import; `routesUsing`: how many other public routes import each module. */
  let shell: Set<string> | undefined;
  const routesUsing = new Map<string, number>();

  function analyse({ getModuleIds, getModuleInfo }: ManualChunkMeta) {
    let iconsOf: ReturnType<typeof lucideIcons> | undefined;
    const closure = (entry: string) => {
      const seen = new Set<string>();
      const stack = [entry];
      while (stack.length) {
        const id = stack.pop() as string;
        if (seen.has(id)) continue;
        seen.add(id);
        const info = getModuleInfo(id);
        for (const next of info?.importedIds ?? []) {
          if (LUCIDE_BARREL.test(next)) {
            iconsOf ??= lucideIcons(next);
            stack.push(...iconsOf(id, info?.code ?? ""));
          } else stack.push(next);
        }
      }
      return seen;
    };
    shell = new Set();
    for (const id of getModuleIds()) {
      if (!CLIENT_ROUTE.test(id)) continue;
      const modules = closure(id);
      if (SHELL_ROUTE.test(id)) for (const module of modules) shell.add(module);
      else for (const module of modules) routesUsing.set(module, (routesUsing.get(module) ?? 0) + 1);
    }
  }

  return (id, meta) => {
    // The root's own module stays in the root route's file, and with it the stylesheet it imports: as CSS of a
    // chunk the entry imports, React Router would link it as the entry's, with a "#" after its address.
    if (REACT_DOM_CLIENT.test(id) || ROOT_FILE.test(id) || STYLESHEET.test(id)) return undefined;
    if (FRAMEWORK.test(id) || HELPERS.some((helper) => id.startsWith(helper))) return "base";
    if (CLIENT_ROUTE.test(id)) return undefined;
    if (!shell) analyse(meta);
    if (shell?.has(id)) return "base";
    const routes = routesUsing.get(id) ?? 0;
    if (routes >= 2 || (routes === 1 && LUCIDE_ICON.test(id))) return "public";
    // The index's icons that no public page shows (the admin's) go with it, not into the base or `public`.
    if (LUCIDE_BARREL.test(id)) return "icons";
    return undefined;
  };
}
