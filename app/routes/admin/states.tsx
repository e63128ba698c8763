import { Pencil } from "~/components/icons/admin";
import { useState } from "react";
import { Link } from "react-router";
import { SelectField, TextAreaField, TextField } from "~/components/admin/list/fields";
import { AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { RecordDialog } from "~/components/admin/list/record-dialog";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/db.server";
import { parseListParams } from "~/services/admin/list";
import { badRequest } from "~/services/errors";
import { CITY_LIMITS, listStatesForAdmin, updateState, type AdminState } from "~/services/states/admin.server";
import { REGIONS } from "~/services/states/states.server";
import { formToObject, runAdminAction } from "~/http/admin-action.server";
import { requireAdmin } from "~/http/auth.server";
import type { Route } from "./+types/states";

const EMPTY_TEXT = "No states found matching your criteria";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const region = url.searchParams.get("region") ?? undefined;
  // The page gets the service's vocabulary from here: server modules never reach the browser bundle.
  return { list: await listStatesForAdmin(getDb(), { q, region, page }), regions: [...REGIONS], cityLimits: CITY_LIMITS };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "States");

export function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, {
    update: async ({ form, actor, version, text }) => {
      const id = String(form.get("id") ?? "");
      if (!/^[a-z]{2,40}$/.test(id)) throw badRequest("Unknown state.");
      await updateState(getDb(), id, version(), formToObject(form), actor);
      return { id, message: `${text("name")} was saved.` };
    },
  });
}

type Vocabulary = Pick<Route.ComponentProps["loaderData"], "regions" | "cityLimits">;

function StateFields({ record, errors, regions, cityLimits }: { record: AdminState; errors: Record<string, string> } & Vocabulary) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField name="name" label="Name" defaultValue={record.name} error={errors.name} required />
      <SelectField
        name="region"
        label="Region"
        defaultValue={record.region}
        error={errors.region}
        options={regions.map((region) => ({ value: region, label: region }))}
      />
      <TextAreaField
        name="cities"
        label="Cities"
        rows={8}
        defaultValue={record.cities.join("\n")}
        error={errors.cities}
        hint={`One city per line, ${cityLimits.min} to ${cityLimits.max} cities, in the order the state's page names them.`}
        className="sm:col-span-2"
      />
    </div>
  );
}

export default function AdminStates({ loaderData }: Route.ComponentProps) {
  const { list, regions, cityLimits } = loaderData;
  const [editing, setEditing] = useState<AdminState | null>(null);

  const columns: Column<AdminState>[] = [
    {
      header: "Name",
      cell: (s) => (
        <Link to={`/state/${s.id}`} className="font-medium text-ink underline-offset-4 hover:text-rose-brand hover:underline">
          {s.name}
        </Link>
      ),
    },
    { header: "ID", cell: (s) => <code className="text-xs text-muted">{s.id}</code> },
    { header: "Region", cell: (s) => s.region },
    { header: "Cities", cell: (s) => <span className="text-muted">{s.cities.join(", ")}</span>, className: "min-w-56" },
    { header: "Wholesalers", cell: (s) => s.wholesalerCount.toLocaleString("en-US"), className: "text-right" },
    {
      header: "Actions",
      className: "w-20 text-right",
      cell: (s) => (
        <Button variant="ghost" size="icon" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>
          <Pencil aria-hidden="true" />
        </Button>
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="States"
        description={`${list.total} ${list.total === 1 ? "state matches" : "states match"}. The 50 states are fixed: edit a state's name, region and cities.`}
      />
      <ListToolbar
        searchLabel="Search states"
        searchPlaceholder="Name or id"
        filters={[
          {
            name: "region",
            label: "Region",
            options: [{ value: "", label: "All regions" }, ...regions.map((r) => ({ value: r, label: r }))],
          },
        ]}
      />
      <DataTable caption="States" columns={columns} rows={list.rows} rowKey={(s) => s.id} emptyText={EMPTY_TEXT} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />

      <RecordDialog
        key={editing ? `edit-${editing.id}-${editing.updatedAt}` : "closed"}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing ? `Edit ${editing.name}` : "Edit state"}
        intent="update"
        hidden={editing ? { id: editing.id, updatedAt: editing.updatedAt } : undefined}
        submitLabel="Save changes"
      >
        {(errors) => (editing ? <StateFields record={editing} errors={errors} regions={regions} cityLimits={cityLimits} /> : null)}
      </RecordDialog>
    </div>
  );
}
