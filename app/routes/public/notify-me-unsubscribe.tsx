import { Link } from "react-router";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { postTokenLink, readTokenLink } from "~/http/token-link.server";
import { cancelDemandRequest, findDemandByUnsubscribeToken } from "~/services/demand/demand.server";
import type { Route } from "./+types/notify-me-unsubscribe";
import { CheckCircle2, MailQuestion, MailX } from "~/components/icons";
import { EmailAddress, LinkActionForm, NoticeCard } from "~/components/newsletter/notice-card";
import { buttonVariants } from "~/components/ui/button";

/**
 * Cancels a "tell me when a supplier is listed" request from its message's link (decision 044). Reads, never
 * changes, on GET; the button posts (a browser with JavaScript presses it itself, as the newsletter's).
 */
export const loader = ({ request }: Route.LoaderArgs) => readTokenLink(request, (token) => findDemandByUnsubscribeToken(getDb(), token));

export const action = ({ request }: Route.ActionArgs) => postTokenLink(request, (token) => cancelDemandRequest(getDb(), token));

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Cancel Your Request", path: "/notify-me/unsubscribe", noindex: true });

/** The cancel page. */
export default function NotifyMeUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.state === "unknown") {
    return (
      <NoticeCard icon={<MailQuestion className="size-7" aria-hidden="true" />} title="Link Not Found">
        <p>This link is not valid. Please use the complete link from our email, or contact us and we will remove your address.</p>
        <Link to="/about" className={buttonVariants({ variant: "secondary", className: "mt-8" })}>
          Contact us
        </Link>
      </NoticeCard>
    );
  }
  const within = `within ${result.radiusMiles} miles of ${result.zipcode}`;
  if (result.state === "ended") {
    return (
      <NoticeCard icon={<CheckCircle2 className="size-7" aria-hidden="true" />} title="Your request has ended">
        <p role="status">
          We will not write to <EmailAddress email={result.email} /> about suppliers {within}.
        </p>
        <Link to="/" className={buttonVariants({ className: "mt-8" })}>
          Back to the home page
        </Link>
      </NoticeCard>
    );
  }
  return (
    <NoticeCard icon={<MailX className="size-7" aria-hidden="true" />} title="Cancel your request?">
      <p>
        Stop waiting for a supplier {within} at <EmailAddress email={result.email} />?
      </p>
      <LinkActionForm token={"token" in result ? String(result.token) : ""} label="Cancel my request" busyLabel="Cancelling..." />
    </NoticeCard>
  );
}
