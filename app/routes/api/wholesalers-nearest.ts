import { getDb } from "~/db/db.server";
import { findNearestWholesalers, parseAccessFilter, toWholesalerJson } from "~/services/wholesalers/wholesalers.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import type { Route } from "./+types/wholesalers-nearest";

/** How many suggestions the finder shows when nobody lies within the search radius. */
const NEAREST_SUGGESTIONS = 3;

/** The nearest wholesalers at any distance, for the finder's suggestion beyond 25 miles. */
export const loader = ({ params, request }: Route.LoaderArgs) =>
  apiResponse(async () => {
    const access = parseAccessFilter(new URL(request.url).searchParams.get("access"));
    return (await findNearestWholesalers(getDb(), params.zipcode, NEAREST_SUGGESTIONS, access)).map(toWholesalerJson);
  });
export const action = methodNotAllowed("GET");
