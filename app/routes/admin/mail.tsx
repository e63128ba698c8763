import { CheckCircle2, Info, Send } from "~/components/icons";
import { Link, useFetcher, useSearchParams } from "react-router";
import { AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { useActionToast } from "~/components/admin/use-action-toast";
import { MailStatusDetails } from "~/components/mail/outbox-status";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/db.server";
import { runAdminAction, type ActionResult } from "~/http/admin-action.server";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { requireAdmin } from "~/http/auth.server";
import { formatAdminTime, parseListParams } from "~/services/admin/list";
import { queueTestMail } from "~/services/mail/admin.server";
import { countOutbox, listOutbox } from "~/services/mail/outbox.server";
import { MAIL_KIND_LABELS, MAIL_KINDS, MAIL_STATUS_LABELS, MAIL_STATUSES } from "~/services/mail/types";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/mail";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const status = url.searchParams.get("status") ?? undefined;
  const kind = url.searchParams.get("kind") ?? undefined;
  const db = getDb();
  const [list, counts] = await Promise.all([listOutbox(db, { q, status, kind, page }), countOutbox(db)]);
  return {
    list: {
      ...list,
      rows: list.rows.map((m) => ({
        ...m,
        createdWhen: formatAdminTime(m.createdAt),
        sentWhen: m.sentAt ? formatAdminTime(m.sentAt) : null,
        nextAttemptWhen: m.nextAttemptAt ? formatAdminTime(m.nextAttemptAt) : null,
      })),
    },
    counts,
    // Whether SMTP_URL is set, never the URL: it may hold the SMTP server's password.
    smtp: Boolean(getEnv().SMTP_URL),
  };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Mail");

export function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, {
    test: async ({ actor }) => {
      const id = await queueTestMail(getDb(), getEnv().SITE_URL, actor);
      return { id, message: `Test message queued for ${actor.email}.` };
    },
  });
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

/** "Send a test message to me": queues one to the signed-in admin; the list reloads with it on top. */
function SendTestButton() {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, { ok: "Test message", failed: "Could not queue the test message" });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="self-start sm:self-auto">
      <Button type="submit" name="intent" value="test" variant="secondary" disabled={busy}>
        <Send aria-hidden="true" />
        {busy ? "Queueing..." : "Send a test message to me"}
      </Button>
    </fetcher.Form>
  );
}

function Counts({ counts }: { counts: Route.ComponentProps["loaderData"]["counts"] }) {
  return (
    // Compact chips on a phone, a row of five figures from sm up.
    <dl className="flex flex-wrap gap-2 sm:grid sm:grid-cols-5 sm:gap-3">
      {MAIL_STATUSES.map((status) => (
        <div
          key={status}
          className="flex items-baseline gap-2 rounded-full border border-stone-200 bg-white px-3 py-1.5 sm:block sm:rounded-2xl sm:px-4 sm:py-3"
        >
          <dt className="text-xs font-semibold text-muted sm:uppercase sm:tracking-wider">{MAIL_STATUS_LABELS[status]}</dt>
          <dd className="text-sm font-semibold tabular-nums text-ink sm:mt-1 sm:font-serif sm:text-2xl">{counts[status]}</dd>
        </div>
      ))}
    </dl>
  );
}

function Transport({ smtp }: { smtp: boolean }) {
  return smtp ? (
    <p className="flex items-start gap-2 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
      <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      Sent through the SMTP server in SMTP_URL
    </p>
  ) : (
    <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      SMTP_URL is not set: messages are kept here, not sent
    </p>
  );
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { list, counts, smtp } = loaderData;
  const [params] = useSearchParams();
  const filtered = Boolean(params.get("q") || params.get("status") || params.get("kind"));

  const columns: Column<Row>[] = [
    {
      header: "Recipient",
      className: "min-w-48",
      cell: (m) => <span className="font-medium text-ink [overflow-wrap:anywhere]">{m.recipient}</span>,
    },
    {
      header: "Subject",
      className: "min-w-56",
      cell: (m) => (
        <Link to={`/admin/mail/${m.id}`} className="text-rose-brand underline-offset-4 [overflow-wrap:anywhere] hover:underline">
          {m.subject}
        </Link>
      ),
    },
    { header: "Kind", cell: (m) => <span className="whitespace-nowrap">{MAIL_KIND_LABELS[m.kind]}</span> },
    { header: "Status", className: "min-w-40", cell: (m) => <MailStatusDetails message={m} /> },
    {
      header: "Created",
      cell: (m) => (
        <time dateTime={m.createdAt} className="whitespace-nowrap">
          {m.createdWhen}
        </time>
      ),
    },
    {
      header: "Sent",
      cell: (m) =>
        m.sentAt ? (
          <time dateTime={m.sentAt} className="whitespace-nowrap">
            {m.sentWhen}
          </time>
        ) : (
          <span className="whitespace-nowrap text-muted">Not sent</span>
        ),
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Mail"
        description={`${list.total} ${list.total === 1 ? "message matches" : "messages match"}. Every message the site writes, newest first.`}
        action={<SendTestButton />}
      />
      <section aria-label="Messages by status" className="grid gap-3">
        <Counts counts={counts} />
        <Transport smtp={smtp} />
      </section>
      <ListToolbar
        searchLabel="Search mail"
        searchPlaceholder="Recipient or subject"
        filters={[
          {
            name: "status",
            label: "Status",
            options: [{ value: "", label: "All statuses" }, ...MAIL_STATUSES.map((value) => ({ value, label: MAIL_STATUS_LABELS[value] }))],
          },
          {
            name: "kind",
            label: "Kind",
            options: [{ value: "", label: "All kinds" }, ...MAIL_KINDS.map((value) => ({ value, label: MAIL_KIND_LABELS[value] }))],
          },
        ]}
      />
      <DataTable
        caption="Outbox"
        columns={columns}
        rows={list.rows}
        rowKey={(m) => m.id}
        emptyText={filtered ? "No messages match your search." : "The site has not written any message yet."}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </div>
  );
}
