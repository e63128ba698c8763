import { data, Link } from "react-router";
import { type BusinessFormResult, BusinessForm } from "~/components/submissions/business-form";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE } from "~/http/form-body.server";
import { formRefusal, runPublicForm } from "~/http/public-form.server";
import { keepUnsentForm } from "~/http/unsent-form";
import { listStateNames } from "~/services/states/states.server";
import { LIST_YOUR_BUSINESS_PATH, SUBMISSION_FIELDS, submissionReceivedMessage, LIST_YOUR_BUSINESS } from "~/services/submissions/business-form";
import { createBusinessSubmission } from "~/services/submissions/submissions.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/list-your-business";
import { BadgeCheck, ClipboardList, Search } from "~/components/icons";
import { waitingNear } from "~/services/demand/demand.server";
import { WaitingNearNote } from "~/components/demand/waiting-near-note";
import { isValidZipcode } from "~/services/geo/zipcode";
import { PageIntro } from "~/components/blog/page-intro";
import { SUBMIT_LOCATION_HREF } from "~/components/layout/site-nav";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "List Your Business",
    description:
      "Run a wholesale flower market, flower mart or supplier? List it for free in the Wholesale Flower Finder directory: we check every listing before it goes live.",
    keywords: "list wholesale flower business, add flower market to directory, free florist supplier listing",
    path: LIST_YOUR_BUSINESS_PATH,
  });

/** With ?zip= (the empty results' "Know a supplier? List it"), how many people wait for a supplier there (decision 044). */
export async function loader({ request }: Route.LoaderArgs) {
  const zip = new URL(request.url).searchParams.get("zip")?.trim() ?? "";
  const db = getDb();
  const [states, waiting] = await Promise.all([listStateNames(db), isValidZipcode(zip) ? waitingNear(db, zip) : 0]);
  return { states, waitingNear: waiting > 0 ? { zipcode: zip, people: waiting } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const key = crypto.randomUUID();
  const form = { fields: SUBMISSION_FIELDS, maxBytes: MAX_PUBLIC_FORM_BYTES, tooLarge: PUBLIC_FORM_TOO_LARGE };
  const outcome = await runPublicForm(request, context, form, (input, ip) =>
    createBusinessSubmission(getDb(), input, ip, new Date(), { siteUrl: getEnv().SITE_URL }),
  );
  if (outcome.ok) {
    const email = outcome.values.submitterEmail?.trim() ?? "";
    const zipcode = outcome.values.zipcode?.trim() ?? "";
    const people = isValidZipcode(zipcode) ? await waitingNear(getDb(), zipcode) : 0;
    const saved = { status: "saved", message: submissionReceivedMessage(outcome.saved.name), email, key } satisfies BusinessFormResult;
    return { ...saved, waitingNear: people > 0 ? { zipcode, people } : null };
  }
  // Bad input, a body that is not a form (400) or too large (413), too many sent (429): the message beside the form.
  return data(formRefusal(outcome, key) satisfies BusinessFormResult, { status: outcome.status });
}

/** Sent without a connection, the form stays as it was, with a notice. */
export const clientAction = (args: Route.ClientActionArgs) => keepUnsentForm(args);

const STEPS = [
  { icon: ClipboardList, title: "Tell us about your business", text: "Where it is, who may buy and when you are open." },
  { icon: Search, title: "We check the details", text: "Our team confirms the listing and emails you the decision." },
  { icon: BadgeCheck, title: "It goes live", text: "Your business appears on its state's page, marked as verified." },
];

/** The list-your-business page. */
export default function ListYourBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const waiting = (actionData && "waitingNear" in actionData ? actionData.waitingNear : null) ?? loaderData.waitingNear;
  return (
    <div className="bg-gradient-to-b from-blush/50 to-cream">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_2fr] lg:gap-14 lg:px-8">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <PageIntro eyebrow="For businesses" title={LIST_YOUR_BUSINESS}>
            <p>
              Run a wholesale flower market, a flower mart or a supplier? Listing it is free, and it helps florists, event planners
              and flower lovers find you.
            </p>
          </PageIntro>
          {waiting ? (
            <WaitingNearNote className="mt-6" people={waiting.people} zipcode={waiting.zipcode} then="We write to them once your listing is live." />
          ) : null}
          <ol className="mt-8 grid gap-5">
            {STEPS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-rose-brand ring-1 ring-stone-200">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-medium text-ink">{title}</span>
                  <span className="block text-muted">{text}</span>
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-8 text-sm text-muted">
            Not your business?{" "}
            <Link to={SUBMIT_LOCATION_HREF} className="font-semibold text-rose-brand hover:underline">
              Suggest a location
            </Link>{" "}
            instead.
          </p>
        </div>
        <div className="min-w-0 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <BusinessForm states={loaderData.states} result={actionData} />
        </div>
      </div>
    </div>
  );
}
