import { island, withIslands, type Island } from "~/components/ui/island";
import { pageMeta } from "~/http/meta";
import { PRIVACY_TITLE } from "./pages/privacy-texts";
import type { Route } from "./+types/privacy";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/privacy");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.PrivacyPage, import.meta.env.SSR ? await loadPage() : undefined);

/** No data of its own; without a server loader the clientLoader below would run instead of the server's render. */
export const loader = () => null;
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: PRIVACY_TITLE,
    description: "What personal information the site collects (newsletter email, location suggestions, server logs), why, how long we keep it and how to have it deleted.",
    keywords: "privacy policy, personal information, newsletter email, cookies",
    path: "/privacy",
  });

export default function Privacy(props: Route.ComponentProps) {
  return <Page {...props} />;
}
