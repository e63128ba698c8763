import { data, Link } from "react-router";
import { DEFAULT_POST_IMAGE, formatPostDate, POST_IMAGE_SIZE } from "~/components/blog/format";
import { getDb } from "~/db/db.server";
import { getPublishedPost, listRelatedPosts, type BlogPost } from "~/services/blog/blog.server";
import { AppError } from "~/services/errors";
import { parseId } from "~/services/ids";
import { renderMarkdown } from "~/services/markdown/markdown.server";
import { blogPostingJsonLd } from "~/services/seo/json-ld";
import { pageMeta, siteIdentity } from "~/http/meta";
import { requireFeature } from "~/http/site.server";
import type { Route } from "./+types/blog-post";
import { ArrowLeft, SearchX, CalendarDays, ChevronRight } from "~/components/icons";
import { ArticleBody } from "~/components/blog/article-body";
import { ArrangingBasics } from "~/components/blog/arranging-basics";
import { CategoryBadge } from "~/components/blog/blog-card";
import { RelatedArticles } from "~/components/blog/related-articles";
import { ResponsiveImage } from "~/components/images/responsive-image";
import { buttonVariants } from "~/components/ui/button";

export const BLOG_POST_NOT_FOUND_TITLE = "Blog Post Not Found";

const ARTICLE_TITLE_SUFFIX = "Flower Arranging Guide";

async function findPost(id: number): Promise<BlogPost | undefined> {
  try {
    return await getPublishedPost(getDb(), id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return undefined;
    throw error;
  }
}

export async function loader({ params }: Route.LoaderArgs) {
  await requireFeature("blog");
  // A malformed id can name no post, so the database is not asked.
  const id = parseId(params.postId);
  const post = id === undefined ? undefined : await findPost(id);
  if (!post) return data({ article: null }, { status: 404 });

  const related = await listRelatedPosts(getDb(), post);
  return {
    article: {
      id: post.id,
      title: post.title,
      excerpt: post.excerpt,
      category: post.category,
      date: post.date,
      updatedAt: post.updatedAt,
      image: post.image,
      html: renderMarkdown(post.content),
      related: related.map(({ id, title, image }) => ({ id, title, image })),
    },
  };
}

const describe = (excerpt: string) => (excerpt.length <= 160 ? excerpt : `${excerpt.slice(0, 157).replace(/\s+\S*$/, "")}...`);

export const meta: Route.MetaFunction = ({ matches, data: loaderData, params }) => {
  const article = loaderData?.article;
  if (!article) {
    return pageMeta(matches, { title: BLOG_POST_NOT_FOUND_TITLE, path: `/blog/${params.postId}`, noindex: true });
  }
  return pageMeta(matches, {
    fullTitle: `${article.title} | ${ARTICLE_TITLE_SUFFIX}`,
    description: describe(article.excerpt),
    keywords: `${article.category}, flower arranging, DIY flowers, wholesale flowers, flower care`,
    path: `/blog/${article.id}`,
    image: article.image,
    type: "article",
    jsonLd: import.meta.env.SSR ? blogPostingJsonLd({ ...article, image: article.image ?? DEFAULT_POST_IMAGE }, siteIdentity(matches)) : undefined,
  });
};

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

/** A blog article. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
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
