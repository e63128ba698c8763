import { toErrorResponse } from "~/http/api.server";
import { areaGroundSvg } from "~/services/maps/maps.server";
import { parsePosition, parseRadiusMiles } from "~/services/wholesalers/near-query";
import type { Route } from "./+types/map-area";

/** A day: the ground changes only with the shapes a build draws it from. */
const GROUND_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The ground of a results map (/near, a city's search, "Use my location"): `?lat=&lng=&radius=` as the map's
 * `ground` names it (services/maps/maps.server.ts, areaGroundUrl). The point may be the visitor's own position, which
 * the site never keeps: the answer is `private` (kept a day by the visitor's browser, and by its service worker with
 * the photos, so that a results page kept for offline use keeps its map; never by a shared cache nor by the server's
 * page cache), and the request log leaves its query out (server/main.ts). The ground is drawn once per point and
 * radius already (maps.server.ts, areaAround). A malformed point or radius is a 400 that says what to send.
 */
export function loader({ request }: Route.LoaderArgs) {
  try {
    const params = new URL(request.url).searchParams;
    const svg = areaGroundSvg(parsePosition(params.get("lat"), params.get("lng")), parseRadiusMiles(params.get("radius")));
    return new Response(svg, {
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": `private, max-age=${GROUND_MAX_AGE_SECONDS}` },
    });
  } catch (error) {
    return toErrorResponse(error);
  }
}
