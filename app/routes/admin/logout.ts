import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { recordAudit } from "~/services/audit/audit.server";
import { clearSessionCookie, endSession, LOGIN_PATH } from "~/http/auth.server";
import { clientIpContext } from "~/http/request-context.server";
import type { Route } from "./+types/logout";

/** Signing out ends the session in the database, not just in the browser. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await endSession(request);
  if (admin) {
    await recordAudit(getDb(), {
      action: "auth.logout",
      adminId: admin.id,
      actor: admin.email,
      entityType: "admin",
      entityId: admin.id,
      ip: context.get(clientIpContext),
    });
  }
  throw redirect(LOGIN_PATH, { headers: { "Set-Cookie": await clearSessionCookie() } });
}

// A link or prefetch must never sign anyone out: only the form's POST does.
export const loader = () => redirect("/admin");
