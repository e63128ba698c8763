import { getDb } from "~/db/db.server";
import { optimiseStoredImages } from "~/services/images/optimise.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import { requireAdminForApi } from "~/http/auth.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/optimise-images";
import { actorOf } from "~/http/admin-action.server";

export const loader = methodNotAllowed("POST");

/** Re-encodes every uploaded image through the pipeline and removes files no record uses. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminForApi(request);
  return apiResponse(async () => {
    const report = await optimiseStoredImages(getDb(), getEnv().DATA_DIR, actorOf(admin, context.clientIp));
    return { ok: true, ...report };
  });
}
