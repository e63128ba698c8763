import { getDb } from "~/db/db.server";
import { optimiseStoredImages } from "~/services/images/optimise.server";
import { imageStorage } from "~/services/images/storage.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import { adminMutationMiddleware } from "~/http/auth.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/optimise-images";
import { adminActor } from "~/http/admin-action.server";

export const loader = methodNotAllowed("POST");

/** A POST is refused (401 JSON) without a session before the action runs; a GET gets the 405 below. */
export const middleware: Route.MiddlewareFunction[] = [adminMutationMiddleware];

/** Re-encodes every uploaded image through the pipeline and removes files no record uses. */
export async function action({ context }: Route.ActionArgs) {
  const actor = adminActor(context);
  return apiResponse(async () => {
    const report = await optimiseStoredImages(getDb(), imageStorage(getEnv()), actor);
    return { ok: true, ...report };
  });
}
