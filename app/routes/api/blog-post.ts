import { getDb } from "~/db/db.server";
import { assertPostId, getPublishedPost, toBlogPostJson } from "~/services/blog/blog.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import { requireFeatureForApi } from "~/http/site.server";
import type { Route } from "./+types/blog-post";

export const loader = ({ params }: Route.LoaderArgs) =>
  apiResponse(async () => {
    await requireFeatureForApi("blog");
    return toBlogPostJson(await getPublishedPost(getDb(), assertPostId(params.id)));
  });
export const action = methodNotAllowed("GET");
