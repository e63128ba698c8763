import { methodNotAllowed } from "~/http/api.server";
import { recordImageUploadAction } from "./record-image-upload.server";

export const loader = methodNotAllowed("POST");

/** POST /api/upload/wholesaler/{id}: the photo of a wholesaler, in the multipart field `image`; answers {imageUrl, updatedAt}. */
export const action = recordImageUploadAction("wholesaler");
