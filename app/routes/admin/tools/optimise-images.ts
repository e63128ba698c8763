import { getDb } from "~/db/db.server";
import { startJob } from "~/services/jobs/queue.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import { adminMutationMiddleware } from "~/http/auth.server";
import type { Route } from "./+types/optimise-images";
import { adminActor } from "~/http/admin-action.server";

export const loader = methodNotAllowed("POST");

/** A POST is refused (401 JSON) without a session before the action runs; a GET gets the 405 below. */
export const middleware: Route.MiddlewareFunction[] = [adminMutationMiddleware];

/**
 * Queues the re-encoding of every uploaded image (a background job; 409 while another job runs); its progress
 * and report are read from /admin/tools/jobs.
 */
export async function action({ context }: Route.ActionArgs) {
  const actor = adminActor(context);
  return apiResponse(async () => ({ job: await startJob(getDb(), { kind: "optimise-images", total: 0, actor }) }), { status: 202 });
}
