import { getDatabase, getDb } from "~/db/db.server";
import { recordAudit } from "~/services/audit/audit.server";
import { createBackup } from "~/services/tools/backup.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireAdminForApi } from "~/utils/auth.server";
import type { Route } from "./+types/backup";

export const loader = methodNotAllowed("POST");

/** Downloads a snapshot of the whole database (a POST: it is logged, and it must not be triggered by a link). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminForApi(request);
  const backup = await createBackup(getDatabase());
  await recordAudit(getDb(), {
    action: "tools.backup",
    adminId: admin.id,
    actor: admin.email,
    details: { label: backup.filename, bytes: backup.size },
    ip: context.clientIp,
  });
  return new Response(backup.body, {
    headers: {
      "Content-Type": backup.contentType,
      "Content-Length": String(backup.size),
      "Content-Disposition": `attachment; filename="${backup.filename}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
