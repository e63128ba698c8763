import { DEFAULT_POST_IMAGE } from "~/components/blog/format";
import { getDb } from "~/db/db.server";
import { blogCardOf, listPublishedPosts } from "~/services/blog/blog.server";
import { blogJsonLd } from "~/services/seo/json-ld";
import { pageMeta, siteIdentity } from "~/http/meta";
import { requireFeature } from "~/http/site.server";
import type { Route } from "./+types/blog";
import { BlogCard } from "~/components/blog/blog-card";
import { PageIntro } from "~/components/blog/page-intro";

export async function loader() {
  await requireFeature("blog");
  // The cards' fields and the date the structured data gives as modified: not each article's Markdown, which the
  // page would carry a second time for nothing (issue #39: 128 KB of HTML before, 71 KB after).
  return { posts: (await listPublishedPosts(getDb())).map((post) => ({ ...blogCardOf(post), updatedAt: post.updatedAt })) };
}

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

const BLOG_TITLE = "Flower Arranging Guide";
/** The first cards are above the fold on a desktop; the rest load as the visitor scrolls. */
const EAGER_IMAGES = 2;

/** The blog's list of articles. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageIntro eyebrow="DIY Blog" title={BLOG_TITLE}>
        <p>
          Step-by-step tips for buying, conditioning and arranging flowers yourself, from a single bunch at the
          wholesale market to a full wedding.
        </p>
      </PageIntro>
      {loaderData.posts.length === 0 ? (
        <p className="mt-12 rounded-2xl border border-stone-200 bg-white p-8 text-center text-muted">
          New articles are on their way. Check back soon!
        </p>
      ) : (
        <ul className="mt-10 grid gap-8 md:grid-cols-2 lg:mt-12 lg:gap-10" data-testid="blog-posts">
          {loaderData.posts.map((post, index) => (
            <li key={post.id}>
              <BlogCard post={post} eager={index < EAGER_IMAGES} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
