import { getDb } from "~/db/db.server";
import { subscribe } from "~/services/newsletter/newsletter.server";
import { apiResponse, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { siteMailContext } from "~/http/mail.server";
import type { Route } from "./+types/newsletter-subscribe";

export const loader = methodNotAllowed("POST");
// 202 whatever the address's state: the mail that follows differs, the answer does not (decision 039).
export const action = ({ request }: Route.ActionArgs) =>
  apiResponse(async () => subscribe(getDb(), await readJsonBody(request), await siteMailContext()), { status: 202 });
