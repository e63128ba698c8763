import { getDb } from "~/db/db.server";
import { recordAudit } from "~/services/audit/audit.server";
import { clearCaches, describeClearedCaches } from "~/services/tools/cache.server";
import { methodNotAllowed } from "~/http/api.server";
import { requireAdminForApi } from "~/http/auth.server";
import type { Route } from "./+types/clear-cache";

export const loader = methodNotAllowed("POST");

/** Empties every server-side cache and says which ones. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminForApi(request);
  const cleared = clearCaches();
  const message = describeClearedCaches(cleared);
  await recordAudit(getDb(), {
    action: "tools.clear_cache",
    adminId: admin.id,
    actor: admin.email,
    details: { label: message, caches: cleared },
    ip: context.clientIp,
  });
  return Response.json({ ok: true, message, cleared }, { headers: { "Cache-Control": "no-store" } });
}
