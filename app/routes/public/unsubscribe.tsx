import { island, withIslands, type Island } from "~/components/ui/island";
import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { findSubscriptionByToken, unsubscribe } from "~/services/newsletter/newsletter.server";
import { pageMeta } from "~/http/meta";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import type { Route } from "./+types/unsubscribe";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/unsubscribe");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.UnsubscribePage, import.meta.env.SSR ? await loadPage() : undefined);

/** Reads, never changes: mail scanners and link prefetchers open unsubscribe links without the reader's consent. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscription = await findSubscriptionByToken(getDb(), token);
  if (!subscription) return data({ state: "unknown" as const }, { status: 404 });
  return { state: subscription.active ? ("subscribed" as const) : ("unsubscribed" as const), email: subscription.email, token };
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

export async function action({ request }: Route.ActionArgs) {
  // The form holds one token: anything that is not a small form is a link we do not know.
  const form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE).catch(() => undefined);
  if (!form) return data({ state: "unknown" as const }, { status: 400 });
  const token = form.get("token");
  const email = typeof token === "string" ? await unsubscribe(getDb(), token) : undefined;
  if (!email) return data({ state: "unknown" as const }, { status: 404 });
  return { state: "unsubscribed" as const, email };
}

/** The page shows the subscriber's address and the link is theirs alone: no browser or proxy may keep it. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Newsletter Unsubscribe", path: "/newsletter/unsubscribe", noindex: true });

export default function Unsubscribe(props: Route.ComponentProps) {
  return <Page {...props} />;
}
