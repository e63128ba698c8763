import { isRouteErrorResponse, Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { Header } from "~/components/layout/header";
import { Footer } from "~/components/layout/footer";
import { NotFound, ServerError } from "~/components/not-found";
import { skeletonFor } from "~/components/skeletons";
import type { loader as rootLoader } from "~/root";
import { rootDataFrom } from "~/http/meta";
import type { Route } from "./+types/layout";

function Chrome({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const general = root?.settings.general;
  const props = {
    siteName: general?.siteName ?? "Wholesale Flower Finder",
    contactEmail: general?.contactEmail ?? "hello@wholesaleflowerfinder.com",
    enableBlog: general?.enableBlog ?? true,
    enableFestivals: general?.enableFestivals ?? true,
  };
  return (
    <div className="flex min-h-screen flex-col">
      <Header {...props} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer {...props} popularRegions={root?.popularRegions ?? []} />
    </div>
  );
}

/** A page that failed in its loader has no meta of its own; name the failure in the title. */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const siteName = rootDataFrom(matches)?.settings.general.siteName ?? "Wholesale Flower Finder";
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: `${notFound ? "404 Page Not Found" : "Something went wrong"} | ${siteName}` }, { name: "robots", content: "noindex" }];
};

/** Header and footer around every public page; a skeleton while the next page's data loads. */
export default function PublicLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location : undefined;
  const pending = target && target.pathname !== location.pathname ? skeletonFor(target.pathname) : null;
  return <Chrome>{pending ?? <Outlet />}</Chrome>;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Chrome>
      {notFound ? (
        <NotFound />
      ) : (
        <ServerError />
      )}
    </Chrome>
  );
}
