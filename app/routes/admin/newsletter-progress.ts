import { getDb } from "~/db/db.server";
import { apiResponse } from "~/http/api.server";
import { requireAdminForApi } from "~/http/auth.server";
import { notFound } from "~/services/errors";
import { parseId } from "~/services/ids";
import { ISSUE_GONE, issueProgress } from "~/services/newsletter/issues.server";
import type { Route } from "./+types/newsletter-progress";

/** A newsletter send's figures (sent, failed, left), read by the Newsletter screen's progress bar about once a second. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return apiResponse(
    async () => {
      await requireAdminForApi(request);
      const id = parseId(params.issueId);
      if (id === undefined) throw notFound(ISSUE_GONE);
      return issueProgress(getDb(), id);
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
