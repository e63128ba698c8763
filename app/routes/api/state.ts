import { getDb } from "~/db/db.server";
import { getState, toStateJson } from "~/services/states/states.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import type { Route } from "./+types/state";

export const loader = ({ params }: Route.LoaderArgs) => apiResponse(async () => toStateJson(await getState(getDb(), params.stateId)));
export const action = methodNotAllowed("GET");
