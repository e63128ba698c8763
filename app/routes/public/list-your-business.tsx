import { BadgeCheck } from "~/components/icons/listing";
import { ClipboardList } from "lucide-react";
import { Search } from "~/components/icons/site";
import { data, Link } from "react-router";
import { PageIntro } from "~/components/blog/page-intro";
import { BusinessForm, type BusinessFormResult, type BusinessFormValues } from "~/components/submissions/business-form";
import { getDb } from "~/db/db.server";
import { clientIpContext, refuseIfRateLimited } from "~/http/request-context.server";
import { pageMeta } from "~/http/meta";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/services/tools/form-body.server";
import { listStateNames } from "~/services/states/states.server";
import {
  HONEYPOT_FIELD,
  LIST_YOUR_BUSINESS,
  LIST_YOUR_BUSINESS_PATH,
  SUBMISSION_FIELDS,
  submissionReceivedMessage,
} from "~/services/submissions/business-form";
import { createBusinessSubmission } from "~/services/submissions/submissions.server";
import type { Route } from "./+types/list-your-business";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "List Your Business",
    description:
      "Run a wholesale flower market, flower mart or supplier? List it for free in the Wholesale Flower Finder directory: we check every listing before it goes live.",
    keywords: "list wholesale flower business, add flower market to directory, free florist supplier listing",
    path: LIST_YOUR_BUSINESS_PATH,
  });

export async function loader() {
  return { states: await listStateNames(getDb()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values: BusinessFormValues = {};
  const key = crypto.randomUUID();
  try {
    const form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE);
    for (const field of SUBMISSION_FIELDS) {
      const value = form.get(field);
      if (typeof value === "string") values[field] = value;
    }
    refuseIfRateLimited(context);
    const honeypot = form.get(HONEYPOT_FIELD);
    const { name } = await createBusinessSubmission(
      getDb(),
      { ...values, [HONEYPOT_FIELD]: typeof honeypot === "string" ? honeypot : undefined },
      context.get(clientIpContext),
    );
    return { status: "saved", message: submissionReceivedMessage(name), email: values.submitterEmail?.trim() ?? "", key } satisfies BusinessFormResult;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Bad input, a body that is not a form (400) or too large (413), too many sent (429): the message beside the form.
    const result: BusinessFormResult = {
      status: error.code === "too_many_requests" ? "refused" : "invalid",
      message: error.message,
      fieldErrors: error.fieldErrors ?? {},
      values,
      key,
    };
    return data(result, { status: STATUS_BY_CODE[error.code] });
  }
}

const STEPS = [
  { icon: ClipboardList, title: "Tell us about your business", text: "Where it is, who may buy and when you are open." },
  { icon: Search, title: "We check the details", text: "Our team confirms the listing, and emails you if anything is unclear." },
  { icon: BadgeCheck, title: "It goes live", text: "Your business appears on its state's page, marked as verified." },
];

export default function ListYourBusiness({ loaderData, actionData }: Route.ComponentProps) {
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
            <Link to="/about#submit-location" className="font-semibold text-rose-brand hover:underline">
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
