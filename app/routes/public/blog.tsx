import { island, withIslands, type Island } from "~/components/ui/island";
import { DEFAULT_POST_IMAGE } from "~/components/blog/format";
import { getDb } from "~/db/db.server";
import { listPublishedPosts } from "~/services/blog/blog.server";
import { blogJsonLd } from "~/services/seo/json-ld";
import { pageMeta, siteIdentity } from "~/http/meta";
import { requireFeature } from "~/http/site.server";
import type { Route } from "./+types/blog";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/blog");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.BlogPage, import.meta.env.SSR ? await loadPage() : undefined);

export async function loader() {
  await requireFeature("blog");
  return { posts: await listPublishedPosts(getDb()) };
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, {
    title: "DIY Flower Arranging Blog",
    description:
      "Practical DIY flower arranging guides: buying at wholesale markets, wedding and event flowers on a budget, seasonal flowers and how to make bouquets last.",
    keywords: "DIY flower arranging, wholesale flowers, wedding flowers DIY, flower care tips, budget flowers",
    path: "/blog",
    jsonLd:
      import.meta.env.SSR && data
        ? blogJsonLd(
            data.posts.map((post) => ({ ...post, image: post.image ?? DEFAULT_POST_IMAGE })),
            siteIdentity(matches),
          )
        : undefined,
  });

export default function Blog(props: Route.ComponentProps) {
  return <Page {...props} />;
}
