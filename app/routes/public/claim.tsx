import { data, Form, useNavigation } from "react-router";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { runPublicForm } from "~/http/public-form.server";
import { parseId } from "~/services/ids";
import { mailContext } from "~/services/mail/context.server";
import { CLAIM_FIELDS, CLAIM_MESSAGES, claimPath, OWNER_SIGN_IN_PATH, type ClaimResult } from "~/services/owners/owner-form";
import { createClaim } from "~/services/owners/owners.server";
import { findListing } from "~/services/wholesalers/listing.server";
import { listingPath } from "~/services/wholesalers/slug";
import { getEnv } from "~/utils/env.server";
import { waitingNear } from "~/services/demand/demand.server";
import { WaitingNearNote } from "~/components/demand/waiting-near-note";
import { CheckCircle2, Send } from "~/components/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { Honeypot, TextField } from "~/components/ui/field";
import { BackLink } from "~/components/wholesalers/back-link";
import { FormMessage, OwnerCard } from "~/components/owners/owner-frame";
import type { Route } from "./+types/claim";

const MAX_FORM_BYTES = 8 * 1024;

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const listing = id === undefined ? undefined : await findListing(getDb(), id);
  if (!listing) throw data(null, { status: 404 });
  const waiting = await waitingNear(getDb(), listing.zipcode);
  return {
    listing: { id: listing.id, name: listing.name, path: listingPath(listing), website: listing.website ?? null },
    waitingNear: waiting > 0 ? { zipcode: listing.zipcode, people: waiting } : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, data: page, params }) =>
  pageMeta(matches, {
    title: page ? `Claim ${page.listing.name}` : "Claim a listing",
    description: "Is this your business? Claim the listing to keep its phone, hours and who may buy right.",
    path: `/wholesalers/${params.id}/claim`,
    noindex: true,
  });

/** What the claimant typed is theirs alone: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * "Is this your business? Claim it" (services/owners/owners.server.ts): bad input, an unknown listing and too many
 * claims answer their message with a 4xx; server/app.ts limits the posts per address like the other public forms.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const noStore = { "Cache-Control": "no-store" };
  const wholesalerId = parseId(params.id);
  if (wholesalerId === undefined) {
    return data<ClaimResult>({ ok: false, message: CLAIM_MESSAGES.listingGone, fieldErrors: {}, values: {} }, { status: 404, headers: noStore });
  }
  const db = getDb();
  const form = { fields: CLAIM_FIELDS, maxBytes: MAX_FORM_BYTES, tooLarge: CLAIM_MESSAGES.tooLarge, notAForm: CLAIM_MESSAGES.notAForm };
  const outcome = await runPublicForm(request, context, form, async (input, ip) =>
    createClaim(db, wholesalerId, input, ip, await mailContext(db, getEnv().SITE_URL)),
  );
  if (outcome.ok) return data<ClaimResult>({ ok: true, status: outcome.saved.status, message: outcome.saved.message }, { headers: noStore });
  const { error, status, values } = outcome;
  return data<ClaimResult>({ ok: false, message: error.message, fieldErrors: error.fieldErrors ?? {}, values }, { status, headers: noStore });
}

export default function ClaimListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const errors = refused?.fieldErrors ?? {};
  const values = refused?.values ?? {};
  const formError = refused && Object.keys(errors).length === 0 ? refused.message : undefined;

  if (actionData?.ok) {
    return (
      <OwnerCard title={actionData.status === "verified" ? "Check your inbox" : "Claim received"}>
        <div role="status" className="grid justify-items-center gap-3 text-center">
          <CheckCircle2 className="size-12 text-leaf" aria-hidden="true" />
          <p className="max-w-sm text-sm text-muted">{actionData.message}</p>
          <a href={listing.path} className={buttonVariants({ variant: "secondary", className: "mt-2" })}>
            Back to the listing
          </a>
        </div>
      </OwnerCard>
    );
  }

  return (
    <>
      <div className="mx-auto max-w-xl px-4 pt-6 sm:px-6">
        <BackLink to={listing.path}>{listing.name}</BackLink>
      </div>
      <OwnerCard
        title={`Is ${listing.name} your business?`}
        intro={
          <>
            <p>
              Claim the listing to keep its phone, website, hours and who may buy right yourself. It is free.
              {listing.website
                ? " With an email address on the business's own website, you get a sign-in link at once; any other address is checked by an admin first."
                : " An admin checks each claim before it is approved, then mails you a sign-in link."}
            </p>
            <p className="mt-2">
              Already an owner?{" "}
              <a href={OWNER_SIGN_IN_PATH} className="font-medium text-rose-brand underline underline-offset-4">
                Sign in
              </a>
              .
            </p>
          </>
        }
      >
        {loaderData.waitingNear ? (
          <WaitingNearNote
            className="mb-5 text-sm"
            people={loaderData.waitingNear.people}
            zipcode={loaderData.waitingNear.zipcode}
            then="Keeping this listing right helps them find it."
          />
        ) : null}
        <Form method="post" action={claimPath(listing.id)} noValidate className="relative grid gap-5">
          <FormMessage>{formError}</FormMessage>
          <TextField id="claim-name" name="name" label="Your name" mark="required" autoComplete="name" defaultValue={values.name} error={errors.name} />
          <TextField
            id="claim-role"
            name="role"
            label="Your role"
            mark="required"
            placeholder="Owner, manager..."
            autoComplete="organization-title"
            defaultValue={values.role}
            error={errors.role}
          />
          <TextField
            id="claim-email"
            name="email"
            type="email"
            label="Email"
            mark="required"
            autoComplete="email"
            hint={listing.website ? "Use your address on the business's website to sign in at once." : undefined}
            defaultValue={values.email}
            error={errors.email}
          />
          <TextField
            id="claim-phone"
            name="phone"
            type="tel"
            label="Phone"
            mark="required"
            autoComplete="tel"
            hint="An admin may call to check the claim."
            defaultValue={values.phone}
            error={errors.phone}
          />
          <Honeypot />
          <div className="flex justify-end">
            <Button type="submit" disabled={sending}>
              <Send aria-hidden="true" />
              {sending ? "Sending..." : "Claim this listing"}
            </Button>
          </div>
        </Form>
      </OwnerCard>
    </>
  );
}
