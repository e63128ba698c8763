import { data, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE } from "~/http/form-body.server";
import { isUnsent, keepUnsentForm } from "~/http/unsent-form";
import { runPublicForm } from "~/http/public-form.server";
import { requestDemandNotice } from "~/services/demand/demand.server";
import { DEMAND_DEFAULT_RADIUS, DEMAND_RADIUS_CHOICES } from "~/services/demand/demand-text";
import { isValidZipcode } from "~/services/geo/zipcode";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/notify-me";
import { CheckCircle2 } from "~/components/icons";
import { NotifyMeFullForm } from "~/components/demand/notify-me-full-form";
import { useHandedOverAnswer, type NotifyMeAnswer } from "~/components/demand/notify-me-sending";
import { NoticeCard } from "~/components/newsletter/notice-card";
import { buttonVariants } from "~/components/ui/button";
import { BackLink } from "~/components/wholesalers/back-link";

const FIELDS = ["email", "zipcode", "radius"] as const;

/** The zipcode and distance the form starts with, from the address (/notify-me?zip=59301&radius=25). */
function formFromUrl(url: string) {
  const params = new URL(url).searchParams;
  const zip = params.get("zip")?.trim() ?? "";
  const radius = Number(params.get("radius"));
  return {
    zipcode: isValidZipcode(zip) ? zip : undefined,
    radius: (DEMAND_RADIUS_CHOICES as readonly number[]).includes(radius) ? radius : DEMAND_DEFAULT_RADIUS,
  };
}

/** The form alone (/notify-me?zip=59301&radius=25): what a results page's form becomes after a refused post. */
export function loader({ request }: Route.LoaderArgs) {
  return formFromUrl(request.url);
}

/**
 * In the browser the page needs nothing from the server: a form sent with JavaScript that comes here with its answer
 * (components/demand/notify-me-sending.ts) shows it even when the signal dropped right after the answer arrived.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return formFromUrl(request.url);
}

/**
 * Where every "Tell me when a supplier is listed" form posts, with or without JavaScript (decision 044). The answer
 * is the same for every valid request (check your inbox); bad input comes back with its message and a 400, too
 * many requests with a 429 (server/app.ts counts this address like the other public forms).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const noStore = { "Cache-Control": "no-store" };
  const form = { fields: FIELDS, maxBytes: MAX_PUBLIC_FORM_BYTES, tooLarge: PUBLIC_FORM_TOO_LARGE };
  const outcome = await runPublicForm(request, context, form, (input) =>
    requestDemandNotice(getDb(), input, { siteUrl: getEnv().SITE_URL }),
  );
  if (outcome.ok) {
    const { message, zipcode, radius } = outcome.saved;
    return data({ ok: true as const, message, zipcode, radius } satisfies NotifyMeAnswer, { status: 202, headers: noStore });
  }
  const { error, status, values } = outcome;
  return data(
    { ok: false as const, message: error.message, fieldErrors: error.fieldErrors ?? {}, values } satisfies NotifyMeAnswer,
    { status, headers: noStore },
  );
}

/**
 * Sent without a connection, a form (sent as a fetcher with JavaScript: components/demand/notify-me-sending.ts) stays
 * where it is, with a notice.
 */
export const clientAction = (args: Route.ClientActionArgs) => keepUnsentForm(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Tell Me When a Supplier Is Listed",
    description: "Leave your email and zipcode: we write once when a wholesale flower supplier is listed near you.",
    path: "/notify-me",
    noindex: true,
  });

/**
 * The answer to the form, or the form again with what was wrong: the server's, posted here without JavaScript, or the
 * one a form sent with JavaScript handed over as it came here.
 */
export default function NotifyMe({ loaderData, actionData: posted }: Route.ComponentProps) {
  const handedOver = useHandedOverAnswer();
  const actionData = posted && !isUnsent(posted) ? posted : handedOver;
  if (actionData?.ok) {
    return (
      <NoticeCard icon={<CheckCircle2 className="size-7" aria-hidden="true" />} title="Check your inbox">
        <p role="status">{actionData.message}</p>
        <p className="mt-3">
          Once confirmed, we write to you one time, when a supplier is listed within {actionData.radius} miles of {actionData.zipcode}.
        </p>
        <Link to={`/near?zip=${actionData.zipcode}&radius=${actionData.radius}`} className={buttonVariants({ variant: "secondary", className: "mt-8" })}>
          Back to the search
        </Link>
      </NoticeCard>
    );
  }
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const values = refused?.values;
  const zipcode = values?.zipcode?.trim() || loaderData.zipcode;
  const radius = Number(values?.radius) || loaderData.radius;
  const formError = refused && Object.keys(refused.fieldErrors).length === 0 ? refused.message : undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <BackLink to={zipcode ? `/near?zip=${zipcode}&radius=${radius}` : "/"}>{zipcode ? "Back to the search" : "Back to Home"}</BackLink>
      <h1 className="mt-6 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Tell me when a supplier is listed</h1>
      <p className="mt-3 text-muted">
        Nobody is listed near you yet. Leave your email: we write once, when a wholesale flower supplier is added within the distance you
        choose.
      </p>
      {formError ? (
        <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {formError}
        </p>
      ) : null}
      <NotifyMeFullForm
        className="mt-6"
        zipcode={zipcode}
        radius={radius}
        email={values?.email}
        fieldErrors={refused?.fieldErrors}
        idPrefix="notify-page"
      />
    </section>
  );
}
