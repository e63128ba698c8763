import { ExternalLink, Store, X } from "~/components/icons";
import { Link, useFetcher } from "react-router";
import { PossibleDuplicates } from "~/components/admin/wholesalers/possible-duplicates";
import { AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { Button, buttonVariants } from "~/components/ui/button";
import { useActionToast } from "~/components/admin/use-action-toast";
import { getDb } from "~/db/db.server";
import { formatAdminTime, parseListParams } from "~/services/admin/list";
import {
  listSuggestionsForAdmin,
  rejectSuggestion,
  suggestionDuplicates,
  SUGGESTION_STATUSES,
  suggestionStatusFrom,
  wholesalerPrefillFor,
  type SuggestionStatus,
} from "~/services/suggestions/admin.server";
import { runAdminAction, type ActionResult } from "~/http/admin-action.server";
import { requireAdmin } from "~/http/auth.server";
import type { Route } from "./+types/suggestions";

const EMPTY_TEXT: Record<SuggestionStatus, string> = {
  pending: "No suggestions are waiting for review.",
  accepted: "No suggestions have been accepted yet.",
  rejected: "No suggestions have been rejected.",
};

const SUGGESTION_DUPLICATES_MESSAGE =
  "This business may already be listed or suggested. Check these before adding it; the add dialog asks again about listings.";

const STATUS_LABELS: Record<SuggestionStatus, string> = { pending: "Pending", accepted: "Accepted", rejected: "Rejected" };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const status = suggestionStatusFrom(url.searchParams.get("status"));
  const db = getDb();
  const list = await listSuggestionsForAdmin(db, { q, status, page });
  // Shown before the admin decides; saving the listing checks the listings again, as they are then.
  const duplicates = await suggestionDuplicates(db, list.rows);
  const rows = await Promise.all(
    list.rows.map(async (s) => ({
      ...s,
      submittedWhen: formatAdminTime(s.createdAt),
      reviewedWhen: s.reviewedAt ? formatAdminTime(s.reviewedAt) : null,
      // A suggestion becomes a listing once: after that, the row leads to the listing it became.
      addHref: s.status === "accepted" ? null : `/admin/wholesalers/new?${(await wholesalerPrefillFor(db, s)).toString()}`,
      listingHref: s.wholesaler ? `/admin/wholesalers?${new URLSearchParams({ q: s.wholesaler.name }).toString()}` : null,
      duplicates: duplicates.get(s.id) ?? [],
    })),
  );
  // The page gets the service's vocabulary from here: server modules never reach the browser bundle.
  return { status, statuses: [...SUGGESTION_STATUSES], searching: Boolean(q), list: { ...list, rows } };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Suggestions");

export function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  // Accepting is saving the listing a suggestion prefilled: the wholesalers page's action does it.
  return runAdminAction(request, context, {
    reject: async ({ actor, recordId, version }) => {
      const id = recordId("Unknown suggestion.");
      const suggestion = await rejectSuggestion(db, id, version("status"), actor);
      return { id, message: `${suggestion.businessName} was rejected.` };
    },
  });
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

function ReviewActions({ suggestion }: { suggestion: Row }) {
  const fetcher = useFetcher<ActionResult>();
  // A rejected row leaves the pending list (and unmounts) once the list reloads.
  useActionToast(fetcher.data, { ok: "Rejected", failed: "Could not update the suggestion", revalidateOnFailure: true });

  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-wrap justify-end gap-2">
      <input type="hidden" name="id" value={suggestion.id} />
      <input type="hidden" name="status" value={suggestion.status} />
      {suggestion.addHref ? (
        <Link
          to={suggestion.addHref}
          className={buttonVariants({ variant: "leaf", size: "sm" })}
          aria-label={`Add as wholesaler: ${suggestion.businessName}`}
        >
          <ExternalLink aria-hidden="true" />
          Add as wholesaler
        </Link>
      ) : null}
      {suggestion.status === "pending" ? (
        <Button
          type="submit"
          name="intent"
          value="reject"
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={`Reject ${suggestion.businessName}`}
          className="text-red-800"
        >
          <X aria-hidden="true" />
          {busy ? "Rejecting..." : "Reject"}
        </Button>
      ) : null}
      {suggestion.listingHref && suggestion.wholesaler ? (
        <Link
          to={suggestion.listingHref}
          className={buttonVariants({ variant: "secondary", size: "sm" })}
          aria-label={`Listing: ${suggestion.wholesaler.name}`}
        >
          <Store aria-hidden="true" />
          {suggestion.wholesaler.name}
        </Link>
      ) : null}
    </fetcher.Form>
  );
}

export default function AdminSuggestions({ loaderData }: Route.ComponentProps) {
  const { list, status, statuses, searching } = loaderData;

  const columns: Column<Row>[] = [
    {
      header: "Business",
      className: "min-w-56",
      cell: (s) => (
        <div>
          <p className="font-medium text-ink">{s.businessName}</p>
          <p className="mt-0.5 text-xs text-muted">{s.businessAddress}</p>
          {s.duplicates.length > 0 ? (
            <div className="mt-2 max-w-md">
              <PossibleDuplicates items={s.duplicates} message={SUGGESTION_DUPLICATES_MESSAGE} />
            </div>
          ) : null}
        </div>
      ),
    },
    {
      header: "Sent by",
      className: "min-w-44",
      cell: (s) =>
        s.contactName || s.email ? (
          <div className="break-words">
            {s.contactName ? <p>{s.contactName}</p> : null}
            {s.email ? (
              <a href={`mailto:${s.email}`} className="text-xs text-rose-brand underline-offset-4 hover:underline">
                {s.email}
              </a>
            ) : null}
          </div>
        ) : (
          <span className="text-xs text-muted">Anonymous</span>
        ),
    },
    {
      header: "Additional information",
      className: "min-w-64",
      cell: (s) =>
        s.additionalInfo ? (
          <p className="whitespace-pre-line break-words">{s.additionalInfo}</p>
        ) : (
          <span className="text-xs text-muted">None</span>
        ),
    },
    {
      header: "Dates",
      cell: (s) => (
        <div className="text-xs">
          <p className="whitespace-nowrap">
            Sent <time dateTime={s.createdAt}>{s.submittedWhen}</time>
          </p>
          {s.reviewedAt ? (
            <p className="mt-1 whitespace-nowrap text-muted">
              {STATUS_LABELS[s.status]} <time dateTime={s.reviewedAt}>{s.reviewedWhen}</time>
            </p>
          ) : null}
        </div>
      ),
    },
    { header: "Actions", className: "w-44 text-right", cell: (s) => <ReviewActions suggestion={s} /> },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Suggestions"
        description={`${list.total} ${STATUS_LABELS[status].toLowerCase()} ${list.total === 1 ? "suggestion" : "suggestions"} from the About page's 'Submit a Location' form. 'Add as wholesaler' opens the add dialog filled with what the visitor sent; the suggestion is accepted when that listing is saved.`}
      />
      <ListToolbar
        searchLabel="Search suggestions"
        searchPlaceholder="Business, address, name or email"
        filters={[{ name: "status", label: "Status", options: statuses.map((value) => ({ value, label: STATUS_LABELS[value] })) }]}
      />
      <DataTable
        caption={`${STATUS_LABELS[status]} location suggestions`}
        columns={columns}
        rows={list.rows}
        rowKey={(s) => s.id}
        emptyText={searching ? `No ${status} suggestions match your search.` : EMPTY_TEXT[status]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </div>
  );
}
