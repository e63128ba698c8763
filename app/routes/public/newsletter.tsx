import { island, withIslands, type Island } from "~/components/ui/island";
import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { MAX_JSON_BYTES } from "~/http/api.server";
import { pageMeta } from "~/http/meta";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { subscribe } from "~/services/newsletter/newsletter.server";
import { readFormWithLimit } from "~/http/form-body.server";
import type { Route } from "./+types/newsletter";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/newsletter");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.NewsletterPage, import.meta.env.SSR ? await loadPage() : undefined);

/** No data of its own; without a server loader the clientLoader below would run instead of the server's render. */
export const loader = () => null;
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

/**
 * The newsletter form's own address. With JavaScript the form posts to the JSON API and answers with a toast;
 * before the page's script has loaded (or without JavaScript) the browser posts the form here, and this page
 * gives the same answer. The address travels in the body, never in a URL.
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    const form = await readFormWithLimit(request, MAX_JSON_BYTES, "The form is larger than 16 KB.");
    const email = form.get("email");
    await subscribe(getDb(), { email: typeof email === "string" ? email : "" });
    return { ok: true as const };
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

export default function Newsletter(props: Route.ComponentProps) {
  return <Page {...props} />;
}
