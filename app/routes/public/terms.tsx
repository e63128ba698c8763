import { island, withIslands, type Island } from "~/components/ui/island";
import { pageMeta } from "~/http/meta";
import { TERMS_TITLE } from "./pages/terms-texts";
import type { Route } from "./+types/terms";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/terms");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.TermsPage, import.meta.env.SSR ? await loadPage() : undefined);

/** No data of its own; without a server loader the clientLoader below would run instead of the server's render. */
export const loader = () => null;
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: TERMS_TITLE,
    description: "The terms for using the wholesale flower directory, blog, festival calendar, newsletter and location suggestion form.",
    keywords: "terms of service, terms of use, directory listings, location suggestions",
    path: "/terms",
  });

export default function Terms(props: Route.ComponentProps) {
  return <Page {...props} />;
}
