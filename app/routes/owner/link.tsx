import { data, Link, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import { pageMeta } from "~/http/meta";
import { commitOwnerCookie, OWNER_NO_STORE } from "~/http/owner-auth.server";
import { clientIpContext, rateLimitRefusalContext } from "~/http/request-context.server";
import { OWNER_HOME, OWNER_LINK_EXPIRED_MESSAGE, OWNER_SIGN_IN_PATH } from "~/services/owners/owner-form";
import { findOwnerLink, signInWithLink } from "~/services/owners/owners.server";
import { AppError } from "~/services/errors";
import { buttonVariants } from "~/components/ui/button";
import { FormMessage, OwnerCard, TokenButtonForm } from "~/components/owners/owner-frame";
import type { Route } from "./+types/link";

/**
 * The page a sign-in link opens. Its GET changes nothing (mail scanners open links): the owner presses "Sign in",
 * which uses the link (once, within 30 minutes) and sets the owner's cookie. The request log keeps only the token's
 * first characters (server/main.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await findOwnerLink(getDb(), token);
  return link.live ? { live: true as const, email: link.email ?? "", token } : { live: false as const };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE).catch(() => undefined);
  const refusal = context.get(rateLimitRefusalContext);
  if (refusal !== null) return data({ error: refusal }, { status: 429, headers: OWNER_NO_STORE });
  const token = form?.get("token");
  if (typeof token !== "string") return data({ error: OWNER_LINK_EXPIRED_MESSAGE }, { status: 400, headers: OWNER_NO_STORE });
  try {
    const { sessionId } = await signInWithLink(getDb(), token, { ip: context.get(clientIpContext) });
    throw redirect(OWNER_HOME, { headers: { ...OWNER_NO_STORE, "Set-Cookie": await commitOwnerCookie(sessionId) } });
  } catch (error) {
    if (error instanceof AppError) return data({ error: error.message }, { status: 400, headers: OWNER_NO_STORE });
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => OWNER_NO_STORE;
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Sign in to your listing", path: "/owner/link", noindex: true });

export default function OwnerLink({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.live || actionData?.error) {
    return (
      <OwnerCard title="Link expired" intro="A sign-in link works once, within 30 minutes.">
        <FormMessage>{actionData?.error ?? OWNER_LINK_EXPIRED_MESSAGE}</FormMessage>
        <Link to={OWNER_SIGN_IN_PATH} className={buttonVariants()}>
          Ask for a new link
        </Link>
      </OwnerCard>
    );
  }
  return (
    <OwnerCard
      title="Sign in to your listing"
      intro={
        <>
          As <strong className="font-semibold text-ink [overflow-wrap:anywhere]">{loaderData.email}</strong>. This link works once.
        </>
      }
    >
      <TokenButtonForm token={loaderData.token} label="Sign in" busyLabel="Signing in..." />
    </OwnerCard>
  );
}
