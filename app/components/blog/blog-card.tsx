import { ArrowRight, CalendarDays } from "~/components/icons";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/images/responsive-image";
import { cn } from "~/utils/cn";
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
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full bg-blush px-3 py-1 text-xs font-semibold uppercase tracking-wide text-rose-800",
        className,
      )}
    >
      {category}
    </span>
  );
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
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="overflow-hidden bg-stone-100">
        <ResponsiveImage
          src={post.image}
          alt=""
          {...POST_IMAGE_SIZE}
          sizes="(min-width: 1280px) 590px, (min-width: 768px) 50vw, 100vw"
          loading={eager ? "eager" : "lazy"}
          className="aspect-[3/2] w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
          <CategoryBadge category={post.category} />
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          </span>
        </div>
        <Heading className="mt-4 font-serif text-xl font-semibold leading-snug text-ink sm:text-2xl">
          <Link to={href} className="hover:text-rose-brand">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 leading-relaxed text-muted">{post.excerpt}</p>
        <Link
          to={href}
          className="mt-5 inline-flex items-center gap-1.5 self-start font-medium text-rose-brand underline-offset-4 hover:underline"
          aria-label={`${READ_ARTICLE}: ${post.title}`}
        >
          {READ_ARTICLE}
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}
