import { useState } from "react";
import { TextAreaField, TextField } from "~/components/admin/list/fields";
import { AddButton, AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { RecordDialog, RowActions } from "~/components/admin/list/record-dialog";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { getDb } from "~/db/db.server";
import { parseListParams } from "~/services/admin/list";
import {
  createGroceryStore,
  deleteGroceryStore,
  GROCERY_STORE_ENTITY,
  listGroceryStoresForAdmin,
  MAX_POSITION,
  updateGroceryStore,
  type AdminGroceryStore,
} from "~/services/grocery/admin.server";
import { recordHandlers, runAdminAction } from "~/http/admin-action.server";
import { requireAdmin } from "~/http/auth.server";
import type { Route } from "./+types/grocery-stores";

const EMPTY_TEXT = "No grocery stores found matching your criteria";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { q, page } = parseListParams(new URL(request.url).searchParams);
  // The page gets the service's vocabulary from here: server modules never reach the browser bundle.
  return { list: await listGroceryStoresForAdmin(getDb(), { q, page }), entity: GROCERY_STORE_ENTITY, maxPosition: MAX_POSITION };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Grocery Stores");

export function action({ request, context }: Route.ActionArgs) {
  const services = { create: createGroceryStore, update: updateGroceryStore, remove: deleteGroceryStore };
  return runAdminAction(
    request,
    context,
    recordHandlers(getDb(), services, { label: "name", unknown: "Unknown grocery store.", deleted: "The grocery store was deleted." }),
  );
}

type Editing = { mode: "create" } | { mode: "edit"; record: AdminGroceryStore } | null;

function GroceryStoreFields({
  record,
  errors,
  maxPosition,
}: {
  record?: AdminGroceryStore;
  errors: Record<string, string>;
  maxPosition: number;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField name="name" label="Name" defaultValue={record?.name} error={errors.name} required className="sm:col-span-2" />
      <TextField
        name="priceRange"
        label="Price range"
        placeholder="$4-$15"
        defaultValue={record?.priceRange}
        error={errors.priceRange}
        required
      />
      <TextField
        name="position"
        label="Position"
        inputMode="numeric"
        maxLength={3}
        defaultValue={record === undefined ? "" : String(record.position)}
        error={errors.position}
        hint={
          record ? `Lower numbers come first on the home page (0 to ${maxPosition}).` : "Leave empty to place the store after the others."
        }
      />
      <TextField
        name="bestFor"
        label="Best for"
        placeholder="Cheap weekly bouquets"
        defaultValue={record?.bestFor}
        error={errors.bestFor}
        required
        className="sm:col-span-2"
      />
      <TextAreaField
        name="description"
        label="Description"
        rows={6}
        defaultValue={record?.description}
        error={errors.description}
        required
        className="sm:col-span-2"
      />
      <TextAreaField
        name="tips"
        label="Tips"
        rows={4}
        defaultValue={record?.tips}
        error={errors.tips}
        hint={
          record
            ? `Shown under "Tips" on the store's page, /grocery/${record.slug} (the address stays when the name changes).`
            : 'Shown under "Tips" on the store\'s own page; its address is made from the name.'
        }
        className="sm:col-span-2"
      />
    </div>
  );
}

export default function AdminGroceryStores({ loaderData }: Route.ComponentProps) {
  const { list, entity, maxPosition } = loaderData;
  const [editing, setEditing] = useState<Editing>(null);

  const columns: Column<AdminGroceryStore>[] = [
    {
      header: "Name",
      className: "min-w-64",
      cell: (g) => (
        <div>
          <p className="font-medium text-ink">{g.name}</p>
          <p className="text-xs text-muted">/grocery/{g.slug}</p>
          <p className="mt-0.5 line-clamp-2 text-xs text-muted">{g.description}</p>
        </div>
      ),
    },
    { header: "Price range", cell: (g) => <span className="whitespace-nowrap">{g.priceRange}</span> },
    { header: "Best for", cell: (g) => g.bestFor, className: "min-w-44" },
    { header: "Position", cell: (g) => g.position, className: "text-right" },
    {
      header: "Actions",
      className: "w-32 text-right",
      cell: (g) => (
        <RowActions
          label={g.name}
          entity={entity}
          version={{ id: g.id, updatedAt: g.updatedAt }}
          onEdit={() => setEditing({ mode: "edit", record: g })}
        />
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Grocery Stores"
        description={`${list.total} ${list.total === 1 ? "store matches" : "stores match"}. They appear on the home page in this order.`}
        action={<AddButton label="Add Grocery Store" onClick={() => setEditing({ mode: "create" })} />}
      />
      <ListToolbar searchLabel="Search grocery stores" searchPlaceholder="Name, description or best for" />
      <DataTable caption="Grocery stores" columns={columns} rows={list.rows} rowKey={(g) => g.id} emptyText={EMPTY_TEXT} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />

      <RecordDialog
        key={editing?.mode === "edit" ? `edit-${editing.record.id}-${editing.record.updatedAt}` : "create"}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing?.mode === "edit" ? `Edit ${editing.record.name}` : "Add Grocery Store"}
        intent={editing?.mode === "edit" ? "update" : "create"}
        hidden={editing?.mode === "edit" ? { id: editing.record.id, updatedAt: editing.record.updatedAt } : undefined}
        submitLabel={editing?.mode === "edit" ? "Save changes" : "Add grocery store"}
      >
        {(errors) => (
          <GroceryStoreFields record={editing?.mode === "edit" ? editing.record : undefined} errors={errors} maxPosition={maxPosition} />
        )}
      </RecordDialog>
    </div>
  );
}
