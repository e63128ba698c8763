import { getDb } from "~/db/db.server";
import { findWholesalersNearZipcode, parseAccessFilter, toWholesalerJson } from "~/services/wholesalers/wholesalers.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import type { Route } from "./+types/wholesalers-by-zipcode";

export const loader = ({ params, request }: Route.LoaderArgs) =>
  apiResponse(async () => {
    const access = parseAccessFilter(new URL(request.url).searchParams.get("access"));
    return (await findWholesalersNearZipcode(getDb(), params.zipcode, undefined, access)).map(toWholesalerJson);
  });
export const action = methodNotAllowed("GET");
