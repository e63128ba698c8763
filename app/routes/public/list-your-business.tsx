import { island, withIslands, type Island } from "~/components/ui/island";
import { data } from "react-router";
import type { BusinessFormResult, BusinessFormValues } from "~/components/submissions/business-form";
import { getDb } from "~/db/db.server";
import { clientIpContext, refuseIfRateLimited } from "~/http/request-context.server";
import { pageMeta } from "~/http/meta";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "~/http/form-body.server";
import { listStateNames } from "~/services/states/states.server";
import { HONEYPOT_FIELD, LIST_YOUR_BUSINESS_PATH, SUBMISSION_FIELDS, submissionReceivedMessage } from "~/services/submissions/business-form";
import { createBusinessSubmission } from "~/services/submissions/submissions.server";
import type { Route } from "./+types/list-your-business";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/list-your-business");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.ListYourBusinessPage, import.meta.env.SSR ? await loadPage() : undefined);

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

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

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

export default function ListYourBusiness(props: Route.ComponentProps) {
  return <Page {...props} />;
}
