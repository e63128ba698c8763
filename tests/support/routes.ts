import type { RouteConfigEntry } from "@react-router/dev/routes";

/** A route of app/routes.ts that answers requests (not a layout), with its whole path. */
export interface RouterLeaf {
  id: string;
  file: string;
  path: string;
}

/** A route's id as React Router gives it: its own, or its file without the extension. */
export const routeId = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[^.]+$/, "");

/** Every route of `entries` that answers requests, with the path its layouts and prefixes give it. */
export const routeLeaves = (entries: RouteConfigEntry[], parent: string[] = []): RouterLeaf[] =>
  entries.flatMap((entry) => {
    const at = entry.path ? [...parent, entry.path] : parent;
    return entry.children?.length ? routeLeaves(entry.children, at) : [{ id: routeId(entry), file: entry.file, path: `/${at.join("/")}` }];
  });
