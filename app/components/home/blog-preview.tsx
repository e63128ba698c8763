import { ArrowRight, CalendarDays } from "~/components/icons";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/images/responsive-image";
import type { BlogPost } from "~/services/blog/types";
import { formatPostDate } from "../blog/format";
import { buttonVariants } from "../ui/button";
import { SectionHeading } from "./section-heading";

export type BlogPreviewPost = Pick<BlogPost, "id" | "title" | "excerpt" | "category" | "date" | "image">;

/** The newest articles of the DIY blog. */
export function BlogPreview({ posts }: { posts: BlogPreviewPost[] }) {
  return (
    <section id="blog" aria-labelledby="blog-heading" className="scroll-mt-20 border-t border-stone-200/70 bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading id="blog-heading" eyebrow="DIY flower tips" title="From the Flower Arranging Guide">
            Step-by-step arranging ideas, seasonal picks and ways to make wholesale flowers go further.
          </SectionHeading>
          <Link to="/blog" prefetch="intent" className={buttonVariants({ variant: "secondary" })}>
            All articles
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <article className="group post-card" data-testid="blog-card">
                <div className="post-card-media">
                  <ResponsiveImage
                    src={post.image}
                    alt=""
                    width={1200}
                    height={800}
                    sizes="(min-width: 1280px) 400px, (min-width: 768px) 33vw, 100vw"
                    className="post-card-image"
                  />
                </div>
                <div className="post-card-body">
                  <div className="post-card-meta">
                    <span className="post-card-category">{post.category}</span>
                    <span className="post-card-date">
                      <CalendarDays className="size-3.5" aria-hidden="true" />
                      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                    </span>
                  </div>
                  <h3 className="post-card-title">
                    <Link to={`/blog/${post.id}`} prefetch="intent" className="hover:text-rose-brand">
                      {post.title}
                    </Link>
                  </h3>
                  <p className="post-card-excerpt">{post.excerpt}</p>
                  <Link to={`/blog/${post.id}`} prefetch="intent" className="post-card-more">
                    Read article
                    <span className="sr-only">{`: ${post.title}`}</span>
                    <ArrowRight className="size-4" aria-hidden="true" />
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
