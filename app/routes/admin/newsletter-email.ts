import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { requireAdmin } from "~/http/auth.server";
import { framedMessageResponse, siteMailContext } from "~/http/mail.server";
import { AppError } from "~/services/errors";
import { parseId } from "~/services/ids";
import { previewIssue } from "~/services/newsletter/issues.server";
import type { Route } from "./+types/newsletter-email";

/** An issue as it would be mailed, for the preview's sandboxed frame: unknown ids get a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const id = parseId(params.issueId);
  if (id === undefined) throw data(null, { status: 404 });
  const preview = await previewIssue(getDb(), id, await siteMailContext()).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  return framedMessageResponse(preview.html, request);
}
