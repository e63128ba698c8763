import { getDb } from "~/db/db.server";
import { searchResultsMap } from "~/services/maps/maps.server";
import { parseNearApiQuery, wantsResultsMap } from "~/services/wholesalers/near-query";
import { findWholesalersNear, parseAccessFilter, toWholesalerJson } from "~/services/wholesalers/wholesalers.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import type { Route } from "./+types/wholesalers-near";

/**
 * The listings around a zipcode or a position in one answer: `within` the radius and, when none is,
 * the `nearest` beyond it, and with `map=1` the results map drawn on the server (as /near draws it), so
 * "Use my location" shows the same map without any map code in the browser. Positions come from "Use my
 * location", so the answer is never cached.
 */
export const loader = ({ request }: Route.LoaderArgs) =>
  apiResponse(
    async () => {
      const params = new URL(request.url).searchParams;
      const { origin, radiusMiles } = parseNearApiQuery(params);
      const access = parseAccessFilter(params.get("access"));
      const withMap = wantsResultsMap(params);
      const result = await findWholesalersNear(getDb(), origin, radiusMiles, access);
      return {
        ...result,
        within: result.within.map(toWholesalerJson),
        nearest: result.nearest.map(toWholesalerJson),
        ...(withMap ? { map: searchResultsMap(result) } : {}),
      };
    },
    { headers: { "Cache-Control": "no-store" } },
  );
export const action = methodNotAllowed("GET");
