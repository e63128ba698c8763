import { Link } from "react-router";
import { ResponsiveImage } from "~/components/images/responsive-image";
import { ArrowRight, CalendarDays } from "~/components/icons";
import { formatPostDate, POST_IMAGE_SIZE } from "./format";

export const READ_ARTICLE = "Read article";

export interface BlogCardPost {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  image: string | null;
}

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return <span className={className ? `badge-category ${className}` : "badge-category"}>{category}</span>;
}

/** A post teaser: image, category, date, title, excerpt and a 'Read article' link. */
export function BlogCard({
  post,
  eager = false,
  headingLevel = "h2",
}: {
  post: BlogCardPost;
  eager?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const href = `/blog/${post.id}`;
  return (
    <article className="group bc">
      <div className="overflow-hidden bg-stone-100">
        <ResponsiveImage
          src={post.image}
          alt=""
          {...POST_IMAGE_SIZE}
          sizes="(min-width: 1280px) 590px, (min-width: 768px) 50vw, 100vw"
          loading={eager ? "eager" : "lazy"}
          className="bc-img"
        />
      </div>
      <div className="bc-body">
        <div className="bc-meta">
          <CategoryBadge category={post.category} />
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" />
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          </span>
        </div>
        <Heading className="bc-title">
          <Link to={href} className="hover:text-rose-brand">
            {post.title}
          </Link>
        </Heading>
        <p className="bc-text">{post.excerpt}</p>
        <Link to={href} className="bc-link" aria-label={`${READ_ARTICLE}: ${post.title}`}>
          {READ_ARTICLE}
          <ArrowRight className="fc-arrow" />
        </Link>
      </div>
    </article>
  );
}
