import { getDb } from "~/db/db.server";
import { listUpcomingFestivals, toFestivalJson } from "~/services/festivals/festivals.server";
import { apiResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => apiResponse(async () => (await listUpcomingFestivals(getDb())).map(toFestivalJson));
export const action = methodNotAllowed("GET");
