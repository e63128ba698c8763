import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { requireAdmin } from "~/http/auth.server";
import type { Route } from "./+types/not-found";

/** Unknown admin paths: 404 inside the admin frame for admins, the sign-in page for everyone else. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFound />;
}
