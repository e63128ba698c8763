import { Link } from "react-router";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { postTokenLink, readTokenLink } from "~/http/token-link.server";
import { confirmDemandRequest, findDemandConfirmation } from "~/services/demand/demand.server";
import type { Route } from "./+types/notify-me-confirm";
import { CheckCircle2, Mail, MailQuestion } from "~/components/icons";
import { EmailAddress, LinkActionForm, NoticeCard } from "~/components/newsletter/notice-card";
import { buttonVariants } from "~/components/ui/button";

/**
 * The confirmation link of "tell me when a supplier is listed" (decision 044). Its GET changes nothing (mail
 * scanners open links); the Confirm button posts, and a browser with JavaScript presses it itself.
 */
export const loader = ({ request }: Route.LoaderArgs) => readTokenLink(request, (token) => findDemandConfirmation(getDb(), token));

export const action = ({ request }: Route.ActionArgs) => postTokenLink(request, (token) => confirmDemandRequest(getDb(), token));

/** The link is the visitor's alone and the page shows their address: no browser or proxy may keep it. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Confirm Your Request", path: "/notify-me/confirm", noindex: true });

export const DEMAND_CONFIRM_TEXTS = {
  pendingTitle: "Confirm your request",
  button: "Confirm my request",
  doneTitle: "We will write to you",
  unknownTitle: "Confirmation Link Not Found",
  unknownText:
    "This link is not valid any more: it may be older than 14 days, the request was cancelled or already answered. Ask again from a search, and use the link in the newest email.",
} as const;

/** The confirmation page. */
export default function NotifyMeConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.state === "unknown") {
    return (
      <NoticeCard icon={<MailQuestion className="size-7" aria-hidden="true" />} title={DEMAND_CONFIRM_TEXTS.unknownTitle}>
        <p>{DEMAND_CONFIRM_TEXTS.unknownText}</p>
        <Link to="/near" className={buttonVariants({ variant: "secondary", className: "mt-8" })}>
          Search near a zipcode
        </Link>
      </NoticeCard>
    );
  }
  const within = `within ${result.radiusMiles} miles of ${result.zipcode}`;
  if (result.state === "confirmed") {
    return (
      <NoticeCard icon={<CheckCircle2 className="size-7" aria-hidden="true" />} title={DEMAND_CONFIRM_TEXTS.doneTitle}>
        <p role="status">
          When a supplier is listed {within}, we write once to <EmailAddress email={result.email} />. The request ends after that message, or in
          12 months; every message has a link to cancel it.
        </p>
        <Link to={`/near?zip=${result.zipcode}&radius=${result.radiusMiles}`} className={buttonVariants({ className: "mt-8" })}>
          Back to the search
        </Link>
      </NoticeCard>
    );
  }
  return (
    <NoticeCard icon={<Mail className="size-7" aria-hidden="true" />} title={DEMAND_CONFIRM_TEXTS.pendingTitle}>
      <p>
        Write once to <EmailAddress email={result.email} /> when a supplier is listed {within}?
      </p>
      <LinkActionForm token={"token" in result ? String(result.token) : ""} label={DEMAND_CONFIRM_TEXTS.button} busyLabel="Confirming..." />
    </NoticeCard>
  );
}
