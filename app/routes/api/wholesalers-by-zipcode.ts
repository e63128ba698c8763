import { getDb } from "~/db/db.server";
import { findWholesalersNearZipcode, toWholesalerJson } from "~/services/wholesalers/wholesalers.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import type { Route } from "./+types/wholesalers-by-zipcode";

export const loader = ({ params }: Route.LoaderArgs) =>
  apiResponse(async () => (await findWholesalersNearZipcode(getDb(), params.zipcode)).map(toWholesalerJson));
export const action = methodNotAllowed("GET");
