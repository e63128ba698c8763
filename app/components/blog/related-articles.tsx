import { ArrowRight } from "~/components/icons";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/images/responsive-image";
import { READ_ARTICLE, type BlogCardPost } from "./blog-card";
import { POST_IMAGE_SIZE } from "./format";

export const RELATED_ARTICLES = "Related Articles";

/** Up to 3 other posts of the same category; renders nothing when there are none. */
export function RelatedArticles({ posts }: { posts: Pick<BlogCardPost, "id" | "title" | "image">[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-articles" className="border-t border-stone-200">
      <div className="mx-auto max-w-5xl px-4 pt-14 sm:px-6">
        <h2 id="related-articles" className="font-serif text-2xl font-semibold text-ink sm:text-3xl">
          {RELATED_ARTICLES}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="related-articles">
          {posts.map((post) => (
            <li key={post.id}>
              <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
                <ResponsiveImage
                  src={post.image}
                  alt=""
                  {...POST_IMAGE_SIZE}
                  sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw"
                  className="aspect-[3/2] w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="flex-1 font-serif text-lg font-semibold leading-snug text-ink">{post.title}</h3>
                  <Link
                    to={`/blog/${post.id}`}
                    className="mt-4 inline-flex items-center gap-1.5 self-start font-medium text-rose-brand underline-offset-4 hover:underline"
                    aria-label={`${READ_ARTICLE}: ${post.title}`}
                  >
                    {READ_ARTICLE}
                    <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
