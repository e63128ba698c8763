import { data, Link, useRouteLoaderData } from "react-router";
import { ABOUT_FAQ } from "~/components/about/faq";
import { type SuggestionFormResult, LocationForm, SUBMIT_LOCATION } from "~/components/about/location-form";
import { getDb } from "~/db/db.server";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE } from "~/http/form-body.server";
import { formRefusal, runPublicForm } from "~/http/public-form.server";
import { keepUnsentForm } from "~/http/unsent-form";
import { SUGGESTION_FIELDS, SUGGESTION_MESSAGES } from "~/services/suggestions/suggestion-form";
import { createLocationSuggestion } from "~/services/suggestions/suggestions.server";
import { SAVINGS_CLAIM } from "~/utils/claims";
import { formatNumber } from "~/utils/en-us";
import { getEnv } from "~/utils/env.server";
import { getDirectoryCoverage } from "~/services/wholesalers/wholesalers.server";
import { faqPageJsonLd } from "~/services/seo/json-ld";
import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/about";
import { BadgeCheck, ShieldCheck, Mail, MapPin, Store } from "~/components/icons";
import { FaqList } from "~/components/about/faq-list";
import { FeatureCards } from "~/components/about/feature-cards";
import { PageIntro } from "~/components/blog/page-intro";
import type { loader as rootLoader } from "~/root";

/** The directory's real size, for the claims at the top of the page. */
export async function loader() {
  return { coverage: await getDirectoryCoverage(getDb()) };
}

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
  const key = crypto.randomUUID();
  const form = { fields: SUGGESTION_FIELDS, maxBytes: MAX_PUBLIC_FORM_BYTES, tooLarge: PUBLIC_FORM_TOO_LARGE };
  const outcome = await runPublicForm(request, context, form, (input, ip) =>
    createLocationSuggestion(getDb(), input, ip, new Date(), { siteUrl: getEnv().SITE_URL }),
  );
  if (outcome.ok) return { status: "saved", message: SUGGESTION_MESSAGES.saved, key } satisfies SuggestionFormResult;
  // Bad input, a body that is not a form (400) or too large (413), too many sent (429): the message beside the form.
  return data(formRefusal(outcome, key) satisfies SuggestionFormResult, { status: outcome.status });
}

/** Sent without a connection, the form stays as it was, with a notice. */
export const clientAction = (args: Route.ClientActionArgs) => keepUnsentForm(args);

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * The page's claims, from the database, never a round figure (issue #37 point 10): the directory's size, and how
 * many of its listings carry the date a source last confirmed them.
 */
const missionPoints = (coverage: { listings: number; states: number; verified: number; verifiedLastYear: number; ownerVerified: number }) => [
  {
    icon: MapPin,
    title: count(coverage.listings, "listing", "listings"),
    text: `Markets and suppliers in ${count(coverage.states, "state", "states")}, and growing`,
  },
  {
    icon: BadgeCheck,
    title: `${formatNumber(coverage.verified)} of ${formatNumber(coverage.listings)} dated`,
    text: `Listings with the date a source last confirmed them; ${formatNumber(coverage.verifiedLastYear)} checked in the last 12 months, ${formatNumber(coverage.ownerVerified)} by their owners`,
  },
  { icon: ShieldCheck, title: "Always free", text: "No sign-up, no paywall" },
];

/** The about page. */
export default function About({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.settings.general.siteName ?? "Wholesale Flower Finder";
  const contactEmail = root?.settings.general.contactEmail ?? "hello@wholesaleflowerfinder.com";
  const enableBlog = root?.settings.general.enableBlog ?? true;

  return (
    <>
      <section className="relative overflow-hidden border-b border-stone-200/70 bg-gradient-to-b from-blush/60 to-cream">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.4fr_1fr] lg:items-center lg:px-8">
          <PageIntro eyebrow="About us" title="Beautiful flowers shouldn't cost a fortune">
            <p>
              {siteName} has been helping people buy flowers for less since 2020. Wholesale flower markets sell the same
              fresh stems florists use, often for {SAVINGS_CLAIM} less than retail, yet many are hard to find and few
              advertise that they welcome the public.
            </p>
            <p className="mt-4">
              We map them state by state and pair them with practical advice, so consumers, DIY arrangers, wedding and
              event florists and budget shoppers can find great flowers near them and make the most of every stem.
            </p>
          </PageIntro>
          <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
            {missionPoints(loaderData.coverage).map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-center gap-4 rounded-2xl border border-white/80 bg-white/80 p-4 shadow-sm backdrop-blur">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-rose-brand text-white">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-serif text-lg font-semibold text-ink">{title}</span>
                  <span className="block text-sm text-muted">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="what-we-offer" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="what-we-offer" className="font-serif text-3xl font-semibold text-ink">
          What we offer
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-muted">Everything you need to source, save on and arrange your own flowers.</p>
        <div className="mt-10">
          <FeatureCards enableBlog={enableBlog} />
        </div>
      </section>

      <section aria-labelledby="submit-location" className="bg-white/70 py-16">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:gap-16 lg:px-8">
          <div>
            <h2 id="submit-location" className="font-serif text-3xl font-semibold text-ink">
              {SUBMIT_LOCATION}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-muted">
              Know a wholesale flower market or supplier we are missing? Tell us about it and help other flower lovers
              find it.
            </p>
            <ol className="mt-8 grid gap-5">
              {[
                ["Share the details", "The business name and address are all we need. Hours and tips help, too."],
                ["We check it", "Our team confirms the location and whether it sells to the public."],
                ["It goes live", "Verified businesses are added to their state's page for everyone to find."],
              ].map(([title, text], index) => (
                <li key={title} className="flex gap-4">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blush text-sm font-semibold text-rose-800" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span>
                    <span className="block font-medium text-ink">{title}</span>
                    <span className="block text-muted">{text}</span>
                  </span>
                </li>
              ))}
            </ol>
            <p className="mt-8 flex items-start gap-2 rounded-2xl bg-blush/50 p-4 text-ink">
              <Store className="mt-0.5 size-5 shrink-0 text-rose-brand" aria-hidden="true" />
              <span>
                Own or manage a flower business?{" "}
                <Link to="/list-your-business" className="font-semibold text-rose-brand underline-offset-4 hover:underline">
                  List your business
                </Link>{" "}
                with its opening hours and who may buy.
              </span>
            </p>
            <p className="mt-6 flex items-start gap-2 text-sm text-muted">
              <Mail className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
              <span>
                Prefer email? Write to us at{" "}
                <a href={`mailto:${contactEmail}`} className="font-medium text-rose-brand underline-offset-4 [overflow-wrap:anywhere] hover:underline">
                  {contactEmail}
                </a>
              </span>
            </p>
          </div>
          <div className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
            <LocationForm result={actionData} />
          </div>
        </div>
      </section>

      <section aria-labelledby="faq" className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="faq" className="font-serif text-3xl font-semibold text-ink">
          Frequently asked questions
        </h2>
        <div className="mt-8">
          <FaqList />
        </div>
      </section>
    </>
  );
}
