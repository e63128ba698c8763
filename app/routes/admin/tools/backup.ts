import { getDatabase, getDb } from "~/db/db.server";
import { recordAudit } from "~/services/audit/audit.server";
import { backupFileName, createBackup } from "~/services/tools/backup.server";
import { methodNotAllowed } from "~/http/api.server";
import { adminMutationMiddleware, requireAdmin } from "~/http/auth.server";
import { clientIpContext } from "~/http/request-context.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/backup";

export const loader = methodNotAllowed("POST");

/** A POST is refused (401 JSON) without a session before the action runs; a GET gets the 405 below. */
export const middleware: Route.MiddlewareFunction[] = [adminMutationMiddleware];

/**
 * Downloads the whole site as one .tar.gz: the database and every uploaded photo (a POST: it is logged,
 * and it must not be triggered by a link). The log entry is written first, so the backup holds the record
 * of its own making and a site restored from it shows when that backup was taken.
 */
export async function action({ context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const now = new Date();
  await recordAudit(getDb(), {
    action: "tools.backup",
    adminId: admin.id,
    actor: admin.email,
    details: { label: backupFileName(now) },
    ip: context.get(clientIpContext),
  });
  const backup = await createBackup(getDatabase(), getEnv().DATA_DIR, now, getEnv().UPLOADS_STORAGE);
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
