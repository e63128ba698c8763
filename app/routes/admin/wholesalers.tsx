import { Download } from "~/components/icons";
import { useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/admin/list/fields";
import { AddButton, AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { RecordDialog, RowActions } from "~/components/admin/list/record-dialog";
import { ConfirmDuplicatesField } from "~/components/admin/wholesalers/possible-duplicates";
import { buttonVariants } from "~/components/ui/button";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { formatAdminTime, parseListParams } from "~/services/admin/list";
import { listOwners } from "~/services/owners/owners.server";
import { listStates } from "~/services/states/states.server";
import {
  createWholesaler,
  deleteWholesaler,
  listWholesalersForAdmin,
  markWholesalerVerified,
  updateWholesaler,
  type AdminWholesaler,
} from "~/services/wholesalers/admin.server";
import { WeeklyHoursEditor } from "~/components/admin/wholesalers/weekly-hours-editor";
import { ClosedStatusFields, SpecialHoursEditor } from "~/components/admin/wholesalers/special-hours-editor";
import { VerifyButton } from "~/components/admin/wholesalers/verify-button";
import { verifiedMonth } from "~/components/wholesalers/listing-facts";
import { ClosedBadge } from "~/components/wholesalers/listing-badges";
import { ACCESS_LABELS, WHOLESALER_ACCESS, WHOLESALER_ENTITY, WHOLESALER_TYPES } from "~/services/wholesalers/constants";
import type { WeeklyHours } from "~/services/wholesalers/opening-hours";
import { todayIsoDate } from "~/utils/dates";
import { CONFIRM_DUPLICATES_FIELD } from "~/services/wholesalers/duplicates";
import { requireId } from "~/services/ids";
import { createWholesalerFromSuggestion } from "~/services/suggestions/admin.server";
import { formToObject, recordHandlers, runAdminAction } from "~/http/admin-action.server";
import { requireAdmin } from "~/http/auth.server";
import type { Route } from "./+types/wholesalers";

const EMPTY_TEXT = "No wholesalers found matching your criteria";
const SUGGESTION_NOTE = "From a visitor's suggestion: saving the listing marks the suggestion accepted.";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const type = url.searchParams.get("type") ?? undefined;
  const stateId = url.searchParams.get("state") ?? undefined;
  const verification = url.searchParams.get("verification") ?? undefined;
  const access = url.searchParams.get("access") ?? undefined;
  const db = getDb();
  const [list, states] = await Promise.all([listWholesalersForAdmin(db, { q, type, stateId, access, verification, page }), listStates(db)]);
  // "Is your listing still right?": what each owner of the page's listings was asked, when, and what came back (decision 045).
  const owners = await listOwners(
    db,
    list.rows.map((row) => row.id),
  );
  const freshness = owners.map((owner) => ({
    wholesalerId: owner.wholesalerId,
    email: owner.email,
    text: freshnessText(owner),
  }));
  return { list, states: states.map((s) => ({ id: s.id, name: s.name })), today: todayIsoDate(), freshness };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Wholesalers");

export function action({ request, context }: Route.ActionArgs) {
  // An edit that moves a listing near people waiting, or opens it again, tells them (decision 044).
  const update: typeof updateWholesaler = (db, id, version, raw, actor) =>
    updateWholesaler(db, id, version, raw, actor, { siteUrl: getEnv().SITE_URL });
  const services = { create: createWholesaler, update, remove: deleteWholesaler };
  const db = getDb();
  return runAdminAction(request, context, {
    ...recordHandlers(db, services, { label: "name", unknown: "Unknown wholesaler.", deleted: "The wholesaler was deleted." }),
    verify: async ({ actor, recordId, version, text }) => {
      await markWholesalerVerified(db, recordId("Unknown wholesaler."), version(), actor);
      return { message: `${text("name")} is marked verified today.` };
    },
    // Saved from a visitor's suggestion (the dialog sends its id), the listing accepts it in the same transaction.
    create: async ({ form, actor, text }) => {
      const values = formToObject(form);
      const suggestion = text("suggestion");
      const confirmed = text(CONFIRM_DUPLICATES_FIELD) === "1";
      // The people waiting for a supplier near it get their message (decision 044).
      const notify = { siteUrl: getEnv().SITE_URL };
      const id = suggestion
        ? await createWholesalerFromSuggestion(db, requireId(suggestion, "Unknown suggestion."), values, { confirmed }, actor, notify)
        : await createWholesaler(db, values, actor, notify);
      return { id, message: `${text("name")} was added.` };
    },
  });
}

/** "Asked Dec 2, 2026: still right, Dec 3, 2026", "Asked …: no answer yet", or "Owner since …, not asked yet". */
function freshnessText(owner: Awaited<ReturnType<typeof listOwners>>[number]): string {
  if (!owner.freshnessAskedAt) return `Owner since ${formatAdminTime(owner.createdAt)}, not asked yet`;
  const asked = `Asked ${formatAdminTime(owner.freshnessAskedAt)}`;
  if (!owner.freshnessAnsweredAt) return `${asked}: no answer yet`;
  const answer = owner.freshnessAnswer === "still-right" ? "still right" : "edited the listing";
  return `${asked}: ${answer}, ${formatAdminTime(owner.freshnessAnsweredAt)}`;
}

const FILTERS = ["q", "type", "state", "access", "verification"] as const;

/** The export follows the list's search and filters, so what is filtered on screen is what downloads. */
function exportHref(params: URLSearchParams) {
  const query = new URLSearchParams();
  for (const key of FILTERS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return `/admin/wholesalers.csv${search ? `?${search}` : ""}`;
}

type Editing =
  { mode: "create"; prefill?: Partial<AdminWholesaler>; suggestionId?: string } | { mode: "edit"; record: AdminWholesaler } | null;

/** Values a location suggestion hands to the add dialog (/admin/wholesalers/new?suggestion=<id>&name=...&address=...). */
function prefillFrom(params: URLSearchParams): Partial<AdminWholesaler> {
  const get = (key: string) => params.get(key) ?? undefined;
  return {
    name: get("name"),
    address: get("address"),
    city: get("city"),
    stateId: get("stateId"),
    zipcode: get("zipcode"),
    adminNote: get("adminNote"),
  };
}

/** The listing a link asks to edit (/admin/wholesalers?q=<name>&edit=<id>, e.g. from a report), when the list shows it. */
function editingFrom(params: URLSearchParams, rows: AdminWholesaler[]): Editing {
  const record = rows.find((w) => String(w.id) === params.get("edit"));
  return record ? { mode: "edit", record } : null;
}

function WholesalerFields({
  record,
  states,
  errors,
  today,
}: {
  record?: Partial<AdminWholesaler>;
  states: { id: string; name: string }[];
  errors: Record<string, string>;
  today: string;
}) {
  const [openingHours, setOpeningHours] = useState<WeeklyHours | null>(record?.openingHours ?? null);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField name="name" label="Business name" defaultValue={record?.name} error={errors.name} required className="sm:col-span-2" />
      <TextField
        name="address"
        label="Street address"
        defaultValue={record?.address}
        error={errors.address}
        required
        className="sm:col-span-2"
      />
      <TextField name="city" label="City" defaultValue={record?.city} error={errors.city} required />
      <SelectField
        name="stateId"
        label="State"
        defaultValue={record?.stateId ?? ""}
        error={errors.stateId}
        options={[{ value: "", label: "Choose a state" }, ...states.map((s) => ({ value: s.id, label: s.name }))]}
      />
      <TextField
        name="zipcode"
        label="Zipcode"
        inputMode="numeric"
        maxLength={5}
        defaultValue={record?.zipcode}
        error={errors.zipcode}
        required
      />
      <SelectField
        name="type"
        label="Type"
        defaultValue={record?.type ?? "Wholesale"}
        error={errors.type}
        options={WHOLESALER_TYPES.map((t) => ({ value: t, label: t }))}
      />
      <SelectField
        name="access"
        label="Who may buy"
        defaultValue={record?.access ?? ""}
        error={errors.access}
        options={[
          { value: "", label: "Unknown (show nothing)" },
          ...WHOLESALER_ACCESS.map((access) => ({ value: access, label: ACCESS_LABELS[access] })),
        ]}
      />
      <TextField
        name="accessNote"
        label="Note on buying"
        placeholder="Bring a resale certificate"
        defaultValue={record?.accessNote ?? undefined}
        error={errors.accessNote}
      />
      <div className="sm:col-span-2">
        <WeeklyHoursEditor name="openingHours" value={openingHours} onChange={setOpeningHours} errors={errors.openingHours} />
      </div>
      <SpecialHoursEditor
        name="specialHours"
        initial={record?.specialHours ?? []}
        error={errors.specialHours}
        today={today}
        plainFallback
        className="sm:col-span-2"
      />
      <ClosedStatusFields status={record?.status ?? "open"} closedUntil={record?.closedUntil ?? null} errors={errors} />
      <TextField
        name="hours"
        label="Hours note"
        placeholder="Extended hours before Valentine's Day"
        hint="What a weekly schedule cannot say. Without set weekly hours, this is all the listing shows about hours."
        defaultValue={record?.hours}
        error={errors.hours}
        className="sm:col-span-2"
      />
      <TextField name="phone" label="Phone" type="tel" defaultValue={record?.phone} error={errors.phone} />
      <TextField name="website" label="Website" type="url" placeholder="https://" defaultValue={record?.website} error={errors.website} />
      <TextAreaField
        name="description"
        label="Description"
        defaultValue={record?.description}
        error={errors.description}
        className="sm:col-span-2"
      />
      <TextField
        name="latitude"
        label="Latitude"
        inputMode="decimal"
        defaultValue={record?.latitude === undefined ? "" : String(record.latitude)}
        error={errors.latitude}
        hint="Leave latitude and longitude empty to use the zipcode's center."
      />
      <TextField
        name="longitude"
        label="Longitude"
        inputMode="decimal"
        defaultValue={record?.longitude === undefined ? "" : String(record.longitude)}
        error={errors.longitude}
      />
      <div className="sm:col-span-2">
        <CheckboxField
          name="locationApproximate"
          label="Approximate location"
          hint="The zipcode is the city's center, not one a source gives for this address; the listing says so."
          defaultChecked={record?.locationApproximate}
        />
      </div>
      <TextField
        name="verifiedAt"
        label="Last verified"
        type="date"
        max={today}
        defaultValue={record?.verifiedAt ?? undefined}
        error={errors.verifiedAt}
        hint="The day the facts were last confirmed; the listing shows the month."
      />
      <TextAreaField
        name="source"
        label="Source (admins only)"
        placeholder="https://..."
        rows={2}
        defaultValue={record?.source ?? undefined}
        error={errors.source}
        hint="Where the facts come from: the pages that show the name and street address."
        className="sm:col-span-2"
      />
      <TextAreaField
        name="adminNote"
        label="Admin note (admins only)"
        rows={2}
        defaultValue={record?.adminNote ?? undefined}
        error={errors.adminNote}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <CheckboxField
          name="featured"
          label="Featured"
          hint="Featured wholesalers lead their state's block on the home page."
          defaultChecked={record?.featured}
        />
      </div>
    </div>
  );
}

export default function AdminWholesalers({ loaderData }: Route.ComponentProps) {
  const { list, states, today, freshness } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isNewRoute = location.pathname.endsWith("/new");
  const [editing, setEditing] = useState<Editing>(
    isNewRoute
      ? { mode: "create", prefill: prefillFrom(params), suggestionId: params.get("suggestion") ?? undefined }
      : editingFrom(params, list.rows),
  );

  const close = (open: boolean) => {
    if (open) return;
    setEditing(null);
    if (isNewRoute) void navigate("/admin/wholesalers", { replace: true });
    else if (params.has("edit")) {
      // Closed, the editor stays closed on reload; the list keeps its search.
      const rest = new URLSearchParams(params);
      rest.delete("edit");
      void navigate({ search: rest.size ? `?${rest.toString()}` : "" }, { replace: true });
    }
  };

  const columns: Column<AdminWholesaler>[] = [
    {
      header: "Name",
      cell: (w) => (
        <div>
          <p className="font-medium text-ink">{w.name}</p>
          <p className="text-xs text-muted">{w.address}</p>
          <ClosedBadge status={w.status} className="mt-1" />
        </div>
      ),
    },
    { header: "City", cell: (w) => w.city },
    { header: "State", cell: (w) => w.state },
    { header: "Type", cell: (w) => w.type },
    {
      header: "Verified",
      cell: (w) => (
        <div>
          {w.verifiedAt ? (
            <span className="whitespace-nowrap">{verifiedMonth(w.verifiedAt)}</span>
          ) : (
            <span className="text-muted">Never</span>
          )}
          {freshness
            .filter((owner) => owner.wholesalerId === w.id)
            .map((owner) => (
              <p key={owner.email} className="mt-1 max-w-56 text-xs text-muted" data-testid="owner-freshness">
                {owner.email}: {owner.text}
              </p>
            ))}
        </div>
      ),
    },
    {
      header: "Actions",
      className: "w-72 text-right",
      cell: (w) => (
        <div className="flex items-center justify-end gap-2 whitespace-nowrap">
          {w.verifiedAt === today ? null : <VerifyButton wholesaler={w} />}
          <RowActions
            label={w.name}
            entity={WHOLESALER_ENTITY}
            version={{ id: w.id, updatedAt: w.updatedAt }}
            onEdit={() => setEditing({ mode: "edit", record: w })}
          />
        </div>
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Wholesalers"
        description={`${list.total} ${list.total === 1 ? "listing matches" : "listings match"}.`}
        action={
          <div className="flex flex-wrap gap-3">
            <a href={exportHref(params)} download className={buttonVariants({ variant: "secondary" })}>
              <Download aria-hidden="true" />
              {FILTERS.some((key) => params.get(key)) ? "Export these as CSV" : "Export CSV"}
            </a>
            <AddButton label="Add Wholesaler" onClick={() => setEditing({ mode: "create" })} />
          </div>
        }
      />
      <ListToolbar
        searchLabel="Search wholesalers"
        searchPlaceholder="Name, city or state"
        filters={[
          {
            name: "type",
            label: "Type",
            options: [{ value: "", label: "All types" }, ...WHOLESALER_TYPES.map((t) => ({ value: t, label: t }))],
          },
          {
            name: "state",
            label: "State",
            options: [{ value: "", label: "All states" }, ...states.map((s) => ({ value: s.id, label: s.name }))],
          },
          {
            name: "access",
            label: "Who may buy",
            options: [
              { value: "", label: "All" },
              ...WHOLESALER_ACCESS.map((access) => ({ value: access, label: ACCESS_LABELS[access] })),
              { value: "unknown", label: "Unknown" },
            ],
          },
          {
            name: "verification",
            label: "Verification",
            options: [
              { value: "", label: "All listings" },
              { value: "needs-checking", label: "Needs checking" },
            ],
          },
        ]}
      />
      <DataTable caption="Wholesalers" columns={columns} rows={list.rows} rowKey={(w) => w.id} emptyText={EMPTY_TEXT} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />

      <RecordDialog
        key={editing?.mode === "edit" ? `edit-${editing.record.id}-${editing.record.updatedAt}` : "create"}
        open={editing !== null}
        onOpenChange={close}
        title={editing?.mode === "edit" ? `Edit ${editing.record.name}` : "Add Wholesaler"}
        intent={editing?.mode === "edit" ? "update" : "create"}
        description={editing?.mode === "create" && editing.suggestionId ? SUGGESTION_NOTE : undefined}
        hidden={
          editing?.mode === "edit"
            ? { id: editing.record.id, updatedAt: editing.record.updatedAt }
            : editing?.suggestionId
              ? { suggestion: editing.suggestionId }
              : undefined
        }
        submitLabel={editing?.mode === "edit" ? "Save changes" : "Add wholesaler"}
        wide
      >
        {(errors) => (
          <>
            <WholesalerFields
              record={editing?.mode === "edit" ? editing.record : editing?.prefill}
              states={states}
              errors={errors}
              today={today}
            />
            {errors[CONFIRM_DUPLICATES_FIELD] ? <ConfirmDuplicatesField duplicates={errors[CONFIRM_DUPLICATES_FIELD]} /> : null}
          </>
        )}
      </RecordDialog>
    </div>
  );
}
