import { getDb } from "~/db/db.server";
import { assertFestivalId, getFestival, toFestivalJson } from "~/services/festivals/festivals.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import { requireFeatureForApi } from "~/http/site.server";
import type { Route } from "./+types/festival";

export const loader = ({ params }: Route.LoaderArgs) =>
  apiResponse(async () => {
    await requireFeatureForApi("festivals");
    return toFestivalJson(await getFestival(getDb(), assertFestivalId(params.id)));
  });
export const action = methodNotAllowed("GET");
