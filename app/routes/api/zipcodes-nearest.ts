import { getDb } from "~/db/db.server";
import { nearestZipcode } from "~/services/geo/nearest-zipcode.server";
import { parsePosition } from "~/services/wholesalers/near-query";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import type { Route } from "./+types/zipcodes-nearest";

/**
 * The zipcode nearest a position: "Use my location" asks for it and opens that zipcode's results
 * (/near?zip=), so the results have a URL while the position stays in the browser. Never cached, and logged
 * without its query (server/main.ts).
 */
export const loader = ({ request }: Route.LoaderArgs) =>
  apiResponse(
    async () => {
      const params = new URL(request.url).searchParams;
      return nearestZipcode(getDb(), parsePosition(params.get("lat"), params.get("lng")));
    },
    { headers: { "Cache-Control": "no-store" } },
  );
export const action = methodNotAllowed("GET");
