import { data, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { findSubscriptionByToken, unsubscribe } from "~/services/newsletter/newsletter.server";
import { pageMeta } from "~/http/meta";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import type { Route } from "./+types/unsubscribe";
import { CheckCircle2, MailQuestion, MailX } from "~/components/icons";
import { EmailAddress, LinkActionForm, NoticeCard } from "~/components/newsletter/notice-card";
import { buttonVariants } from "~/components/ui/button";

/**
 * Reads, never changes: mail scanners and link checkers open the links of a message without the reader. The page
 * unsubscribes at once in a browser (its script presses the button); without JavaScript the button is one press.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscription = await findSubscriptionByToken(getDb(), token);
  if (!subscription) return data({ state: "unknown" as const }, { status: 404 });
  return { state: subscription.active ? ("subscribed" as const) : ("unsubscribed" as const), email: subscription.email, token };
}

/**
 * The page's button, and RFC 8058's one-click unsubscribe: a mail provider posts `List-Unsubscribe=One-Click` to
 * the List-Unsubscribe header's link, whose address carries the token.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE).catch(() => undefined);
  if (!form) return data({ state: "unknown" as const }, { status: 400 });
  const token = form.get("token") ?? new URL(request.url).searchParams.get("token");
  const email = typeof token === "string" ? await unsubscribe(getDb(), token) : undefined;
  if (!email) return data({ state: "unknown" as const }, { status: 404 });
  return { state: "unsubscribed" as const, email };
}

/** The page shows the subscriber's address and the link is theirs alone: no browser or proxy may keep it. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Newsletter Unsubscribe", path: "/newsletter/unsubscribe", noindex: true });

const UNSUBSCRIBE_TEXTS = {
  confirmTitle: "Unsubscribe from the newsletter?",
  button: "Unsubscribe",
  doneTitle: "You have been unsubscribed",
  unknownTitle: "Unsubscribe Link Not Found",
  unknownText:
    "This unsubscribe link is not valid. Please use the complete link from one of our emails, or contact us and we will remove your address.",
} as const;

/** The unsubscribe page. */
export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;

  if (result.state === "unknown") {
    return (
      <NoticeCard icon={<MailQuestion className="size-7" aria-hidden="true" />} title={UNSUBSCRIBE_TEXTS.unknownTitle}>
        <p>{UNSUBSCRIBE_TEXTS.unknownText}</p>
        <Link to="/about" className={buttonVariants({ variant: "secondary", className: "mt-8" })}>
          Contact us
        </Link>
      </NoticeCard>
    );
  }

  if (result.state === "unsubscribed") {
    return (
      <NoticeCard icon={<CheckCircle2 className="size-7" aria-hidden="true" />} title={UNSUBSCRIBE_TEXTS.doneTitle}>
        <p role="status">
          <EmailAddress email={result.email} /> will no longer receive our newsletter. Changed your mind? You can subscribe
          again at any time; we will send a link to confirm.
        </p>
        <Link to="/" className={buttonVariants({ className: "mt-8" })}>
          Back to the home page
        </Link>
      </NoticeCard>
    );
  }

  return (
    <NoticeCard icon={<MailX className="size-7" aria-hidden="true" />} title={UNSUBSCRIBE_TEXTS.confirmTitle}>
      <p>
        <EmailAddress email={result.email} /> will stop receiving flower deals, seasonal guides and arranging tips.
      </p>
      <LinkActionForm token={result.token} label={UNSUBSCRIBE_TEXTS.button} busyLabel="Unsubscribing..." />
    </NoticeCard>
  );
}
