import { getDb } from "~/db/db.server";
import { assertPostId, getPublishedPost, toBlogPostJson } from "~/services/blog/blog.server";
import { apiResponse, methodNotAllowed } from "~/utils/api.server";
import type { Route } from "./+types/blog-post";

export const loader = ({ params }: Route.LoaderArgs) =>
  apiResponse(async () => toBlogPostJson(await getPublishedPost(getDb(), assertPostId(params.id))));
export const action = methodNotAllowed("GET");
