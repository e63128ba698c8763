import { BookOpen, ExternalLink, Send, TriangleAlert } from "~/components/icons";
import { useCallback, useState } from "react";
import { data, Link } from "react-router";
import { MarkdownEditor, PREVIEW_INTENT, type PreviewResult } from "~/components/admin/blog/markdown-editor";
import { TextField } from "~/components/admin/list/fields";
import { AddButton, AdminPageHeader, DataTable, Pagination, type Column } from "~/components/admin/list/list-page";
import { RecordDialog, RowActions } from "~/components/admin/list/record-dialog";
import { FeaturedPicker } from "~/components/admin/newsletter/featured-picker";
import { IssuePreviewDialog } from "~/components/admin/newsletter/issue-preview-dialog";
import { SendProgress } from "~/components/admin/newsletter/send-progress";
import { usePhotoRecordEditor } from "~/components/admin/images/use-photo-record-editor";
import { numberFormat } from "~/components/admin/tools/format";
import { Button, buttonVariants } from "~/components/ui/button";
import { getDb } from "~/db/db.server";
import { readAdminForm, recordHandlers, runAdminAction } from "~/http/admin-action.server";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { requireAdmin } from "~/http/auth.server";
import { siteMailContext } from "~/http/mail.server";
import { formatAdminTime, parseListParams } from "~/services/admin/list";
import { AppError, STATUS_BY_CODE } from "~/services/errors";
import { requireId } from "~/services/ids";
import { markdownNestingProblem, renderMarkdown } from "~/services/markdown/markdown.server";
import {
  FEATURED_KINDS,
  FEATURED_LABELS,
  ISSUE_BODY_MAX,
  ISSUE_ENTITY,
  ISSUE_INTENTS,
  ISSUE_STATUS_LABELS,
  ISSUE_TITLE_MAX,
  MAIL_SETTINGS_PATH,
  NO_POSTAL_ADDRESS_MESSAGE,
  type AdminIssue,
  type IssuePreviewResult,
  type IssueStatus,
} from "~/services/newsletter/issue-form";
import {
  countConfirmedSubscribers,
  createIssue,
  deleteIssue,
  listFeaturedChoices,
  listIssuesForAdmin,
  previewIssue,
  sendIssue,
  sendIssueTest,
  updateIssue,
} from "~/services/newsletter/issues.server";
import { getSiteSettings } from "~/services/settings/settings.server";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/newsletter";

const UNKNOWN_ISSUE = "Unknown newsletter issue.";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { page } = parseListParams(new URL(request.url).searchParams);
  const db = getDb();
  const [list, choices, confirmed, settings] = await Promise.all([
    listIssuesForAdmin(db, { page }),
    listFeaturedChoices(db),
    countConfirmedSubscribers(db),
    getSiteSettings(db),
  ]);
  return {
    list: {
      ...list,
      rows: list.rows.map((issue) => ({
        ...issue,
        createdWhen: formatAdminTime(issue.createdAt),
        sentWhen: issue.sentAt ? formatAdminTime(issue.sentAt) : null,
      })),
    },
    choices,
    confirmed,
    postalAddress: settings.mail.postalAddress.trim() !== "",
  };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Newsletter");

/** The editor's preview and the issue's preview read nothing but what they show: answered before runAdminAction. */
async function previewAction(request: Request, context: Route.ActionArgs["context"]) {
  const form = await readAdminForm(request.clone()).catch(() => undefined);
  const intent = form?.get("intent");
  if (!form || (intent !== PREVIEW_INTENT && intent !== ISSUE_INTENTS.preview)) return undefined;
  requireAdmin(context);
  if (intent === PREVIEW_INTENT) {
    // Through the public article's renderer, so the editor shows the same safe HTML the issue will carry.
    const body = String(form.get("body") ?? "").slice(0, ISSUE_BODY_MAX);
    return { intent: PREVIEW_INTENT, html: renderMarkdown(body), error: markdownNestingProblem(body) } satisfies PreviewResult;
  }
  try {
    const id = requireId(String(form.get("id") ?? ""), UNKNOWN_ISSUE);
    const preview = await previewIssue(getDb(), id, await siteMailContext());
    return {
      ok: true,
      intent: ISSUE_INTENTS.preview,
      id,
      subject: preview.subject,
      page: preview.page,
    } satisfies IssuePreviewResult;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ ok: false, intent: ISSUE_INTENTS.preview, message: error.message } satisfies IssuePreviewResult, {
      status: STATUS_BY_CODE[error.code],
    });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const preview = await previewAction(request, context);
  if (preview) return preview;

  const db = getDb();
  const services = { create: createIssue, update: updateIssue, remove: deleteIssue };
  return runAdminAction(request, context, {
    ...recordHandlers(db, services, { label: "title", unknown: UNKNOWN_ISSUE, deleted: "The draft was deleted." }),
    [ISSUE_INTENTS.test]: async ({ actor, recordId }) => {
      const id = recordId(UNKNOWN_ISSUE);
      await sendIssueTest(db, id, await siteMailContext(), actor);
      return { id, message: `A test of the issue was sent to ${actor.email}.` };
    },
    [ISSUE_INTENTS.send]: async ({ actor, recordId }) => {
      const id = recordId(UNKNOWN_ISSUE);
      const { recipients } = await sendIssue(db, id, await siteMailContext(), actor);
      return { id, message: `The issue is on its way to ${recipients} confirmed ${recipients === 1 ? "subscriber" : "subscribers"}.` };
    },
  });
}

const previewLabel = (status: IssueStatus) => (status === "draft" ? "Preview & send" : "Preview");

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];
type Choices = Route.ComponentProps["loaderData"]["choices"];

function IssueFields({ record, choices, errors }: { record?: AdminIssue; choices: Choices; errors: Record<string, string> }) {
  return (
    <div className="grid gap-4">
      <TextField name="title" label="Title" defaultValue={record?.title} error={errors.title} maxLength={ISSUE_TITLE_MAX} required />
      <MarkdownEditor name="body" label="Issue (Markdown)" defaultValue={record?.body} error={errors.body} maxLength={ISSUE_BODY_MAX} />
      <div className="grid gap-4 md:grid-cols-3">
        {FEATURED_KINDS.map((kind) => (
          <FeaturedPicker
            key={kind}
            name={kind}
            label={FEATURED_LABELS[kind]}
            choices={choices[kind]}
            defaultValue={record?.featured[kind]}
            error={errors[kind]}
          />
        ))}
      </div>
    </div>
  );
}

function StatusBadge({ status }: { status: IssueStatus }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium",
        status === "sent" ? "bg-green-50 text-leaf" : status === "sending" ? "bg-amber-50 text-amber-900" : "bg-stone-100 text-stone-700",
      )}
    >
      {ISSUE_STATUS_LABELS[status]}
    </span>
  );
}

/** A send's figures: recipients, delivered, failed, left, and how many left the list since. */
function Figures({ issue }: { issue: Row }) {
  if (issue.status === "draft") return <span className="text-muted">None yet</span>;
  const { figures } = issue;
  const items: [string, number][] = [
    ["Recipients", figures.recipients],
    ["Delivered", figures.delivered],
    ["Failed", figures.failed],
    ["Left", figures.left],
    // No SMTP server: what is left stays in the outbox, to be read under Mail.
    ...(figures.kept > 0 ? [["of which kept", figures.kept] as [string, number]] : []),
    ["Unsubscribes since", figures.unsubscribesSince],
  ];
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-xs">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right tabular-nums text-ink">{numberFormat.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { list, choices, confirmed, postalAddress } = loaderData;
  const { editing, setEditing, close } = usePhotoRecordEditor<Row>("/admin/newsletter");
  const [previewing, setPreviewing] = useState<Row | null>(null);
  const closePreview = useCallback(() => setPreviewing(null), []);

  // The sends this page has seen under way: their bars stay, and show their end, until the page is left.
  const sendingIds = list.rows.filter((issue) => issue.status === "sending").map((issue) => issue.id);
  const [watched, setWatched] = useState<number[]>(sendingIds);
  const unseen = sendingIds.filter((id) => !watched.includes(id));
  if (unseen.length > 0) setWatched([...watched, ...unseen]);
  const bars = list.rows.filter((issue) => watched.includes(issue.id) && issue.status !== "draft");
  // A send this page started: its bar shows even when every message was done with before the list reloaded.
  const onSent = useCallback((id: number) => {
    setWatched((ids) => (ids.includes(id) ? ids : [...ids, id]));
    setPreviewing(null);
  }, []);

  const columns: Column<Row>[] = [
    {
      header: "Issue",
      className: "min-w-56",
      cell: (issue) => (
        <div className="max-w-md">
          <p className="font-medium text-ink [overflow-wrap:anywhere]">{issue.title}</p>
          <p className="text-xs text-muted">
            Written by {issue.createdBy}, {issue.createdWhen}
          </p>
        </div>
      ),
    },
    { header: "Status", cell: (issue) => <StatusBadge status={issue.status} /> },
    {
      header: "Sent",
      className: "whitespace-nowrap",
      cell: (issue) => (issue.sentAt ? <time dateTime={issue.sentAt}>{issue.sentWhen}</time> : <span className="text-muted">Not yet</span>),
    },
    { header: "Figures", className: "min-w-44", cell: (issue) => <Figures issue={issue} /> },
    {
      header: "Actions",
      className: "w-64 text-right",
      cell: (issue) => {
        const preview = (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setPreviewing(issue)}
            aria-label={`${previewLabel(issue.status)} ${issue.title}`}
          >
            {issue.status === "draft" ? <Send aria-hidden="true" /> : <BookOpen aria-hidden="true" />}
            {previewLabel(issue.status)}
          </Button>
        );
        if (issue.status !== "draft") {
          return (
            <div className="flex justify-end gap-1">
              {preview}
              <Link
                to={`/newsletter/${issue.id}`}
                target="_blank"
                rel="noopener"
                aria-label={`View ${issue.title} on the site (opens in a new tab)`}
                className={buttonVariants({ variant: "ghost", size: "icon" })}
              >
                <ExternalLink aria-hidden="true" />
              </Link>
            </div>
          );
        }
        return (
          <RowActions
            label={issue.title}
            entity={ISSUE_ENTITY}
            version={{ id: issue.id, updatedAt: issue.updatedAt }}
            onEdit={() => setEditing({ mode: "edit", record: issue, version: issue.updatedAt })}
          >
            {preview}
          </RowActions>
        );
      },
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Newsletter"
        description={`${list.total} ${list.total === 1 ? "issue" : "issues"}. ${numberFormat.format(confirmed)} confirmed ${confirmed === 1 ? "subscriber" : "subscribers"}.`}
        action={<AddButton label="New Issue" onClick={() => setEditing({ mode: "create" })} />}
      />
      {postalAddress ? null : (
        <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {NO_POSTAL_ADDRESS_MESSAGE}{" "}
            <Link to={MAIL_SETTINGS_PATH} className="font-medium underline underline-offset-4">
              Open Settings (Mail tab)
            </Link>
          </span>
        </p>
      )}
      {bars.length > 0 ? (
        <section aria-label="Sends" className="grid gap-3">
          {bars.map((issue) => (
            <SendProgress key={issue.id} title={issue.title} initial={{ id: issue.id, status: issue.status, ...issue.figures }} />
          ))}
        </section>
      ) : null}
      <DataTable
        caption="Newsletter issues"
        columns={columns}
        rows={list.rows}
        rowKey={(issue) => issue.id}
        emptyText="No issue yet: write the first one."
        loadingText="Loading issues..."
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />

      <RecordDialog
        key={editing?.mode === "edit" ? `edit-${editing.record.id}-${editing.record.updatedAt}` : "create"}
        open={editing !== null}
        onOpenChange={close}
        title={editing?.mode === "edit" ? `Edit ${editing.record.title}` : "New Issue"}
        intent={editing?.mode === "edit" ? "update" : "create"}
        hidden={editing?.mode === "edit" ? { id: editing.record.id, updatedAt: editing.version } : undefined}
        submitLabel={editing?.mode === "edit" ? "Save changes" : "Save draft"}
        wide="xl"
      >
        {(errors) => <IssueFields record={editing?.mode === "edit" ? editing.record : undefined} choices={choices} errors={errors} />}
      </RecordDialog>

      {previewing ? (
        <IssuePreviewDialog
          key={previewing.id}
          issue={previewing}
          confirmed={confirmed}
          postalAddress={postalAddress}
          onClose={closePreview}
          onSent={onSent}
        />
      ) : null}
    </div>
  );
}
