import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { NotFound, ServerError } from "~/components/not-found";
import type { loader as rootLoader } from "~/root";
import { adminMiddleware, requireAdmin } from "~/http/auth.server";
import { getDb } from "~/db/db.server";
import { getAdminNavCounts } from "~/services/dashboard/dashboard.server";
import type { Route } from "./+types/layout";

/** Looks the session up once per request for this layout, its pages, their actions and the CSV export. */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  return { admin: { email: admin.email, name: admin.name }, counts: await getAdminNavCounts(getDb()) };
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  adminMeta(matches, isRouteErrorResponse(error) && error.status === 404 ? "Page Not Found" : error ? "Error" : "Admin");
export const headers = adminHeaders;

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const siteName = root?.settings.general.siteName ?? "Wholesale Flower Finder";
  // Without the layout's data (its own loader failed) there is no admin to show: the bare page stands alone.
  if (!data) return <main id="admin-main">{children}</main>;
  return (
    <AdminShell admin={data.admin} siteName={siteName} counts={data.counts}>
      {children}
    </AdminShell>
  );
}

/** Every signed-in admin page: its middleware turns visitors without a session away to the sign-in page. */
export default function AdminLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <Shell>{isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ServerError />}</Shell>;
}
