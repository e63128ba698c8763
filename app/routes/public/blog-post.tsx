import { data } from "react-router";
import { island, withIslands, type Island } from "~/components/ui/island";
import { DEFAULT_POST_IMAGE } from "~/components/blog/format";
import { getDb } from "~/db/db.server";
import { getPublishedPost, listRelatedPosts, type BlogPost } from "~/services/blog/blog.server";
import { AppError } from "~/services/errors";
import { parseId } from "~/services/ids";
import { renderMarkdown } from "~/services/markdown/markdown.server";
import { blogPostingJsonLd } from "~/services/seo/json-ld";
import { pageMeta, siteIdentity } from "~/http/meta";
import { requireFeature } from "~/http/site.server";
import { BLOG_POST_NOT_FOUND_TITLE } from "./pages/blog-post-texts";
import type { Route } from "./+types/blog-post";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/blog-post");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.BlogPostPage, import.meta.env.SSR ? await loadPage() : undefined);

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

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

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

export default function BlogPost(props: Route.ComponentProps) {
  return <Page {...props} />;
}
