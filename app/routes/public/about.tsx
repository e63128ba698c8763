import { island, withIslands, type Island } from "~/components/ui/island";
import { data } from "react-router";
import { ABOUT_FAQ } from "~/components/about/faq";
import type { SuggestionFormResult } from "~/components/about/location-form";
import { getDb } from "~/db/db.server";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import { SUGGESTION_FIELDS, SUGGESTION_MESSAGES, HONEYPOT_FIELD, type LocationSuggestionField } from "~/services/suggestions/suggestion-form";
import { createLocationSuggestion } from "~/services/suggestions/suggestions.server";
import { getDirectoryCoverage } from "~/services/wholesalers/wholesalers.server";
import { clientIpContext, refuseIfRateLimited } from "~/http/request-context.server";
import { faqPageJsonLd } from "~/services/seo/json-ld";
import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/about";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/about");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.AboutPage, import.meta.env.SSR ? await loadPage() : undefined);

/** The directory's real size, for the claims at the top of the page. */
export async function loader() {
  return { coverage: await getDirectoryCoverage(getDb()) };
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "About Us",
    description:
      "Since 2020 we have helped consumers, DIY arrangers, wedding and event florists and budget shoppers find wholesale flower suppliers. Suggest a wholesaler we are missing.",
    keywords: "about wholesale flower finder, submit wholesale flower market, wholesale flowers to the public, flower market FAQ",
    path: "/about",
    jsonLd: import.meta.env.SSR ? faqPageJsonLd(ABOUT_FAQ) : undefined,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const values: Partial<Record<LocationSuggestionField, string>> = {};
  const key = crypto.randomUUID();
  try {
    const form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE);
    for (const field of SUGGESTION_FIELDS) {
      const value = form.get(field);
      if (typeof value === "string") values[field] = value;
    }
    refuseIfRateLimited(context);
    const honeypot = form.get(HONEYPOT_FIELD);
    await createLocationSuggestion(getDb(), { ...values, [HONEYPOT_FIELD]: typeof honeypot === "string" ? honeypot : undefined }, context.get(clientIpContext));
    return { status: "saved", message: SUGGESTION_MESSAGES.saved, key } satisfies SuggestionFormResult;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Bad input, a body that is not a form (400) or too large (413), too many sent (429): the message beside the form.
    const result: SuggestionFormResult = {
      status: error.code === "too_many_requests" ? "refused" : "invalid",
      message: error.message,
      fieldErrors: error.fieldErrors ?? {},
      values,
      key,
    };
    return data(result, { status: STATUS_BY_CODE[error.code] });
  }
}

export default function About(props: Route.ComponentProps) {
  return <Page {...props} />;
}
