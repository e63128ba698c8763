import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server";
import { readFormWithLimit } from "~/http/form-body.server";
import { pageMeta } from "~/http/meta";
import { OWNER_NO_STORE, requireOwner } from "~/http/owner-auth.server";
import { clientIpContext } from "~/http/request-context.server";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { parseId } from "~/services/ids";
import {
  OWNER_HOME,
  ownerPhotoPath,
  PHOTO_OUTCOMES,
  REVIEWED_FIELDS,
  REVIEWED_LABELS,
  type PhotoOutcome,
} from "~/services/owners/owner-form";
import { ACCEPTED_IMAGE_LABEL, ACCEPTED_IMAGE_TYPES } from "~/services/images/constants";
import { WholesalerImage } from "~/components/wholesalers/wholesaler-image";
import { findOwnedListing, ownerEditFromForm, saveOwnerEdit } from "~/services/owners/owners.server";
import { ACCESS_LABELS, WHOLESALER_ACCESS } from "~/services/wholesalers/constants";
import { localDateAt, WEEKDAYS, type WeeklyHours } from "~/services/wholesalers/opening-hours";
import { plainSpecialHoursFieldName } from "~/services/wholesalers/special-hours";
import { todayIsoDate } from "~/utils/dates";
import { SpecialHoursEditor } from "~/components/admin/wholesalers/special-hours-editor";
import { listingPath } from "~/services/wholesalers/slug";
import { WeeklyHoursEditor } from "~/components/admin/wholesalers/weekly-hours-editor";
import { Button } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { BackLink } from "~/components/wholesalers/back-link";
import { FormMessage, OwnerCard } from "~/components/owners/owner-frame";
import { checkedLabel, useRenderedDay } from "~/components/wholesalers/listing-facts";
import type { Route } from "./+types/listing";

const MAX_FORM_BYTES = 32 * 1024;

type ActionResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string | undefined> };

/** One listing of the signed-in owner's; any other listing is a 404, as if it did not exist. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const email = await requireOwner(request);
  const id = parseId(params.id);
  if (id === undefined) throw data(null, { status: 404, headers: OWNER_NO_STORE });
  try {
    const listing = await findOwnedListing(getDb(), email, id);
    const photo = new URL(request.url).searchParams.get("photo") ?? "";
    const photoOutcome = Object.hasOwn(PHOTO_OUTCOMES, photo) ? (photo as PhotoOutcome) : null;
    const today = listing.timeZone ? localDateAt(new Date(), listing.timeZone) : todayIsoDate();
    return { listing: { ...listing, path: listingPath(listing) }, photoOutcome, today };
  } catch (error) {
    if (error instanceof AppError) throw data(null, { status: 404, headers: OWNER_NO_STORE });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const email = await requireOwner(request);
  const id = parseId(params.id);
  const refuse = (error: AppError, values: Record<string, string | undefined> = {}) =>
    data<ActionResult>(
      { ok: false, message: error.message, fieldErrors: error.fieldErrors ?? {}, values },
      { status: STATUS_BY_CODE[error.code], headers: OWNER_NO_STORE },
    );
  if (id === undefined) return refuse(new AppError("not_found", "This listing no longer exists."));
  let form: FormData;
  try {
    form = await readFormWithLimit(request, MAX_FORM_BYTES, "The form is too large to send.");
  } catch (error) {
    if (error instanceof AppError) return refuse(error);
    throw error;
  }
  const read = (field: string) => {
    const value = form.get(field);
    return typeof value === "string" ? value : undefined;
  };
  const { raw, fieldErrors } = ownerEditFromForm(read);
  const values: Record<string, string | undefined> = { ...raw };
  for (const day of WEEKDAYS) values[`openingHours.${day}`] = read(`openingHours.${day}`);
  values[plainSpecialHoursFieldName("specialHours")] = read(plainSpecialHoursFieldName("specialHours"));
  if (fieldErrors) return refuse(new AppError("bad_request", "Please correct the highlighted fields.", fieldErrors), values);
  try {
    const saved = await saveOwnerEdit(getDb(), email, id, read("version") ?? "", raw, { ip: context.get(clientIpContext) });
    const parts = [
      saved.published.length || saved.pending.length === 0
        ? "Your listing is updated and shows it was confirmed by the business today."
        : "",
      saved.pending.length
        ? `The change of ${saved.pending.map((field) => REVIEWED_LABELS[field].toLowerCase()).join(", ")} waits for an admin, who checks it before it is shown.`
        : "",
    ];
    return data<ActionResult>({ ok: true, message: parts.filter(Boolean).join(" ") }, { headers: OWNER_NO_STORE });
  } catch (error) {
    if (error instanceof AppError) return refuse(error, values);
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => OWNER_NO_STORE;
export const meta: Route.MetaFunction = ({ matches, data: page, params }) =>
  pageMeta(matches, {
    title: page ? `Edit ${page.listing.name}` : "Edit your listing",
    path: `/owner/listings/${params.id}`,
    noindex: true,
  });

export default function OwnerListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, photoOutcome } = loaderData;
  const renderedDay = useRenderedDay();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const errors = refused?.fieldErrors ?? {};
  const values = refused?.values;
  const value = (field: string, current: string | null | undefined) => values?.[field] ?? current ?? "";
  const [hours, setHours] = useState<WeeklyHours | null>(listing.openingHours);
  const formError = refused && (Object.keys(errors).length === 0 ? refused.message : "Please correct the highlighted fields.");
  // After a save (with JavaScript the page does not reload), what came of it is brought into view.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData) top.current?.scrollIntoView({ block: "start" });
  }, [actionData]);

  return (
    <>
      <div className="mx-auto max-w-3xl px-4 pt-6 sm:px-6">
        <BackLink to={OWNER_HOME}>Your listings</BackLink>
      </div>
      <OwnerCard
        wide
        title={listing.name}
        intro={
          <>
            <p>
              Phone, website, who may buy, hours and description are published as soon as you save, and the listing then shows it was
              confirmed by the business today. A new name or address is checked by an admin first.{" "}
              <a href={listing.path} className="font-medium text-rose-brand underline underline-offset-4">
                See the public listing
              </a>
              .
            </p>
            <p className="mt-1 text-xs">{listing.verifiedAt ? checkedLabel(listing.verifiedAt, renderedDay) : "Never verified"}</p>
          </>
        }
      >
        <div ref={top} className="scroll-mt-24" />
        {actionData?.ok ? <FormMessage tone="ok">{actionData.message}</FormMessage> : null}
        <FormMessage>{formError}</FormMessage>
        {listing.pendingChange ? (
          <p className="mb-5 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="pending-change">
            Waiting for an admin:{" "}
            {REVIEWED_FIELDS.filter((field) => listing.pendingChange?.after[field] !== listing[field])
              .map((field) => `${REVIEWED_LABELS[field]} “${listing.pendingChange?.after[field] ?? ""}”`)
              .join(", ")}
            .
          </p>
        ) : null}
        <Form method="post" noValidate className="grid gap-6" key={listing.updatedAt}>
          <input type="hidden" name="version" value={listing.updatedAt} />
          <fieldset className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold text-ink">Published at once</legend>
            <TextField
              id="owner-phone"
              name="phone"
              type="tel"
              label="Phone"
              defaultValue={value("phone", listing.phone)}
              error={errors.phone}
            />
            <TextField
              id="owner-website"
              name="website"
              type="url"
              label="Website"
              placeholder="https://"
              defaultValue={value("website", listing.website)}
              error={errors.website}
            />
            <SelectField
              id="owner-access"
              name="access"
              label="Who may buy"
              defaultValue={value("access", listing.access)}
              error={errors.access}
              options={[
                { value: "", label: "Not said" },
                ...WHOLESALER_ACCESS.map((access) => ({ value: access, label: ACCESS_LABELS[access] })),
              ]}
            />
            <TextField
              id="owner-access-note"
              name="accessNote"
              label="Note on buying"
              placeholder="Bring a resale certificate"
              defaultValue={value("accessNote", listing.accessNote)}
              error={errors.accessNote}
            />
            <div className="sm:col-span-2">
              <WeeklyHoursEditor
                name="openingHours"
                value={hours}
                onChange={setHours}
                errors={errors.openingHours}
                plainFallback
                plainDays={values ? Object.fromEntries(WEEKDAYS.map((day) => [day, values[`openingHours.${day}`]])) : undefined}
              />
            </div>
            <SpecialHoursEditor
              name="specialHours"
              initial={listing.specialHours}
              error={errors.specialHours}
              today={loaderData.today}
              plainFallback
              plainText={values?.[plainSpecialHoursFieldName("specialHours")]}
              longClosureHint="Closed for 7 days or more? Tell us with “Report a problem” on the listing’s page, and an admin marks it temporarily closed."
              className="sm:col-span-2"
            />
            <TextAreaField
              id="owner-description"
              name="description"
              label="Description"
              rows={5}
              className="sm:col-span-2"
              defaultValue={value("description", listing.description)}
              error={errors.description}
            />
          </fieldset>
          <fieldset className="grid gap-5 border-t border-stone-200 pt-6 sm:grid-cols-2">
            <legend className="mb-3 pt-6 text-sm font-semibold text-ink">Checked by an admin first</legend>
            <TextField
              id="owner-name"
              name="name"
              label="Business name"
              className="sm:col-span-2"
              defaultValue={value("name", listing.name)}
              error={errors.name}
            />
            <TextField
              id="owner-address"
              name="address"
              label="Street address"
              className="sm:col-span-2"
              defaultValue={value("address", listing.address)}
              error={errors.address}
            />
            <TextField id="owner-city" name="city" label="City" defaultValue={value("city", listing.city)} error={errors.city} />
            <TextField
              id="owner-zipcode"
              name="zipcode"
              label="Zipcode"
              inputMode="numeric"
              hint={`In ${listing.state}.`}
              defaultValue={value("zipcode", listing.zipcode)}
              error={errors.zipcode}
            />
          </fieldset>
          <p className="text-sm text-muted">The photo is below, sent on its own.</p>
          <div className="flex flex-wrap justify-end gap-3">
            <Link to={OWNER_HOME} className="self-center text-sm text-muted underline underline-offset-4">
              Cancel
            </Link>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save and publish"}
            </Button>
          </div>
        </Form>
        {/* The photo is a form of its own (a file, multipart), published at once like the facts above. */}
        <section aria-labelledby="owner-photo" className="mt-8 border-t border-stone-200 pt-6">
          <h2 id="owner-photo" className="text-sm font-semibold text-ink">
            Photo
          </h2>
          {photoOutcome ? (
            <div className="mt-3">
              <FormMessage tone={photoOutcome === "saved" ? "ok" : "error"}>{PHOTO_OUTCOMES[photoOutcome]}</FormMessage>
            </div>
          ) : null}
          <div className="mt-3 flex flex-wrap items-start gap-4">
            <WholesalerImage
              src={listing.image}
              alt="Current photo"
              lazy
              sizes="160px"
              className="w-40 shrink-0 rounded-lg ring-1 ring-black/5"
            />
            <form method="post" action={ownerPhotoPath(listing.id)} encType="multipart/form-data" className="grid min-w-0 flex-1 gap-3">
              <label htmlFor="owner-photo-file" className="text-sm font-medium text-ink">
                New photo <span className="font-normal text-muted">({ACCEPTED_IMAGE_LABEL}, up to 5 MB)</span>
              </label>
              <input
                id="owner-photo-file"
                name="image"
                type="file"
                required
                accept={ACCEPTED_IMAGE_TYPES.join(",")}
                className="block w-full text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-blush file:px-4 file:py-2 file:font-medium file:text-rose-brand"
              />
              <div>
                <Button type="submit" variant="secondary">
                  Upload and publish the photo
                </Button>
              </div>
            </form>
          </div>
        </section>
      </OwnerCard>
    </>
  );
}
