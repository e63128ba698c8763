import { Check, X } from "~/components/icons";
import { Link, useFetcher } from "react-router";
import { AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/db.server";
import { runAdminAction, type ActionResult } from "~/http/admin-action.server";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { requireAdmin } from "~/http/auth.server";
import { formatAdminTime, parseListParams } from "~/services/admin/list";
import { mailContext } from "~/services/mail/context.server";
import { REVIEWED_FIELDS, REVIEWED_LABELS } from "~/services/owners/owner-form";
import {
  approveChange,
  approveClaim,
  CLAIM_STATUSES,
  listClaimsForAdmin,
  listOwners,
  listPendingChanges,
  rejectChange,
  rejectClaim,
  removeOwner,
  type ClaimStatus,
} from "~/services/owners/owners.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/claims";

const STATUS_LABELS: Record<ClaimStatus, string> = {
  pending: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
  verified: "On the website's domain",
};

const editorHref = (wholesalerId: number, name: string) =>
  `/admin/wholesalers?${new URLSearchParams({ q: name, edit: String(wholesalerId) }).toString()}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const db = getDb();
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const status = (CLAIM_STATUSES as readonly string[]).includes(url.searchParams.get("status") ?? "")
    ? (url.searchParams.get("status") as ClaimStatus)
    : "pending";
  const [list, changes, owners] = await Promise.all([listClaimsForAdmin(db, { status, q, page }), listPendingChanges(db), listOwners(db)]);
  return {
    status,
    statuses: [...CLAIM_STATUSES],
    list: {
      ...list,
      rows: list.rows.map((claim) => ({
        ...claim,
        sentWhen: formatAdminTime(claim.createdAt),
        decidedWhen: claim.decidedAt ? formatAdminTime(claim.decidedAt) : null,
        editorHref: editorHref(claim.wholesalerId, claim.listing.name),
      })),
    },
    changes: changes.map((change) => ({ ...change, sentWhen: formatAdminTime(change.createdAt) })),
    owners: owners.map((owner) => ({ ...owner, sinceWhen: formatAdminTime(owner.createdAt) })),
  };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Owner claims");

export function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  return runAdminAction(request, context, {
    approve: async ({ actor, recordId }) => {
      const id = recordId("Unknown claim.");
      const claim = await approveClaim(db, id, actor, await mailContext(db, getEnv().SITE_URL));
      return { id, message: `${claim.email} now owns ${claim.listingName}; a sign-in link was mailed.` };
    },
    reject: async ({ actor, recordId }) => {
      const id = recordId("Unknown claim.");
      const claim = await rejectClaim(db, id, actor, await mailContext(db, getEnv().SITE_URL));
      return { id, message: `The claim of ${claim.listingName} by ${claim.email} was rejected.` };
    },
    "approve-change": async ({ actor, recordId }) => {
      const id = recordId("Unknown change.");
      const change = await approveChange(db, id, actor, { siteUrl: getEnv().SITE_URL });
      return { id, message: `The change to ${change.listingName} was published.` };
    },
    "reject-change": async ({ actor, recordId }) => {
      const id = recordId("Unknown change.");
      const change = await rejectChange(db, id, actor);
      return { id, message: `The change to ${change.listingName} was rejected.` };
    },
    "remove-owner": async ({ actor, recordId }) => {
      const id = recordId("Unknown owner.");
      const owner = await removeOwner(db, id, actor);
      return { id, message: `${owner.email} no longer owns ${owner.listingName}.` };
    },
  });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Row = LoaderData["list"]["rows"][number];

const TOAST_TITLES: Record<string, string> = {
  approve: "Claim approved",
  reject: "Claim rejected",
  "approve-change": "Change published",
  "reject-change": "Change rejected",
  "remove-owner": "Owner removed",
};

/** Two buttons of one row: approve and reject (or one, remove). */
function RowActions({
  id,
  which,
  intents,
}: {
  id: number;
  which: string;
  intents: { intent: string; label: string; tone: "leaf" | "danger" }[];
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, {
    ok: (result) => TOAST_TITLES[result.intent] ?? "Saved",
    failed: "Could not save",
    revalidateOnFailure: true,
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2 md:flex-col md:items-stretch">
      <input type="hidden" name="id" value={id} />
      {intents.map(({ intent, label, tone }) => (
        <Button
          key={intent}
          type="submit"
          name="intent"
          value={intent}
          size="sm"
          variant={tone === "leaf" ? "leaf" : "secondary"}
          className={tone === "danger" ? "text-red-800" : undefined}
          disabled={busy}
          aria-label={`${label}: ${which}`}
        >
          {tone === "leaf" ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
          {label}
        </Button>
      ))}
    </fetcher.Form>
  );
}

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { list, status, statuses, changes, owners } = loaderData;
  const columns: Column<Row>[] = [
    {
      header: "Claimant",
      className: "min-w-48",
      cell: (c) => (
        <div className="text-sm">
          <p className="font-medium text-ink">
            {c.name} <span className="font-normal text-muted">({c.role})</span>
          </p>
          <a href={`mailto:${c.email}`} className="text-xs text-rose-brand [overflow-wrap:anywhere] underline-offset-4 hover:underline">
            {c.email}
          </a>
          <p className="text-xs text-muted">{c.phone}</p>
        </div>
      ),
    },
    {
      header: "Listing",
      className: "min-w-56",
      cell: (c) => (
        <div className="text-sm">
          <Link to={c.editorHref} className="font-medium text-ink underline-offset-4 hover:text-rose-brand hover:underline">
            {c.listing.name}
          </Link>
          <p className="text-xs text-muted">
            {c.listing.address}, {c.listing.city}, {c.listing.state} {c.listing.zipcode}
          </p>
          <p className="text-xs text-muted">
            {c.listing.phone ?? "No phone"} · {c.listing.website ?? "No website"}
          </p>
          <p className="text-xs text-muted">{c.owners === 0 ? "No owner yet" : `${c.owners} owner${c.owners === 1 ? "" : "s"}`}</p>
        </div>
      ),
    },
    {
      header: "Dates",
      cell: (c) => (
        <div className="text-xs">
          <p className="whitespace-nowrap">
            Sent <time dateTime={c.createdAt}>{c.sentWhen}</time>
          </p>
          {c.decidedWhen ? (
            <p className="mt-1 text-muted">
              {STATUS_LABELS[c.status]} <time dateTime={c.decidedAt ?? ""}>{c.decidedWhen}</time>
              {c.decidedBy ? ` by ${c.decidedBy}` : ""}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      header: "Actions",
      className: "w-40 text-right",
      cell: (c) =>
        c.status === "pending" ? (
          <RowActions
            id={c.id}
            which={`${c.email} for ${c.listing.name}`}
            intents={[
              { intent: "approve", label: "Approve", tone: "leaf" },
              { intent: "reject", label: "Reject", tone: "danger" },
            ]}
          />
        ) : null,
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Owner claims"
        description="“Is this your business? Claim it” from listing pages. A claim from an address on the listing's own website domain is approved by itself; check the others (call the listing's phone) before approving."
      />
      <ListToolbar
        searchLabel="Search claims"
        searchPlaceholder="Listing, name or email"
        filters={[{ name: "status", label: "Status", options: statuses.map((value) => ({ value, label: STATUS_LABELS[value] })) }]}
      />
      <DataTable
        caption={`${STATUS_LABELS[status]} owner claims`}
        columns={columns}
        rows={list.rows}
        rowKey={(c) => c.id}
        emptyText={status === "pending" ? "No claims are waiting." : "No claims here yet."}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />

      <section aria-labelledby="changes-heading" className="grid gap-3">
        <h2 id="changes-heading" className="font-serif text-xl font-semibold text-ink">
          Changes of name or address from owners
        </h2>
        {changes.length === 0 ? (
          <p className="text-sm text-muted">No changes are waiting.</p>
        ) : (
          <ul className="grid gap-3">
            {changes.map((change) => (
              <li
                key={change.id}
                className="flex flex-wrap items-start justify-between gap-4 rounded-xl border border-stone-200 bg-white p-4"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-ink">{change.listingName}</p>
                  <p className="text-xs text-muted">
                    From {change.ownerEmail}, <time dateTime={change.createdAt}>{change.sentWhen}</time>
                  </p>
                  <table className="mt-2 text-sm">
                    <caption className="sr-only">Before and after</caption>
                    <thead>
                      <tr className="text-left text-xs text-muted">
                        <th scope="col" className="pr-4 font-medium">
                          Field
                        </th>
                        <th scope="col" className="pr-4 font-medium">
                          Before
                        </th>
                        <th scope="col" className="font-medium">
                          After
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {REVIEWED_FIELDS.filter((field) => change.before[field] !== change.after[field]).map((field) => (
                        <tr key={field}>
                          <th scope="row" className="pr-4 text-left font-medium">
                            {REVIEWED_LABELS[field]}
                          </th>
                          <td className="pr-4 text-muted line-through">{change.before[field]}</td>
                          <td className="font-medium text-ink">{change.after[field]}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <RowActions
                  id={change.id}
                  which={change.listingName}
                  intents={[
                    { intent: "approve-change", label: "Publish", tone: "leaf" },
                    { intent: "reject-change", label: "Reject", tone: "danger" },
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="owners-heading" className="grid gap-3">
        <h2 id="owners-heading" className="font-serif text-xl font-semibold text-ink">
          Owners
        </h2>
        {owners.length === 0 ? (
          <p className="text-sm text-muted">No listing has an owner yet.</p>
        ) : (
          <ul className="grid gap-2">
            {owners.map((owner) => (
              <li
                key={owner.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white p-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium text-ink">{owner.listingName}</p>
                  <p className="text-xs text-muted [overflow-wrap:anywhere]">
                    {owner.name} ({owner.role}), {owner.email}, since {owner.sinceWhen}
                  </p>
                </div>
                <RowActions
                  id={owner.id}
                  which={`${owner.email} of ${owner.listingName}`}
                  intents={[{ intent: "remove-owner", label: "Remove", tone: "danger" }]}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
