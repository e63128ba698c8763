import { getDb } from "~/db/db.server";
import { listWholesalersByState, parseAccessFilter, toWholesalerJson } from "~/services/wholesalers/wholesalers.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import type { Route } from "./+types/wholesalers-by-state";

export const loader = ({ params, request }: Route.LoaderArgs) =>
  apiResponse(async () => {
    const access = parseAccessFilter(new URL(request.url).searchParams.get("access"));
    return (await listWholesalersByState(getDb(), params.stateId, access)).map(toWholesalerJson);
  });
export const action = methodNotAllowed("GET");
