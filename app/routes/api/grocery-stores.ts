import { getDb } from "~/db/db.server";
import { listGroceryStores } from "~/services/grocery/grocery.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";

export const loader = () => apiResponse(() => listGroceryStores(getDb()));
export const action = methodNotAllowed("GET");
