import { ArrowLeft, SearchX } from "~/components/icons/listing";
import { CalendarDays, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { ArticleBody } from "~/components/blog/article-body";
import { ArrangingBasics } from "~/components/blog/arranging-basics";
import { CategoryBadge } from "~/components/blog/blog-card";
import { formatPostDate, POST_IMAGE_SIZE } from "~/components/blog/format";
import { RelatedArticles } from "~/components/blog/related-articles";
import { ResponsiveImage } from "~/components/images/responsive-image";
import { buttonVariants } from "~/components/ui/button";
import type { Route } from "../+types/blog-post";
import { BLOG_POST_NOT_FOUND_TITLE } from "./blog-post-texts";

const BACK_TO_BLOG = "Back to Blog";

function BackToBlog({ className }: { className?: string }) {
  return (
    <Link to="/blog" className={buttonVariants({ variant: "secondary", className })}>
      <ArrowLeft aria-hidden="true" />
      {BACK_TO_BLOG}
    </Link>
  );
}

function PostNotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <SearchX className="size-12 text-rose-brand" aria-hidden="true" />
      <h1 className="mt-6 font-serif text-4xl font-semibold text-ink sm:text-5xl">{BLOG_POST_NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-lg text-muted">
        This article may have been moved or unpublished. Browse the blog for more arranging ideas.
      </p>
      <BackToBlog className="mt-8" />
    </section>
  );
}

/** A blog article: the content of routes/public/blog-post.tsx, an island (docs/decisions/033). */
export function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const article = loaderData.article;
  if (!article) return <PostNotFound />;
  return (
    <>
      <article className="pb-16">
        <header className="mx-auto max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
              <li>
                <Link to="/" className="hover:text-rose-brand">
                  Home
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
              <li>
                <Link to="/blog" className="hover:text-rose-brand">
                  Blog
                </Link>
              </li>
            </ol>
          </nav>
          <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
            <CategoryBadge category={article.category} />
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={article.date}>{formatPostDate(article.date)}</time>
            </span>
          </div>
          <h1 className="mt-4 font-serif text-3xl font-semibold leading-tight text-ink text-balance sm:text-5xl">{article.title}</h1>
          <p className="mt-5 text-lg leading-relaxed text-muted sm:text-xl">{article.excerpt}</p>
        </header>

        <div className="mx-auto mt-8 max-w-4xl sm:mt-10 sm:px-6">
          <ResponsiveImage
            src={article.image}
            alt=""
            {...POST_IMAGE_SIZE}
            sizes="(min-width: 896px) 848px, (min-width: 640px) calc(100vw - 3rem), 100vw"
            loading="eager"
            fetchPriority="high"
            className="aspect-[3/2] w-full object-cover sm:rounded-3xl sm:shadow-sm"
          />
        </div>

        <div className="mx-auto mt-10 max-w-3xl px-4 sm:mt-12 sm:px-6">
          <ArticleBody html={article.html} />
          <ArrangingBasics />
          <div className="mt-12">
            <BackToBlog />
          </div>
        </div>
      </article>
      <RelatedArticles posts={article.related} />
    </>
  );
}
