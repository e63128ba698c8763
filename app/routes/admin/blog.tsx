import { ExternalLink } from "~/components/icons";
import { useState } from "react";
import { Link } from "react-router";
import { RecordImageField } from "~/components/admin/images/record-image-field";
import type { UploadResult } from "~/components/admin/images/upload-widget";
import { usePhotoRecordEditor } from "~/components/admin/images/use-photo-record-editor";
import { MarkdownEditor, PREVIEW_INTENT, type PreviewResult } from "~/components/admin/blog/markdown-editor";
import { SelectField, TextAreaField, TextField } from "~/components/admin/list/fields";
import { AddButton, AdminPageHeader, DataTable, ListToolbar, Pagination, type Column } from "~/components/admin/list/list-page";
import { RecordDialog, RowActions } from "~/components/admin/list/record-dialog";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { formatPostDate } from "~/components/blog/format";
import { buttonVariants } from "~/components/ui/button";
import { getDb } from "~/db/db.server";
import { parseListParams } from "~/services/admin/list";
import { createBlogPost, deleteBlogPost, listBlogCategories, listBlogPostsForAdmin, updateBlogPost } from "~/services/blog/admin.server";
import { BLOG_STATUSES, type BlogPost, type BlogStatus } from "~/services/blog/blog.server";
import { BLOG_POST_ENTITY, CONTENT_MAX, EXCERPT_MAX } from "~/services/blog/post-form";
import { withImageAvailability } from "~/services/images/availability.server";
import { imageStorage } from "~/services/images/storage.server";
import { markdownNestingProblem, renderMarkdown } from "~/services/markdown/markdown.server";
import { readAdminForm, recordHandlers, runAdminAction } from "~/http/admin-action.server";
import { requireAdmin } from "~/http/auth.server";
import { cn } from "~/utils/cn";
import { todayIsoDate } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/blog";

const LOADING_TEXT = "Loading blog posts...";
const EMPTY_TEXT = "No blog posts found matching your criteria";

const STATUS_LABELS: Record<BlogStatus, string> = { draft: "Draft", published: "Published" };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const { q, page } = parseListParams(url.searchParams);
  const category = url.searchParams.get("category")?.trim() || undefined;
  const status = url.searchParams.get("status") ?? undefined;
  const db = getDb();
  const [list, categories] = await Promise.all([listBlogPostsForAdmin(db, { q, category, status, page }), listBlogCategories(db)]);
  return {
    list: { ...list, rows: await withImageAvailability(db, list.rows, imageStorage(getEnv())) },
    categories,
    statuses: BLOG_STATUSES,
    today: todayIsoDate(),
  };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Blog");

export async function action({ request, context }: Route.ActionArgs) {
  // The editor's preview goes through the public article's renderer, so both show the same safe HTML.
  // A body that is not a form is left to runAdminAction, which answers it with its 400.
  const form = await readAdminForm(request.clone()).catch(() => undefined);
  if (form?.get("intent") === PREVIEW_INTENT) {
    requireAdmin(context);
    const content = String(form.get("content") ?? "").slice(0, CONTENT_MAX);
    return { intent: PREVIEW_INTENT, html: renderMarkdown(content), error: markdownNestingProblem(content) } satisfies PreviewResult;
  }

  const services = { create: createBlogPost, update: updateBlogPost, remove: deleteBlogPost };
  return runAdminAction(
    request,
    context,
    recordHandlers(getDb(), services, { label: "title", unknown: "Unknown blog post.", deleted: "The blog post was deleted." }),
  );
}

type AdminBlogPost = BlogPost & { imageMissing: boolean };
/** `version`: the record's updated_at the form sends; an upload moves it on without reopening the form. */

const SAVE_POST_FIRST = "Save the post first, then add a photo.";

function ExcerptField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  const [length, setLength] = useState(defaultValue?.length ?? 0);
  return (
    <TextAreaField
      name="excerpt"
      label="Excerpt"
      defaultValue={defaultValue}
      error={error}
      maxLength={EXCERPT_MAX}
      rows={3}
      onChange={(event) => setLength(event.target.value.length)}
      hint={`Shown on blog cards and in search results. ${length}/${EXCERPT_MAX} characters.`}
      className="md:col-span-3"
    />
  );
}

function BlogPostFields({
  record,
  version,
  categories,
  statuses,
  today,
  errors,
  onUploaded,
}: {
  record?: AdminBlogPost;
  version?: string;
  categories: string[];
  statuses: readonly BlogStatus[];
  today: string;
  errors: Record<string, string>;
  onUploaded(result: UploadResult): void;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <TextField name="title" label="Title" defaultValue={record?.title} error={errors.title} required className="md:col-span-3" />
      <ExcerptField defaultValue={record?.excerpt} error={errors.excerpt} />
      <SelectField
        name="category"
        label="Category"
        defaultValue={record?.category ?? ""}
        error={errors.category}
        options={[{ value: "", label: "Choose a category" }, ...categories.map((c) => ({ value: c, label: c }))]}
      />
      <TextField name="date" label="Date" type="date" defaultValue={record?.date ?? today} error={errors.date} required />
      <SelectField
        name="status"
        label="Status"
        defaultValue={record?.status ?? "draft"}
        error={errors.status}
        hint="Only published posts appear on the site."
        options={statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
      />
      <RecordImageField
        kind="blog"
        record={record}
        version={version}
        saveFirst={SAVE_POST_FIRST}
        examplePath="/images/blog/foam-free-arranging.webp"
        error={errors.image}
        onUploaded={onUploaded}
        className="md:col-span-3"
      />
      <div className="md:col-span-3">
        <MarkdownEditor
          name="content"
          label="Article (Markdown)"
          defaultValue={record?.content}
          error={errors.content}
          maxLength={CONTENT_MAX}
        />
      </div>
    </div>
  );
}

function StatusBadge({ status }: { status: BlogStatus }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium",
        status === "published" ? "bg-green-50 text-leaf" : "bg-stone-100 text-stone-700",
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { list, categories, statuses, today } = loaderData;
  const { editing, setEditing, onUploaded, close } = usePhotoRecordEditor<AdminBlogPost>("/admin/blog");

  const columns: Column<AdminBlogPost>[] = [
    {
      header: "Title",
      className: "min-w-56",
      cell: (p) => (
        <div className="max-w-md">
          <p className="font-medium text-ink">{p.title}</p>
          <p className="line-clamp-1 text-xs text-muted">{p.excerpt}</p>
        </div>
      ),
    },
    { header: "Category", cell: (p) => p.category },
    {
      header: "Date",
      className: "whitespace-nowrap",
      cell: (p) => <time dateTime={p.date}>{formatPostDate(p.date)}</time>,
    },
    { header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
    {
      header: "Actions",
      className: "w-40 text-right",
      cell: (p) => (
        <RowActions
          label={p.title}
          entity={BLOG_POST_ENTITY}
          version={{ id: p.id, updatedAt: p.updatedAt }}
          onEdit={() => setEditing({ mode: "edit", record: p, version: p.updatedAt })}
        >
          {p.status === "published" ? (
            <Link
              to={`/blog/${p.id}`}
              target="_blank"
              rel="noopener"
              aria-label={`View ${p.title} on the site (opens in a new tab)`}
              className={buttonVariants({ variant: "ghost", size: "icon" })}
            >
              <ExternalLink aria-hidden="true" />
            </Link>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Blog"
        description={`${list.total} ${list.total === 1 ? "post matches" : "posts match"}.`}
        action={<AddButton label="Add Post" onClick={() => setEditing({ mode: "create" })} />}
      />
      <ListToolbar
        searchLabel="Search blog posts"
        searchPlaceholder="Title, excerpt or text"
        filters={[
          {
            name: "category",
            label: "Category",
            options: [{ value: "", label: "All categories" }, ...categories.map((c) => ({ value: c, label: c }))],
          },
          {
            name: "status",
            label: "Status",
            options: [{ value: "", label: "All statuses" }, ...statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))],
          },
        ]}
      />
      <DataTable
        caption="Blog posts"
        columns={columns}
        rows={list.rows}
        rowKey={(p) => p.id}
        emptyText={EMPTY_TEXT}
        loadingText={LOADING_TEXT}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />

      <RecordDialog
        key={editing?.mode === "edit" ? `edit-${editing.record.id}-${editing.record.updatedAt}` : "create"}
        open={editing !== null}
        onOpenChange={close}
        title={editing?.mode === "edit" ? `Edit ${editing.record.title}` : "Add Post"}
        intent={editing?.mode === "edit" ? "update" : "create"}
        hidden={editing?.mode === "edit" ? { id: editing.record.id, updatedAt: editing.version } : undefined}
        submitLabel={editing?.mode === "edit" ? "Save changes" : "Add post"}
        wide="xl"
      >
        {(errors) => (
          <BlogPostFields
            record={editing?.mode === "edit" ? editing.record : undefined}
            version={editing?.mode === "edit" ? editing.version : undefined}
            categories={categories}
            statuses={statuses}
            today={today}
            errors={errors}
            onUploaded={onUploaded}
          />
        )}
      </RecordDialog>
    </div>
  );
}
