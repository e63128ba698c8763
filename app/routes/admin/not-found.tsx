import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { requireAdmin } from "~/http/auth.server";
import type { Route } from "./+types/not-found";

/** Unknown admin paths: 404 inside the admin frame for admins (the layout's middleware sends everyone else to sign in). */
export function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFound />;
}
