import { BlogCard } from "~/components/blog/blog-card";
import { PageIntro } from "~/components/blog/page-intro";
import type { Route } from "../+types/blog";

const BLOG_TITLE = "Flower Arranging Guide";
/** The first cards are above the fold on a desktop; the rest load as the visitor scrolls. */
const EAGER_IMAGES = 2;

/** The blog's list of articles: the content of routes/public/blog.tsx, an island (docs/decisions/033). */
export function BlogPage({ loaderData }: Route.ComponentProps) {
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
