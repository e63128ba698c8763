import fs from "node:fs";
import path from "node:path";
import type { GetManualChunk, ManualChunkMeta } from "rollup";
import { planSharedChunks, type ModuleGroup } from "./scripts/shared-chunks";

/**
 * How the browser build groups modules into files (docs/decisions/025-fewer-script-files.md and
 * 029-shared-chunks-by-page.md).
 *
 * Rollup's default makes a chunk of the modules each set of entry points shares, so a public page loaded 19 to
 * 40 scripts, many of a few hundred bytes (every lucide icon was one). Over HTTP/1.1 a phone fetches six at a
 * time, each a round trip, beside the page's main image. Here a public page loads at most eight:
 * - the entry: React DOM's client and its scheduler, which React Router's inline script imports with
 *   `import()` after the route modules, so that they are evaluated in a task of their own;
 * - `base`: React, React Router and everything the root and the public layout import (header, footer,
 *   `cn()`, the modal, the toasts), which every page needs;
 * - at most three shared chunks (`shared-*`) of the modules two or more public pages import, or one page and an
 *   admin page or a lazily loaded widget, grouped so that a page loads as little it does not need as can be
 *   (scripts/shared-chunks.ts);
 * - the root's, the layout's and the page's route modules, each with what only it imports.
 * What public pages load with `import()` after their own code (each page's content, the cards and the footer:
 * the islands of docs/decisions/033; the calendar, the report dialog, the location results, the toaster) is
 * planned the same way in a second pass, each such module a page of its own. Admin-only modules are split as
 * Rollup does by default.
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

/** A public page may load this many shared chunks beyond the entry, the base and its route modules. */
export const SHARED_CHUNKS_PER_PAGE = 3;
/** The browser build's route modules of the admin area. */
const ADMIN_ROUTE = /[\\/]app[\\/]routes[\\/]admin[\\/].*\?__react-router-build-client-route$/;

export function clientChunks(): GetManualChunk {
  /** Module id → the name of the chunk it goes into, for the base and the shared chunks. */
  let chunkOf: Map<string, string> | undefined;

  function plan({ getModuleIds, getModuleInfo }: ManualChunkMeta) {
    let iconsOf: ReturnType<typeof lucideIcons> | undefined;
    /** What a module imports statically, lucide's icons by name rather than its index. */
    const importsOf = (id: string) => {
      const info = getModuleInfo(id);
      return (info?.importedIds ?? []).flatMap((next) => {
        if (!LUCIDE_BARREL.test(next)) return [next];
        iconsOf ??= lucideIcons(next);
        return iconsOf(id, info?.code ?? "");
      });
    };
    const closure = (entry: string) => {
      const seen = new Set<string>();
      const stack = [entry];
      while (stack.length) {
        const id = stack.pop() as string;
        if (seen.has(id)) continue;
        seen.add(id);
        stack.push(...importsOf(id));
      }
      return seen;
    };
    const ids = [...getModuleIds()];
    const shell = new Set<string>();
    for (const id of ids) {
      if (SHELL_ROUTE.test(id) && CLIENT_ROUTE.test(id)) for (const module of closure(id)) shell.add(module);
    }
    // What public pages load with import() after their own code: a page's content, the cards and the footer (the
    // islands of docs/decisions/033), and widgets loaded when first used.
    const deferred = new Set<string>();
    const stack = ids.filter((id) => CLIENT_ROUTE.test(id));
    while (stack.length) {
      for (const module of closure(stack.pop() as string)) {
        for (const lazy of getModuleInfo(module)?.dynamicallyImportedIds ?? []) {
          if (deferred.has(lazy) || ADMIN_ROUTE.test(lazy)) continue;
          deferred.add(lazy);
          stack.push(lazy);
        }
      }
    }
    /** Modules an admin page or a module loaded with import() also imports. */
    const elsewhere = new Set<string>();
    for (const id of ids) {
      const lazy = getModuleInfo(id)?.dynamicallyImportedIds ?? [];
      for (const entry of ADMIN_ROUTE.test(id) ? [id, ...lazy] : lazy) for (const module of closure(entry)) elsewhere.add(module);
    }
    /** Module → the pages (of `entries`) that import it, beyond the shell and the modules already placed. */
    const importers = (entries: readonly string[], placed: ReadonlySet<string>) => {
      const pagesOf = new Map<string, Set<string>>();
      for (const entry of entries) {
        for (const module of closure(entry)) {
          if (shell.has(module) || placed.has(module)) continue;
          const pages = pagesOf.get(module) ?? new Set();
          pages.add(entry);
          pagesOf.set(module, pages);
        }
      }
      return pagesOf;
    };
    // A module only one page imports goes into that page's own file, unless something else imports it too
    // (Rollup would make it a file of its own) or it is a lucide icon, which lucide's index would otherwise put
    // into a chunk of every page that shows an icon.
    const groupsOf = (pagesOf: ReadonlyMap<string, ReadonlySet<string>>, alsoElsewhere: (module: string) => boolean) => {
      const groups = new Map<string, ModuleGroup & { modules: string[]; code: string; imports: string[] }>();
      for (const [module, pageSet] of pagesOf) {
        if (CLIENT_ROUTE.test(module) || deferred.has(module)) continue;
        if (pageSet.size < 2 && !alsoElsewhere(module) && !LUCIDE_ICON.test(module)) continue;
        const pages = [...pageSet].sort();
        const group = groups.get(pages.join("\n")) ?? { pages, modules: [], code: "", imports: [] };
        group.modules.push(module);
        group.code += `${getModuleInfo(module)?.code ?? ""}\n`;
        group.imports.push(...importsOf(module));
        groups.set(pages.join("\n"), group);
      }
      return [...groups.values()];
    };
    chunkOf = new Map([...shell].map((module) => [module, "base"]));
    const names = new Set<string>();
    const place = (groups: ModuleGroup[]) => {
      for (const chunk of planSharedChunks(groups, SHARED_CHUNKS_PER_PAGE)) {
        const name = chunkName(chunk.modules, (module) => getModuleInfo(module)?.code?.length ?? 0, names);
        for (const module of chunk.modules) chunkOf?.set(module, name);
      }
    };
    // First what the pages' own route modules import, which they load before they work; then, apart, what is
    // loaded after, planned with each deferred module as a page of its own, so that each loads its own file and
    // at most three shared chunks rather than a file per module, and no page loads any of it first.
    const routePages = ids.filter((id) => CLIENT_ROUTE.test(id) && !SHELL_ROUTE.test(id));
    const firstLoad = importers(routePages, new Set());
    place(groupsOf(firstLoad, (module) => elsewhere.has(module)));
    const later = importers([...deferred], new Set(firstLoad.keys()));
    place(groupsOf(later, () => false));
  }

  return (id, meta) => {
    // The root's own module stays in the root route's file, and with it the stylesheet it imports: as CSS of a
    // chunk the entry imports, React Router would link it as the entry's, with a "#" after its address.
    if (REACT_DOM_CLIENT.test(id) || ROOT_FILE.test(id) || STYLESHEET.test(id)) return undefined;
    if (FRAMEWORK.test(id) || HELPERS.some((helper) => id.startsWith(helper))) return "base";
    if (CLIENT_ROUTE.test(id)) return undefined;
    if (!chunkOf) plan(meta);
    const name = chunkOf?.get(id);
    if (name) return name;
    // The index's icons that no public page shows (the admin's) go with it, not into the base or a shared chunk.
    if (LUCIDE_BARREL.test(id)) return "icons";
    return undefined;
  };
}

/** A shared chunk is named after its biggest module of the site's own ("shared-listing-facts"), once each. */
function chunkName(modules: readonly string[], sizeOf: (module: string) => number, taken: Set<string>) {
  const own = modules.filter((module) => /[\\/]app[\\/]/.test(module)).sort((a, b) => sizeOf(b) - sizeOf(a))[0] ?? "icons";
  const base = `shared-${path
    .basename(own)
    .replace(/\?.*$/, "")
    .replace(/\.[^.]+$/, "")}`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}
