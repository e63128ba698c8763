import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { OWNER_NO_STORE, requireOwner } from "~/http/owner-auth.server";
import { clientIpContext } from "~/http/request-context.server";
import { AppError } from "~/services/errors";
import { parseId } from "~/services/ids";
import { imageStorage } from "~/services/images/storage.server";
import { readSingleImage } from "~/services/images/upload.server";
import { ownerListingPath, type PhotoOutcome } from "~/services/owners/owner-form";
import { saveOwnerPhoto } from "~/services/owners/owners.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/photo";

/** What went wrong, as one of the fixed outcomes the edit page words (never text from the address). */
const outcomeOf = (error: AppError): PhotoOutcome =>
  error.code === "payload_too_large"
    ? "too-large"
    : error.code === "conflict"
      ? "conflict"
      : error.code === "not_found"
        ? "gone"
        : "refused";

/**
 * POST /owner/listings/{id}/photo: the owner's new photo, in the multipart field `image` (a plain form, so it works
 * without JavaScript); back to the edit page with what came of it. Another listing than the owner's is a 404.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const email = await requireOwner(request);
  const id = parseId(params.id);
  if (id === undefined) throw new Response(null, { status: 404, headers: OWNER_NO_STORE });
  const back = (outcome: PhotoOutcome) => redirect(`${ownerListingPath(id)}?photo=${outcome}`, { headers: OWNER_NO_STORE });
  try {
    const file = await readSingleImage(request);
    await saveOwnerPhoto(getDb(), email, id, file, imageStorage(getEnv()), { ip: context.get(clientIpContext) });
    return back("saved");
  } catch (error) {
    if (error instanceof AppError) {
      if (error.code === "not_found") throw new Response(null, { status: 404, headers: OWNER_NO_STORE });
      return back(outcomeOf(error));
    }
    throw error;
  }
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST", ...OWNER_NO_STORE } });
}
