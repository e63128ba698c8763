import { getDb } from "~/db/db.server";
import { recordAudit } from "~/services/audit/audit.server";
import { describeClearedCaches, invalidateEverywhere } from "~/services/tools/cache.server";
import { methodNotAllowed } from "~/http/api.server";
import { adminMutationMiddleware, requireAdmin } from "~/http/auth.server";
import { clientIpContext } from "~/http/request-context.server";
import type { Route } from "./+types/clear-cache";

export const loader = methodNotAllowed("POST");

/** A POST is refused (401 JSON) without a session before the action runs; a GET gets the 405 below. */
export const middleware: Route.MiddlewareFunction[] = [adminMutationMiddleware];

/** Empties every server-side cache, on this server and every other one, and says which ones (this server's). */
export async function action({ context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const cleared = await invalidateEverywhere("Clear cache tool");
  const message = describeClearedCaches(cleared);
  await recordAudit(getDb(), {
    action: "tools.clear_cache",
    adminId: admin.id,
    actor: admin.email,
    details: { label: message, caches: cleared },
    ip: context.get(clientIpContext),
  });
  return Response.json({ ok: true, message, cleared }, { headers: { "Cache-Control": "no-store" } });
}
