import { getDb } from "~/db/db.server";
import { listGroceryStoresForApi } from "~/services/grocery/grocery.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";

export const loader = () => apiResponse(() => listGroceryStoresForApi(getDb()));
export const action = methodNotAllowed("GET");
