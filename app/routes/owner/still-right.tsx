import { data, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import { pageMeta } from "~/http/meta";
import { OWNER_NO_STORE } from "~/http/owner-auth.server";
import { clientIpContext } from "~/http/request-context.server";
import { AppError } from "~/services/errors";
import { OWNER_HOME, STILL_RIGHT_EXPIRED_MESSAGE } from "~/services/owners/owner-form";
import { confirmStillRight, findStillRight } from "~/services/owners/owners.server";
import { buttonVariants } from "~/components/ui/button";
import { FormMessage, OwnerCard, TokenButtonForm } from "~/components/owners/owner-frame";
import type { Route } from "./+types/still-right";

/** "Is your listing still right?": the link's page (its GET changes nothing), whose button confirms (a POST). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await findStillRight(getDb(), token);
  return found.live ? { live: true as const, listingName: found.listingName, token } : { live: false as const };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE).catch(() => undefined);
  const token = form?.get("token");
  if (typeof token !== "string")
    return data({ ok: false as const, error: STILL_RIGHT_EXPIRED_MESSAGE }, { status: 400, headers: OWNER_NO_STORE });
  try {
    const confirmed = await confirmStillRight(getDb(), token, { ip: context.get(clientIpContext) });
    return data({ ok: true as const, listingName: confirmed.listingName }, { headers: OWNER_NO_STORE });
  } catch (error) {
    if (error instanceof AppError)
      return data({ ok: false as const, error: STILL_RIGHT_EXPIRED_MESSAGE }, { status: 400, headers: OWNER_NO_STORE });
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => OWNER_NO_STORE;
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Is your listing still right?", path: "/owner/still-right", noindex: true });

export default function StillRight({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok) {
    return (
      <OwnerCard title="Thank you">
        <FormMessage tone="ok">{`${actionData.listingName} now shows it was checked this month, confirmed by the business.`}</FormMessage>
        <Link to={OWNER_HOME} className={buttonVariants({ variant: "secondary" })}>
          See or edit the listing
        </Link>
      </OwnerCard>
    );
  }
  if (!loaderData.live || actionData) {
    return (
      <OwnerCard title="Link not valid">
        <FormMessage>{STILL_RIGHT_EXPIRED_MESSAGE}</FormMessage>
        <Link to={OWNER_HOME} className={buttonVariants()}>
          Sign in
        </Link>
      </OwnerCard>
    );
  }
  return (
    <OwnerCard
      title={`Is ${loaderData.listingName} still right?`}
      intro="If the phone, website, hours, who may buy and the description are all still right, say so: the listing then shows it was checked this month."
    >
      <TokenButtonForm token={loaderData.token} label="Yes, still right" busyLabel="Saving..." />
      <p className="mt-6 text-sm text-muted">
        Something changed?{" "}
        <Link to={OWNER_HOME} className="font-medium text-rose-brand underline underline-offset-4">
          Sign in and edit the listing
        </Link>
        .
      </p>
    </OwnerCard>
  );
}
