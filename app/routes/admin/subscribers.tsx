import { Download } from "~/components/icons";
import { Trash2 } from "~/components/icons/admin";
import { useSearchParams } from "react-router";
import { AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { DeleteDialog } from "~/components/admin/list/record-dialog";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { Button, buttonVariants } from "~/components/ui/button";
import { getDb } from "~/db/db.server";
import { deleteConfirmation, formatAdminTime, parseListParams } from "~/services/admin/list";
import {
  deleteSubscriber,
  listSubscribersForAdmin,
  SUBSCRIBER_ENTITY,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from "~/services/newsletter/admin.server";
import { runAdminAction } from "~/http/admin-action.server";
import { requireAdmin } from "~/http/auth.server";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/subscribers";

const EMPTY_TEXT = "No subscribers found matching your criteria";

const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  undeliverable: "Undeliverable",
};

const STATUS_BADGE: Record<SubscriberStatus, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  confirmed: "bg-green-50 text-green-800 ring-green-200",
  unsubscribed: "bg-stone-100 text-stone-700 ring-stone-200",
  undeliverable: "bg-red-50 text-red-800 ring-red-200",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const status = url.searchParams.get("status") ?? undefined;
  const list = await listSubscribersForAdmin(getDb(), { q, status, page });
  return {
    list: {
      ...list,
      rows: list.rows.map((s) => ({
        ...s,
        subscribedWhen: formatAdminTime(s.subscribedAt),
        confirmedWhen: s.confirmedAt ? formatAdminTime(s.confirmedAt) : null,
        unsubscribedWhen: s.unsubscribedAt ? formatAdminTime(s.unsubscribedAt) : null,
      })),
    },
    // The page gets the service's vocabulary from here: server modules never reach the browser bundle.
    entity: SUBSCRIBER_ENTITY,
    statuses: [...SUBSCRIBER_STATUSES],
  };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Subscribers");

export function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, {
    delete: async ({ actor, recordId }) => {
      const id = recordId("Unknown subscriber.");
      await deleteSubscriber(getDb(), id, actor);
      return { id, message: "The subscriber was removed." };
    },
  });
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

/** The export follows the list's search and status, so what is filtered on screen is what downloads. */
function exportHref(params: URLSearchParams) {
  const query = new URLSearchParams();
  for (const key of ["q", "status"]) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return `/admin/subscribers.csv${search ? `?${search}` : ""}`;
}

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { list, entity, statuses } = loaderData;
  const [params] = useSearchParams();
  const filtered = Boolean(params.get("q") || params.get("status"));

  const columns: Column<Row>[] = [
    {
      header: "Email",
      className: "min-w-52",
      cell: (s) => <span className="font-medium text-ink [overflow-wrap:anywhere]">{s.email}</span>,
    },
    {
      header: "Subscribed",
      cell: (s) => (
        <time dateTime={s.subscribedAt} className="whitespace-nowrap">
          {s.subscribedWhen}
        </time>
      ),
    },
    {
      header: "Status",
      cell: (s) => (
        <div>
          <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1", STATUS_BADGE[s.status])}>
            {STATUS_LABELS[s.status]}
          </span>
          {s.status === "confirmed" && s.confirmedAt ? (
            <p className="mt-1 text-xs text-muted">
              Confirmed <time dateTime={s.confirmedAt}>{s.confirmedWhen}</time>
            </p>
          ) : null}
          {s.status === "unsubscribed" && s.unsubscribedAt ? (
            <p className="mt-1 text-xs text-muted">
              <time dateTime={s.unsubscribedAt}>{s.unsubscribedWhen}</time>
            </p>
          ) : null}
        </div>
      ),
    },
    {
      header: "Actions",
      className: "w-20 text-right",
      cell: (s) => (
        <DeleteDialog
          entity={entity}
          label={s.email}
          confirmation={deleteConfirmation(entity)}
          hidden={{ id: s.id }}
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Delete ${s.email}`} className="text-red-700 hover:bg-red-50">
              <Trash2 aria-hidden="true" />
            </Button>
          }
        />
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Subscribers"
        description={`${list.total} ${list.total === 1 ? "subscriber matches" : "subscribers match"}. Newest first.`}
        action={
          <a href={exportHref(params)} download className={cn(buttonVariants({ variant: "secondary" }), "self-start sm:self-auto")}>
            <Download aria-hidden="true" />
            {filtered ? "Export these as CSV" : "Export CSV"}
          </a>
        }
      />
      <ListToolbar
        searchLabel="Search subscribers"
        searchPlaceholder="Email address"
        filters={[
          {
            name: "status",
            label: "Status",
            options: [{ value: "", label: "All statuses" }, ...statuses.map((value) => ({ value, label: STATUS_LABELS[value] }))],
          },
        ]}
      />
      <DataTable caption="Newsletter subscribers" columns={columns} rows={list.rows} rowKey={(s) => s.id} emptyText={EMPTY_TEXT} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </div>
  );
}
