import { Link } from "react-router";
import { formatPostDate } from "~/components/blog/format";
import { ChevronRight } from "~/components/icons";
import type { IssueLink } from "~/services/newsletter/issue-form";

/** The sent issues, newest first, each a link to its web page: what a visitor can read before subscribing. */
export function IssueArchive({ issues }: { issues: IssueLink[] }) {
  if (issues.length === 0) return null;
  return (
    <section aria-labelledby="newsletter-archive" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6 sm:pb-24">
      <h2 id="newsletter-archive" className="font-serif text-2xl font-semibold text-ink sm:text-3xl">
        Past issues
      </h2>
      <p className="mt-2 text-muted">Read what we sent before you subscribe.</p>
      <ul
        className="mt-6 divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white"
        data-testid="newsletter-archive"
      >
        {issues.map((issue) => (
          <li key={issue.id}>
            <Link
              to={`/newsletter/${issue.id}`}
              className="group flex items-center justify-between gap-4 px-5 py-4 hover:bg-stone-50 focus-visible:bg-stone-50"
            >
              <span className="min-w-0">
                <span className="block font-semibold text-ink [overflow-wrap:anywhere] group-hover:text-rose-brand">{issue.title}</span>
                <time dateTime={issue.sentOn} className="mt-0.5 block text-sm text-muted">
                  {formatPostDate(issue.sentOn)}
                </time>
              </span>
              <ChevronRight className="size-5 shrink-0 text-stone-400 group-hover:text-rose-brand" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
