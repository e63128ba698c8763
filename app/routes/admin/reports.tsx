import { Check, Store, X } from "~/components/icons";
import { Pencil } from "~/components/icons/admin";
import { Link, useFetcher } from "react-router";
import { AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { Button } from "~/components/ui/button";
import { useActionToast } from "~/components/admin/use-action-toast";
import { getDb } from "~/db/db.server";
import { formatAdminTime, parseListParams } from "~/services/admin/list";
import { reportKindLabel } from "~/services/reports/report-form";
import {
  dismissReport,
  listReportsForAdmin,
  REPORT_FILTERS,
  reportFilterFrom,
  closeListingFromReport,
  resolveReport,
  type ReportFilter,
  type ReportStatus,
} from "~/services/reports/admin.server";
import { runAdminAction, type ActionResult } from "~/http/admin-action.server";
import { requireAdmin } from "~/http/auth.server";
import type { Route } from "./+types/reports";

const FILTER_LABELS: Record<ReportFilter, string> = { open: "Open", resolved: "Resolved", dismissed: "Dismissed", all: "All" };

const EMPTY_TEXT: Record<ReportFilter, string> = {
  open: "No reports are waiting for review.",
  resolved: "No reports have been resolved yet.",
  dismissed: "No reports have been dismissed.",
  all: "Visitors have not reported any problems yet.",
};

const STATUS_BADGE: Record<ReportStatus, string> = {
  open: "bg-amber-50 text-amber-900 ring-amber-200",
  resolved: "bg-green-50 text-green-900 ring-green-200",
  dismissed: "bg-stone-100 text-stone-700 ring-stone-300",
};

/** The listing's editor: the wholesalers list narrowed to the listing, with its edit dialog open. */
const editorHref = (wholesalerId: number, name: string) =>
  `/admin/wholesalers?${new URLSearchParams({ q: name, edit: String(wholesalerId) }).toString()}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const status = reportFilterFrom(url.searchParams.get("status"));
  const list = await listReportsForAdmin(getDb(), { q, status, page });
  const rows = list.rows.map((r) => ({
    ...r,
    kindLabel: reportKindLabel(r.kind),
    sentWhen: formatAdminTime(r.createdAt),
    reviewedWhen: r.reviewedAt ? formatAdminTime(r.reviewedAt) : null,
    editorHref: editorHref(r.wholesalerId, r.listingName),
  }));
  // The page gets the service's vocabulary from here: server modules never reach the browser bundle.
  return { status, filters: [...REPORT_FILTERS], searching: Boolean(q), list: { ...list, rows } };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Reports");

export function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  return runAdminAction(request, context, {
    resolve: async ({ actor, recordId }) => {
      const id = recordId("Unknown report.");
      const report = await resolveReport(db, id, actor);
      return { id, message: `The report on ${report.listingName} was marked resolved.` };
    },
    close: async ({ actor, recordId }) => {
      const id = recordId("Unknown report.");
      const report = await closeListingFromReport(db, id, actor);
      return { id, message: `${report.listingName} is marked permanently closed, and the report resolved.` };
    },
    dismiss: async ({ actor, recordId }) => {
      const id = recordId("Unknown report.");
      const report = await dismissReport(db, id, actor);
      return { id, message: `The report on ${report.listingName} was dismissed.` };
    },
  });
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const TOAST_TITLES: Record<string, string> = { resolve: "Resolved", dismiss: "Dismissed", close: "Marked permanently closed" };

function ReviewActions({ report }: { report: Row }) {
  const fetcher = useFetcher<ActionResult>();
  // A closed report leaves the open list (and unmounts) once the list reloads.
  useActionToast(fetcher.data, {
    ok: (result) => TOAST_TITLES[result.intent] ?? "Saved",
    failed: "Could not update the report",
    revalidateOnFailure: true,
  });

  if (report.status !== "open") return null;
  const busy = fetcher.state !== "idle";
  const pendingIntent = busy ? String(fetcher.formData?.get("intent") ?? "") : "";
  const which = `${report.listingName} (${report.kindLabel})`;
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2 md:flex-col md:items-stretch">
      <input type="hidden" name="id" value={report.id} />
      <Button type="submit" name="intent" value="resolve" size="sm" variant="leaf" disabled={busy} aria-label={`Mark resolved: ${which}`}>
        <Check aria-hidden="true" />
        {pendingIntent === "resolve" ? "Saving..." : "Mark resolved"}
      </Button>
      {report.kind === "closed" && !report.listingClosed ? (
        <Button
          type="submit"
          name="intent"
          value="close"
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={`Mark permanently closed: ${report.listingName}`}
        >
          <Store aria-hidden="true" />
          {pendingIntent === "close" ? "Saving..." : "Mark permanently closed"}
        </Button>
      ) : null}
      <Button
        type="submit"
        name="intent"
        value="dismiss"
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={`Dismiss: ${which}`}
        className="text-red-800"
      >
        <X aria-hidden="true" />
        {pendingIntent === "dismiss" ? "Dismissing..." : "Dismiss"}
      </Button>
    </fetcher.Form>
  );
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { list, status, filters, searching } = loaderData;

  const columns: Column<Row>[] = [
    {
      header: "Listing",
      className: "min-w-52",
      cell: (r) => (
        <div>
          <Link to={r.editorHref} className="group font-medium text-ink underline-offset-4 hover:text-rose-brand hover:underline">
            {r.listingName}
            <span className="sr-only"> (edit listing)</span>
            <Pencil className="ml-1.5 inline size-3.5 align-[-1px] text-muted group-hover:text-rose-brand" aria-hidden="true" />
          </Link>
          <p className="mt-0.5 text-xs text-muted">
            {r.listingCity}, {r.listingState}
          </p>
        </div>
      ),
    },
    {
      header: "Problem",
      className: "min-w-64",
      cell: (r) => (
        <div>
          <p className="font-medium text-ink">{r.kindLabel}</p>
          {r.details ? (
            <p className="mt-0.5 whitespace-pre-line break-words">{r.details}</p>
          ) : (
            <p className="mt-0.5 text-xs text-muted">No details</p>
          )}
        </div>
      ),
    },
    {
      header: "Sent by",
      className: "min-w-40",
      cell: (r) =>
        r.email ? (
          <a href={`mailto:${r.email}`} className="text-xs text-rose-brand [overflow-wrap:anywhere] underline-offset-4 hover:underline">
            {r.email}
          </a>
        ) : (
          <span className="text-xs text-muted">Anonymous</span>
        ),
    },
    {
      header: "Dates",
      cell: (r) => (
        <div className="text-xs">
          <p className="whitespace-nowrap">
            Sent <time dateTime={r.createdAt}>{r.sentWhen}</time>
          </p>
          {r.status !== "open" ? (
            <p className="mt-1.5 flex flex-wrap items-center gap-1.5 text-muted">
              <span className={`rounded-full px-2 py-0.5 font-semibold ring-1 ring-inset ${STATUS_BADGE[r.status]}`}>
                {FILTER_LABELS[r.status]}
              </span>
              {r.reviewedAt ? <time dateTime={r.reviewedAt}>{r.reviewedWhen}</time> : null}
            </p>
          ) : null}
        </div>
      ),
    },
    { header: "Actions", className: "w-44 text-right", cell: (r) => <ReviewActions report={r} /> },
  ];

  const statusWord = status === "all" ? "" : `${FILTER_LABELS[status].toLowerCase()} `;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Reports"
        description={`${list.total} ${statusWord}${list.total === 1 ? "report" : "reports"} sent with “Report a problem” on listings. Open the listing to correct it, then mark the report resolved.`}
      />
      <ListToolbar
        searchLabel="Search reports"
        searchPlaceholder="Listing, city, details or email"
        filters={[{ name: "status", label: "Status", options: filters.map((value) => ({ value, label: FILTER_LABELS[value] })) }]}
      />
      <DataTable
        caption={`${FILTER_LABELS[status]} listing reports`}
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.id}
        emptyText={searching ? `No ${status === "all" ? "" : `${status} `}reports match your search.` : EMPTY_TEXT[status]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </div>
  );
}
