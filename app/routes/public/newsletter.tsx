import { data, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { MAX_JSON_BYTES } from "~/http/api.server";
import { pageMeta } from "~/http/meta";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { listSentIssues } from "~/services/newsletter/issues.server";
import { subscribe } from "~/services/newsletter/newsletter.server";
import { readFormWithLimit } from "~/http/form-body.server";
import { siteMailContext } from "~/http/mail.server";
import type { Route } from "./+types/newsletter";
import { CheckCircle2, Mail } from "~/components/icons";
import { IssueArchive } from "~/components/newsletter/issue-archive";
import { NewsletterSignup, SUBSCRIBE_REJECTED, SUBSCRIBE_SUCCESS } from "~/components/newsletter/newsletter-signup";
import { buttonVariants } from "~/components/ui/button";

/** The archive below the form: the sent issues, newest first. */
export async function loader() {
  return { issues: await listSentIssues(getDb()) };
}

/**
 * The newsletter form's own address. With JavaScript the form posts to the JSON API and answers with a toast;
 * before the page's script has loaded (or without JavaScript) the browser posts the form here, and this page
 * gives the same answer. The address travels in the body, never in a URL.
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    const form = await readFormWithLimit(request, MAX_JSON_BYTES, "The form is larger than 16 KB.");
    const email = form.get("email");
    const answer = await subscribe(getDb(), { email: typeof email === "string" ? email : "" }, await siteMailContext());
    return data({ ok: true as const, message: answer.message }, { status: 202 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ ok: false as const, message: error.message }, { status: STATUS_BY_CODE[error.code] });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Newsletter",
    description: "New wholesale listings, seasonal flower guides and money-saving tips, about once a month. Unsubscribe any time.",
    path: "/newsletter",
  });

/** The newsletter page: the signup form, then the archive of the sent issues. */
export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-20">
        <div className="overflow-hidden rounded-3xl bg-gradient-to-br from-rose-brand via-[#9f1239] to-plum px-6 py-10 text-white shadow-xl sm:px-12 sm:py-14">
          {actionData?.ok ? (
            <div role="status">
              <CheckCircle2 className="size-10" aria-hidden="true" />
              <h1 className="mt-5 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">{SUBSCRIBE_SUCCESS.title}</h1>
              <p className="mt-3 text-lg text-white/90">{actionData.message}</p>
              <Link to="/" className={buttonVariants({ className: "mt-8 bg-white text-rose-brand hover:bg-blush" })}>
                Back to the home page
              </Link>
            </div>
          ) : (
            <>
              <span className="flex size-12 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25">
                <Mail className="size-6" aria-hidden="true" />
              </span>
              <h1 className="mt-5 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">Fresh deals and arranging tips</h1>
              <p className="mt-3 text-base leading-relaxed text-white/90 sm:text-lg">
                New wholesale listings, seasonal flower guides and money-saving tips, about once a month. We email you a link to confirm first; unsubscribe any time, in one click.
              </p>
              {actionData ? (
                <p role="alert" className="mt-6 rounded-2xl bg-white/15 px-4 py-3 ring-1 ring-white/25">
                  <strong className="font-semibold">{SUBSCRIBE_REJECTED.title}: </strong>
                  {actionData.message}
                </p>
              ) : null}
              <NewsletterSignup className="mt-8" />
            </>
          )}
        </div>
      </section>
      <IssueArchive issues={loaderData.issues} />
    </>
  );
}
