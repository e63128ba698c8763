import { methodNotAllowed } from "~/http/api.server";
import { recordImageUploadAction } from "./record-image-upload.server";

export const loader = methodNotAllowed("POST");

/** POST /api/upload/blog/{id}: the photo of a blog post, in the multipart field `image`; answers {imageUrl, updatedAt}. */
export const action = recordImageUploadAction("blog");
