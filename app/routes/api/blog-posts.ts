import { getDb } from "~/db/db.server";
import { listPublishedPosts, toBlogPostJson } from "~/services/blog/blog.server";
import { apiResponse, methodNotAllowed } from "~/http/api.server";
import { requireFeatureForApi } from "~/http/site.server";

export const loader = () =>
  apiResponse(async () => {
    await requireFeatureForApi("blog");
    return (await listPublishedPosts(getDb())).map(toBlogPostJson);
  });
export const action = methodNotAllowed("GET");
