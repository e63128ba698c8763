import { Link } from "react-router";
import { getDb } from "~/db/db.server";
import { confirmSubscription, findConfirmation } from "~/services/newsletter/newsletter.server";
import { pageMeta } from "~/http/meta";
import { postTokenLink, readTokenLink } from "~/http/token-link.server";
import type { Route } from "./+types/newsletter-confirm";
import { CheckCircle2, Mail, MailQuestion } from "~/components/icons";
import { EmailAddress, LinkActionForm, NoticeCard } from "~/components/newsletter/notice-card";
import { buttonVariants } from "~/components/ui/button";

/**
 * The confirmation link's page. Its GET changes nothing: mail scanners and link checkers open links without the
 * reader, and must not subscribe anyone. The Confirm button posts; a browser with JavaScript presses it itself.
 */
export const loader = ({ request }: Route.LoaderArgs) => readTokenLink(request, (token) => findConfirmation(getDb(), token));

export const action = ({ request }: Route.ActionArgs) => postTokenLink(request, (token) => confirmSubscription(getDb(), token));

/** The link is the subscriber's alone and the page shows their address: no browser or proxy may keep it. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Confirm Your Subscription", path: "/newsletter/confirm", noindex: true });

export const CONFIRM_TEXTS = {
  pendingTitle: "Confirm your subscription",
  button: "Confirm my subscription",
  doneTitle: "You're subscribed",
  unknownTitle: "Confirmation Link Not Found",
  unknownText:
    "This link is not valid any more: it may be older than 14 days, or the subscription was cancelled. Subscribe again and use the link in the newest email.",
} as const;

/** The confirmation page. */
export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;

  if (result.state === "unknown") {
    return (
      <NoticeCard icon={<MailQuestion className="size-7" aria-hidden="true" />} title={CONFIRM_TEXTS.unknownTitle}>
        <p>{CONFIRM_TEXTS.unknownText}</p>
        <Link to="/newsletter" className={buttonVariants({ variant: "secondary", className: "mt-8" })}>
          Subscribe again
        </Link>
      </NoticeCard>
    );
  }

  if (result.state === "confirmed") {
    return (
      <NoticeCard icon={<CheckCircle2 className="size-7" aria-hidden="true" />} title={CONFIRM_TEXTS.doneTitle}>
        <p role="status">
          <EmailAddress email={result.email} /> will receive our newsletter, about once a month. Every issue has a link to
          unsubscribe in one click.
        </p>
        <Link to="/" className={buttonVariants({ className: "mt-8" })}>
          Back to the home page
        </Link>
      </NoticeCard>
    );
  }

  return (
    <NoticeCard icon={<Mail className="size-7" aria-hidden="true" />} title={CONFIRM_TEXTS.pendingTitle}>
      <p>
        Send our newsletter to <EmailAddress email={result.email} />?
      </p>
      <LinkActionForm token={"token" in result ? String(result.token) : ""} label={CONFIRM_TEXTS.button} busyLabel="Confirming..." />
    </NoticeCard>
  );
}
