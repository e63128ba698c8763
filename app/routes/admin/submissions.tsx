import { AdminPageHeader, ListToolbar, Pagination } from "~/components/admin/list/list-page";
import { SUBMISSION_STATUS_LABELS, SubmissionCard } from "~/components/submissions/submission-card";
import { getDb } from "~/db/db.server";
import { runAdminAction } from "~/http/admin-action.server";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { requireAdmin } from "~/http/auth.server";
import { formatAdminTime, parseListParams } from "~/services/admin/list";
import {
  approveSubmission,
  listSubmissionsForAdmin,
  rejectSubmission,
  SUBMISSION_FILTERS,
  submissionFilterFrom,
  type SubmissionFilter,
} from "~/services/submissions/admin.server";
import { describeDuplicate } from "~/services/wholesalers/duplicates";
import { findPossibleDuplicates } from "~/services/wholesalers/duplicates.server";
import { formatWeeklyHours } from "~/services/wholesalers/opening-hours";
import { CONFIRM_DUPLICATES_FIELD } from "~/services/wholesalers/duplicates";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/submissions";

const FILTER_LABELS: Record<SubmissionFilter, string> = { ...SUBMISSION_STATUS_LABELS, all: "All" };

const EMPTY_TEXT: Record<SubmissionFilter, string> = {
  pending: "No businesses are waiting for review.",
  approved: "No listing requests have been approved yet.",
  rejected: "No listing requests have been rejected.",
  all: "No business has asked to be listed yet.",
};

const wholesalersSearch = (name: string) => `/admin/wholesalers?${new URLSearchParams({ q: name }).toString()}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const status = submissionFilterFrom(url.searchParams.get("status"));
  const db = getDb();
  const list = await listSubmissionsForAdmin(db, { q, status, page });
  const rows = await Promise.all(
    list.rows.map(async (s) => ({
      ...s,
      sentWhen: formatAdminTime(s.createdAt),
      reviewedWhen: s.reviewedAt ? formatAdminTime(s.reviewedAt) : null,
      hours: s.openingHours ? formatWeeklyHours(s.openingHours).map(({ days, text }) => ({ days, text })) : null,
      // Shown before the admin decides; approving asks again, with the duplicates as they are then.
      duplicates:
        s.status === "pending"
          ? (await findPossibleDuplicates(db, s)).map((d) => ({ text: describeDuplicate(d), href: wholesalersSearch(d.name) }))
          : [],
      listingHref: s.wholesalerId ? wholesalersSearch(s.name) : null,
    })),
  );
  return { status, filters: [...SUBMISSION_FILTERS], searching: Boolean(q), list: { ...list, rows } };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Business listings");

export function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  // The submitter is told of the decision by mail, with links on the public origin.
  const notify = { siteUrl: getEnv().SITE_URL };
  return runAdminAction(request, context, {
    approve: async ({ actor, recordId, version, text }) => {
      const id = recordId("Unknown listing request.");
      const confirmed = text(CONFIRM_DUPLICATES_FIELD) === "1";
      const { submission } = await approveSubmission(db, id, { expectedStatus: version("status"), confirmed }, actor, notify);
      return { id, message: `${submission.name} is now listed.` };
    },
    reject: async ({ actor, recordId, version }) => {
      const id = recordId("Unknown listing request.");
      const submission = await rejectSubmission(db, id, version("status"), actor, notify);
      return { id, message: `${submission.name} was rejected.` };
    },
  });
}

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { list, status, filters, searching } = loaderData;
  const count = `${list.total} ${status === "all" ? "" : `${FILTER_LABELS[status].toLowerCase()} `}${list.total === 1 ? "request" : "requests"}`;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Business listings"
        description={`${count} from the public 'List your business' form. Approving one publishes it as a listing verified today.`}
      />
      <ListToolbar
        searchLabel="Search listing requests"
        searchPlaceholder="Business, address, city, name or email"
        filters={[{ name: "status", label: "Status", options: filters.map((value) => ({ value, label: FILTER_LABELS[value] })) }]}
      />
      {list.rows.length ? (
        <ul className="grid gap-4" aria-label={`${FILTER_LABELS[status]} listing requests`}>
          {list.rows.map((submission) => (
            <li key={submission.id}>
              <SubmissionCard submission={submission} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-muted">
          {searching ? `No ${status === "all" ? "" : `${status} `}listing requests match your search.` : EMPTY_TEXT[status]}
        </p>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </div>
  );
}
