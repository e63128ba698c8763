import { getDb } from "~/db/db.server";
import { jobsOverview } from "~/services/jobs/jobs.server";
import { apiResponse } from "~/http/api.server";
import { requireAdminForApi } from "~/http/auth.server";
import type { Route } from "./+types/jobs";

/** The latest job of each long tool and the one running, read by the Tools screen's progress bars (about once a second). */
export async function loader({ request }: Route.LoaderArgs) {
  return apiResponse(
    async () => {
      await requireAdminForApi(request);
      return jobsOverview(getDb());
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
