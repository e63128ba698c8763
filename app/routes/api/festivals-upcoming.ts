import { getDb } from "~/db/db.server";
import { listUpcomingFestivals, toFestivalJson } from "~/services/festivals/festivals.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import { requireFeatureForApi } from "~/http/site.server";

export const loader = () =>
  apiResponse(async () => {
    await requireFeatureForApi("festivals");
    return (await listUpcomingFestivals(getDb())).map(toFestivalJson);
  });
export const action = methodNotAllowed("GET");
