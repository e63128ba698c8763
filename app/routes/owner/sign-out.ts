import { redirect } from "react-router";
import { clearOwnerCookie, endOwnerSession, OWNER_NO_STORE } from "~/http/owner-auth.server";
import { OWNER_SIGN_IN_PATH } from "~/services/owners/owner-form";
import type { Route } from "./+types/sign-out";

/** Ends the owner's session (POST only; a GET is a 405). */
export async function action({ request }: Route.ActionArgs) {
  await endOwnerSession(request);
  return redirect(OWNER_SIGN_IN_PATH, { headers: { ...OWNER_NO_STORE, "Set-Cookie": await clearOwnerCookie() } });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST", ...OWNER_NO_STORE } });
}
