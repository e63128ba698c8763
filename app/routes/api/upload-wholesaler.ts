import { getDb } from "~/db/db.server";
import { readSingleImage } from "~/services/images/upload.server";
import { requireId } from "~/services/ids";
import { setWholesalerImage } from "~/services/wholesalers/images.server";
import { apiResponse, methodNotAllowed } from "~/utils/api.server";
import { requireAdminForApi } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/upload-wholesaler";

export const loader = methodNotAllowed("POST");

/** POST /api/upload/wholesaler/{id}: one image in the multipart field `image`; answers {imageUrl}. */
export const action = ({ request, params, context }: Route.ActionArgs) =>
  apiResponse(async () => {
    const admin = await requireAdminForApi(request);
    const id = requireId(params.id, "A wholesaler id is a positive whole number.");
    const file = await readSingleImage(request);
    const { imageUrl, updatedAt } = await setWholesalerImage(getDb(), id, file, getEnv().DATA_DIR, {
      adminId: admin.id,
      email: admin.email,
      ip: context.clientIp,
    });
    return { imageUrl, updatedAt };
  });
