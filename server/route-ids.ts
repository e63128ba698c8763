import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { FESTIVALS_FEED_PATH } from "~/http/calendar-routes.server";

/** What Express answers itself, by a fixed name (server/app.ts, app/http/calendar-routes.server.ts). */
const EXPRESS_ROUTES: Record<string, string> = { "/healthz": "healthz", "/readyz": "readyz", [FESTIVALS_FEED_PATH]: "calendar" };
const FESTIVAL_CALENDAR = /^\/festivals\/[^/]+\.ics$/;

/** How many paths' routes are remembered: past it the memory starts again (a crawler's every address is one). */
const REMEMBERED_PATHS = 5_000;

/**
 * Names the route of a request path for the metrics (server/metrics.ts), never the path itself: React Router's
 * matched route id for a page, its data (`.data`) or an API call (the deepest match, such as
 * "routes/public/state"), a fixed name for what Express answers itself (healthz, readyz, uploads, calendar), and
 * "unmatched" for a path no route takes (the site's catch-all routes take most: their ids are the 404s' label).
 * Each path is matched once and remembered, so an answer from the page cache costs a lookup.
 */
export function routeIds(routes: ServerBuild["routes"]) {
  const tree = treeOf(routes);
  const known = new Map<string, string>();
  const match = (path: string): string => {
    const fixed = EXPRESS_ROUTES[path];
    if (fixed) return fixed;
    if (path.startsWith("/uploads/")) return "uploads";
    if (FESTIVAL_CALENDAR.test(path)) return "calendar";
    // A page's data: `/state/california.data`, and the home page's `/_root.data`.
    const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -5) : path;
    return matchRoutes(tree, page)?.at(-1)?.route.id ?? "unmatched";
  };
  return {
    of(path: string): string {
      let id = known.get(path);
      if (id === undefined) {
        if (known.size >= REMEMBERED_PATHS) known.clear();
        id = match(path);
        known.set(path, id);
      }
      return id;
    },
  };
}

/** React Router's route tree, from the build's flat table of routes (each names its parent). */
function treeOf(routes: ServerBuild["routes"]): RouteObject[] {
  const entries = Object.values(routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route): RouteObject => {
        const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
        if (route.index) return { ...base, index: true };
        const children = childrenOf(route.id);
        return children.length > 0 ? { ...base, children } : base;
      });
  return childrenOf(undefined);
}
