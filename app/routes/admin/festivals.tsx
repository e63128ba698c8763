import { Star } from "~/components/icons/admin";
import { RecordImageField } from "~/components/admin/images/record-image-field";
import type { UploadResult } from "~/components/admin/images/upload-widget";
import { usePhotoRecordEditor } from "~/components/admin/images/use-photo-record-editor";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/admin/list/fields";
import { AddButton, AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { RecordDialog, RowActions } from "~/components/admin/list/record-dialog";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { formatDateRange, MONTH_NAMES } from "~/components/festivals/dates";
import { getDb } from "~/db/db.server";
import { parseListParams } from "~/services/admin/list";
import {
  createFestival,
  deleteFestival,
  listFestivalsForAdmin,
  listFestivalStateChoices,
  listFestivalStatesInUse,
  parseMonth,
  updateFestival,
} from "~/services/festivals/admin.server";
import { FESTIVAL_ENTITY } from "~/services/festivals/festival-form";
import { describeRecurrence, parseRRule } from "~/services/festivals/recurrence";
import { RecurrencePicker } from "~/components/festivals/recurrence-picker";
import type { Festival } from "~/services/festivals/festivals.server";
import { withImageAvailability } from "~/services/images/availability.server";
import { imageStorage } from "~/services/images/storage.server";
import { recordHandlers, runAdminAction } from "~/http/admin-action.server";
import { requireAdmin } from "~/http/auth.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/festivals";

const LOADING_TEXT = "Loading festivals data...";
const EMPTY_TEXT = "No festivals found matching your criteria";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const month = parseMonth(url.searchParams.get("month"));
  const state = url.searchParams.get("state")?.trim() || undefined;
  const db = getDb();
  const [list, statesInUse, stateChoices] = await Promise.all([
    listFestivalsForAdmin(db, { q, month, state, page }),
    listFestivalStatesInUse(db),
    listFestivalStateChoices(db),
  ]);
  return { list: { ...list, rows: await withImageAvailability(db, list.rows, imageStorage(getEnv())) }, statesInUse, stateChoices };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Festivals");

export function action({ request, context }: Route.ActionArgs) {
  const services = { create: createFestival, update: updateFestival, remove: deleteFestival };
  return runAdminAction(
    request,
    context,
    recordHandlers(getDb(), services, { label: "name", unknown: "Unknown festival.", deleted: "The festival was deleted." }),
  );
}

type AdminFestival = Festival & { imageMissing: boolean };
/** `version`: the record's updated_at the form sends; an upload moves it on without reopening the form. */

const SAVE_FESTIVAL_FIRST = "Save the festival first, then add a photo.";

function FestivalFields({
  record,
  version,
  stateChoices,
  errors,
  onUploaded,
}: {
  record?: AdminFestival;
  version?: string;
  stateChoices: string[];
  errors: Record<string, string>;
  onUploaded(result: UploadResult): void;
}) {
  // A state written before the list existed stays choosable, so opening a record never changes it silently.
  const states = record && !stateChoices.includes(record.state) ? [record.state, ...stateChoices] : stateChoices;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField name="name" label="Festival name" defaultValue={record?.name} error={errors.name} required className="sm:col-span-2" />
      <TextAreaField
        name="description"
        label="Description"
        defaultValue={record?.description}
        error={errors.description}
        required
        className="sm:col-span-2"
      />
      <TextField name="startDate" label="Start date" type="date" defaultValue={record?.startDate} error={errors.startDate} required />
      <TextField
        name="endDate"
        label="End date"
        type="date"
        defaultValue={record?.endDate}
        error={errors.endDate}
        required
        hint="On or after the start date. For a yearly festival, enter one year's dates: the site shows each next year's by itself."
      />
      <RecurrencePicker recurrence={record?.recurrence} startDate={record?.startDate} endDate={record?.endDate} error={errors.repeat} />
      <TextField
        name="location"
        label="Venue"
        placeholder="Golden Gate Park"
        defaultValue={record?.location}
        error={errors.location}
        required
        className="sm:col-span-2"
      />
      <TextField name="city" label="City" defaultValue={record?.city} error={errors.city} required />
      <SelectField
        name="state"
        label="State"
        defaultValue={record?.state ?? ""}
        error={errors.state}
        options={[{ value: "", label: "Choose a state" }, ...states.map((name) => ({ value: name, label: name }))]}
      />
      <TextField
        name="website"
        label="Website (optional)"
        type="url"
        placeholder="https://"
        defaultValue={record?.website}
        error={errors.website}
      />
      <TextField
        name="ticketPrice"
        label="Ticket price (optional)"
        placeholder="Free, or $10-$25"
        defaultValue={record?.ticketPrice}
        error={errors.ticketPrice}
      />
      <RecordImageField
        kind="festival"
        record={record}
        version={version}
        saveFirst={SAVE_FESTIVAL_FIRST}
        examplePath="/images/festivals/tulip-time-festival.webp"
        error={errors.image}
        onUploaded={onUploaded}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <CheckboxField
          name="featured"
          label="Featured"
          hint="Featured festivals stand out on the festival calendar."
          defaultChecked={record?.featured}
        />
      </div>
    </div>
  );
}

export default function AdminFestivals({ loaderData }: Route.ComponentProps) {
  const { list, statesInUse, stateChoices } = loaderData;
  const { editing, setEditing, onUploaded, close } = usePhotoRecordEditor<AdminFestival>("/admin/festivals");

  const columns: Column<AdminFestival>[] = [
    {
      header: "Name",
      className: "min-w-56",
      cell: (f) => (
        <div>
          <p className="font-medium text-ink">{f.name}</p>
          <p className="text-xs text-muted">{f.location}</p>
        </div>
      ),
    },
    {
      header: "Dates",
      className: "whitespace-nowrap",
      cell: (f) => (
        <time dateTime={f.startDate} className="whitespace-nowrap">
          {formatDateRange(f.startDate, f.endDate)}
        </time>
      ),
    },
    {
      header: "Repeats",
      cell: (f) => {
        const rule = f.recurrence ? parseRRule(f.recurrence) : undefined;
        return rule ? describeRecurrence(rule, f.startDate, f.endDate) : <span className="text-muted">One-off</span>;
      },
    },
    { header: "City / State", cell: (f) => `${f.city}, ${f.state}` },
    {
      header: "Featured",
      cell: (f) =>
        f.featured ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-blush px-2.5 py-0.5 text-xs font-medium text-rose-brand">
            <Star className="size-3.5 fill-current" aria-hidden="true" />
            Featured
          </span>
        ) : (
          <span className="text-muted">No</span>
        ),
    },
    {
      header: "Actions",
      className: "w-32 text-right",
      cell: (f) => (
        <RowActions
          label={f.name}
          entity={FESTIVAL_ENTITY}
          version={{ id: f.id, updatedAt: f.updatedAt }}
          onEdit={() => setEditing({ mode: "edit", record: f, version: f.updatedAt })}
        />
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Festivals"
        description={`${list.total} ${list.total === 1 ? "festival matches" : "festivals match"}.`}
        action={<AddButton label="Add Festival" onClick={() => setEditing({ mode: "create" })} />}
      />
      <ListToolbar
        searchLabel="Search festivals"
        searchPlaceholder="Name, city or state"
        filters={[
          {
            name: "month",
            label: "Month",
            options: [{ value: "", label: "All months" }, ...MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }))],
          },
          {
            name: "state",
            label: "State",
            options: [{ value: "", label: "All states" }, ...statesInUse.map((name) => ({ value: name, label: name }))],
          },
        ]}
      />
      <DataTable
        caption="Festivals"
        columns={columns}
        rows={list.rows}
        rowKey={(f) => f.id}
        emptyText={EMPTY_TEXT}
        loadingText={LOADING_TEXT}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />

      <RecordDialog
        key={editing?.mode === "edit" ? `edit-${editing.record.id}-${editing.record.updatedAt}` : "create"}
        open={editing !== null}
        onOpenChange={close}
        title={editing?.mode === "edit" ? `Edit ${editing.record.name}` : "Add Festival"}
        intent={editing?.mode === "edit" ? "update" : "create"}
        hidden={editing?.mode === "edit" ? { id: editing.record.id, updatedAt: editing.version } : undefined}
        submitLabel={editing?.mode === "edit" ? "Save changes" : "Add festival"}
        wide
      >
        {(errors) => (
          <FestivalFields
            record={editing?.mode === "edit" ? editing.record : undefined}
            version={editing?.mode === "edit" ? editing.version : undefined}
            stateChoices={stateChoices}
            errors={errors}
            onUploaded={onUploaded}
          />
        )}
      </RecordDialog>
    </div>
  );
}
