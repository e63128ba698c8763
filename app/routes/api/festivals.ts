import { getDb } from "~/db/db.server";
import { listFestivals, parseFestivalFilters, toFestivalJson } from "~/services/festivals/festivals.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import { requireFeatureForApi } from "~/http/site.server";
import type { Route } from "./+types/festivals";

export const loader = ({ request }: Route.LoaderArgs) =>
  apiResponse(async () => {
    await requireFeatureForApi("festivals");
    const filters = parseFestivalFilters(new URL(request.url).searchParams);
    return (await listFestivals(getDb(), filters)).map(toFestivalJson);
  });
export const action = methodNotAllowed("GET");
