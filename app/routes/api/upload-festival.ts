import { methodNotAllowed } from "~/http/api.server";
import { recordImageUploadAction } from "./record-image-upload.server";

export const loader = methodNotAllowed("POST");

/** POST /api/upload/festival/{id}: the photo of a festival, in the multipart field `image`; answers {imageUrl, updatedAt}. */
export const action = recordImageUploadAction("festival");
