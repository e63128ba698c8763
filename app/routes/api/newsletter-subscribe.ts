import { getDb } from "~/db/db.server";
import { subscribe } from "~/services/newsletter/newsletter.server";
import { apiResponse, methodNotAllowed, readJsonBody } from "~/http/api.server";
import type { Route } from "./+types/newsletter-subscribe";

export const loader = methodNotAllowed("POST");
export const action = ({ request }: Route.ActionArgs) =>
  apiResponse(async () => subscribe(getDb(), await readJsonBody(request)), { status: 201 });
