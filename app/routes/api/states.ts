import { getDb } from "~/db/db.server";
import { listStates, toStateJson } from "~/services/states/states.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";

export const loader = () => apiResponse(async () => (await listStates(getDb())).map(toStateJson));
export const action = methodNotAllowed("GET");
