import type { ActionFunctionArgs } from "react-router";
import { getDb } from "~/db/db.server";
import type { RecordImageKind } from "~/services/images/constants";
import { setRecordImage } from "~/services/images/record-image.server";
import { imageStorage } from "~/services/images/storage.server";
import { readSingleImage } from "~/services/images/upload.server";
import { requireId } from "~/services/ids";
import { apiResponse } from "~/http/api.server";
import { requireAdminForApi } from "~/http/auth.server";
import { clientIpContext } from "~/http/request-context.server";
import { getEnv } from "~/utils/env.server";
import { actorOf } from "~/http/admin-action.server";

const BAD_ID: Record<RecordImageKind, string> = {
  wholesaler: "A wholesaler id is a positive whole number.",
  festival: "A festival id is a positive whole number.",
  blog: "A blog post id is a positive whole number.",
};

/**
 * The action of POST /api/upload/{kind}/{id}: one image in the multipart field `image`, stored through the
 * pipeline; answers {imageUrl, updatedAt}. An optional `?updatedAt=` (the version an edit form holds)
 * makes a save by someone else in between a 409 instead of an upload on top of it.
 */
export function recordImageUploadAction(kind: RecordImageKind) {
  return ({ request, params, context }: ActionFunctionArgs) =>
    apiResponse(async () => {
      const admin = await requireAdminForApi(request);
      const id = requireId(params.id, BAD_ID[kind]);
      const expectedUpdatedAt = new URL(request.url).searchParams.get("updatedAt") || undefined;
      const file = await readSingleImage(request);
      const { imageUrl, updatedAt } = await setRecordImage(
        getDb(),
        kind,
        id,
        file,
        imageStorage(getEnv()),
        actorOf(admin, context.get(clientIpContext)),
        {
          expectedUpdatedAt,
        },
      );
      return { imageUrl, updatedAt };
    });
}
