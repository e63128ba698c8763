import { Link } from "react-router";
import { ArticleBody } from "~/components/blog/article-body";
import { formatPostDate } from "~/components/blog/format";
import { CalendarDays, Mail } from "~/components/icons";
import { FEATURED_HEADINGS, FEATURED_KINDS, type PublicIssue } from "~/services/newsletter/issue-form";
import { NewsletterSignup } from "./newsletter-signup";

/**
 * An issue of the newsletter as a web page: its title, the day it was sent, its body (rendered and sanitized by the
 * server) and the featured articles, festivals and listings as linked lines. Its title is the page's h1, or an h2 in
 * the admin's preview (`inDialog`), a dialog with a title of its own; a `draft` is dated the day it would be sent.
 */
export function IssueArticle({ issue, inDialog = false, draft = false }: { issue: PublicIssue; inDialog?: boolean; draft?: boolean }) {
  const Title = inDialog ? "h2" : "h1";
  const Heading = inDialog ? "h3" : "h2";
  return (
    <article>
      <p className="flex items-center gap-1.5 text-sm text-muted">
        <CalendarDays className="size-4" aria-hidden="true" />
        {draft ? "To be sent" : "Sent"} <time dateTime={issue.sentOn}>{formatPostDate(issue.sentOn)}</time>
      </p>
      <Title className="mt-3 font-serif text-3xl font-semibold leading-tight text-ink text-balance sm:text-4xl">{issue.title}</Title>
      <div className="mt-8">
        <ArticleBody html={issue.html} />
      </div>
      {FEATURED_KINDS.filter((kind) => issue.featured[kind].length > 0).map((kind) => (
        <section key={kind} aria-labelledby={`featured-${kind}`} className="mt-12">
          <Heading id={`featured-${kind}`} className="font-serif text-2xl font-semibold text-ink">
            {FEATURED_HEADINGS[kind]}
          </Heading>
          <ul className="mt-4 grid gap-3">
            {issue.featured[kind].map((item) => (
              <li key={item.id} className="rounded-2xl border border-stone-200 bg-white px-5 py-4">
                <Link to={item.path} className="font-semibold text-rose-brand underline-offset-4 hover:underline">
                  {item.title}
                </Link>
                {item.description ? <p className="mt-1 text-sm leading-relaxed text-muted">{item.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}

/** The signup form after an issue and on the archive: the newsletter page's own gradient card. */
export function IssueSignup({ title, headingId }: { title: string; headingId: string }) {
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-3xl bg-gradient-to-br from-rose-brand via-[#9f1239] to-plum px-6 py-10 text-white shadow-xl sm:px-12 sm:py-12"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25">
        <Mail className="size-6" aria-hidden="true" />
      </span>
      <h2 id={headingId} className="mt-5 font-serif text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <p className="mt-3 text-base leading-relaxed text-white/90">
        New wholesale listings, seasonal flower guides and money-saving tips, about once a month. We email you a link to confirm first;
        unsubscribe any time, in one click.
      </p>
      <NewsletterSignup className="mt-6" />
    </section>
  );
}
