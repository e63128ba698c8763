import { data, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { parseId } from "~/services/ids";
import { getSentIssue } from "~/services/newsletter/issues.server";
import type { Route } from "./+types/newsletter-issue";
import { ArrowLeft, ChevronRight, SearchX } from "~/components/icons";
import { IssueArticle, IssueSignup } from "~/components/newsletter/issue-article";
import { buttonVariants } from "~/components/ui/button";

export const ISSUE_NOT_FOUND_TITLE = "Newsletter Issue Not Found";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The first words of the issue's text, for its description in search results and shares. */
function describe(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, "")}...`;
}

/** A sent issue as a web page; a draft or an unknown id is a 404, as if it did not exist. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.issueId);
  const issue = id === undefined ? undefined : await getSentIssue(getDb(), id);
  if (!issue) return data({ issue: null, description: "" }, { status: 404 });
  return { issue, description: describe(issue.html) };
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData, params }) => {
  const issue = loaderData?.issue;
  if (!issue) return pageMeta(matches, { title: ISSUE_NOT_FOUND_TITLE, path: `/newsletter/${params.issueId}`, noindex: true });
  return pageMeta(matches, {
    title: `${issue.title} (Newsletter)`,
    description: loaderData.description || undefined,
    path: `/newsletter/${issue.id}`,
    type: "article",
  });
};

function BackToNewsletter({ className }: { className?: string }) {
  return (
    <Link to="/newsletter" className={buttonVariants({ variant: "secondary", className })}>
      <ArrowLeft aria-hidden="true" />
      All issues
    </Link>
  );
}

function IssueNotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <SearchX className="size-12 text-rose-brand" aria-hidden="true" />
      <h1 className="mt-6 font-serif text-4xl font-semibold text-ink sm:text-5xl">{ISSUE_NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-lg text-muted">
        This issue does not exist or has not been sent yet. The newsletter page lists every issue sent.
      </p>
      <BackToNewsletter className="mt-8" />
    </section>
  );
}

/** One issue of the newsletter, then the form to get the next ones. */
export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  if (!issue) return <IssueNotFound />;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6 sm:pb-24 sm:pt-12">
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
            <Link to="/newsletter" className="hover:text-rose-brand">
              Newsletter
            </Link>
          </li>
        </ol>
      </nav>
      <div className="mt-6">
        <IssueArticle issue={issue} />
      </div>
      <div className="mt-14">
        <IssueSignup title="Get the next issue in your inbox" headingId="issue-signup" />
      </div>
      <div className="mt-10">
        <BackToNewsletter />
      </div>
    </div>
  );
}
