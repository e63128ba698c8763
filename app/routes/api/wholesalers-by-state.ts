import { getDb } from "~/db/db.server";
import { listWholesalersByState, toWholesalerJson } from "~/services/wholesalers/wholesalers.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import type { Route } from "./+types/wholesalers-by-state";

export const loader = ({ params }: Route.LoaderArgs) =>
  apiResponse(async () => (await listWholesalersByState(getDb(), params.stateId)).map(toWholesalerJson));
export const action = methodNotAllowed("GET");
