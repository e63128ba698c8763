import { DatabaseBackup, Download, FileSpreadsheet, ImageDown, RefreshCcw, type LucideIcon } from "lucide-react";
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import type { OptimiseReport } from "~/services/images/types";
import { IMPORT_COLUMNS, KEPT_COLUMNS, NO, REQUIRED_IMPORT_COLUMNS, YES } from "~/services/tools/import-columns";
import type { ClearedCache, ImportRejection, ImportReport, ImportRowRef } from "~/services/tools/types";
import { ACCESS_LABELS, WHOLESALER_ACCESS } from "~/services/wholesalers/constants";
import { HOURS_TEXT_EXAMPLE } from "~/services/wholesalers/opening-hours-schema";
import { cn } from "~/utils/cn";

/** Same limits as the server's (services/tools/import.server.ts), checked here before uploading. */
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

const numberFormat = new Intl.NumberFormat("en-US");

function ToolCard({
  icon: Icon,
  title,
  description,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn("min-w-0 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6", className)}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blush text-rose-brand">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h3 id={headingId} className="font-serif text-lg font-semibold text-ink">
          {title}
        </h3>
      </div>
      <div className="mt-3 text-sm leading-relaxed text-muted">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Alert({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  );
}

/** A plain form post: the browser saves the answer as a file, streamed, however large the site is. */
function BackupTool({ database }: { database: "sqlite" | "postgres" }) {
  return (
    <ToolCard
      icon={DatabaseBackup}
      title="Backup"
      description={
        <>
          <p>
            Downloads the whole site as one <code className="text-ink">.tar.gz</code> file:{" "}
            {database === "sqlite"
              ? "a consistent snapshot of the SQLite database"
              : "every table of the PostgreSQL database, read in one consistent snapshot"}
            , taken while the site keeps running, and every uploaded photo.
          </p>
          <p className="mt-2">
            To restore it, stop the site and run, with the same {database === "sqlite" ? "DATA_DIR" : "DATA_DIR and DATABASE_URL"} as the
            site (add <code className="text-ink">--force</code> to replace data that is there):
          </p>
          <code className="mt-2 block rounded-lg bg-stone-100 px-3 py-2 text-xs text-ink [overflow-wrap:anywhere]">
            npm run db:restore -- wholesale-flower-finder-YYYY-MM-DD.tar.gz
          </code>
        </>
      }
    >
      <form method="post" action="/admin/tools/backup">
        <Button type="submit" variant="secondary">
          <Download aria-hidden="true" />
          Download backup
        </Button>
      </form>
    </ToolCard>
  );
}

interface ClearCacheAnswer {
  ok?: boolean;
  message: string;
  cleared?: ClearedCache[];
}

/**
 * A one-button tool posting to `action`: its answer once the request is done, announced once in a toast
 * (`titles.ok` or `titles.failed`, with the server's message).
 */
function useToolRequest<T extends { ok?: boolean; message: string }>(action: string, titles: { ok: string; failed: string }) {
  const fetcher = useFetcher();
  // The tools answer plain JSON, so the answer is T as sent.
  const answer = fetcher.state === "idle" ? (fetcher.data as T | undefined) : undefined;
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    toast(
      answer.ok
        ? { title: titles.ok, description: answer.message, variant: "success" }
        : { title: titles.failed, description: answer.message, variant: "destructive" },
    );
  }, [answer, titles.ok, titles.failed]);
  return { answer, busy: fetcher.state !== "idle", run: () => void fetcher.submit(null, { method: "post", action }) };
}

function ClearCacheTool() {
  const { answer, busy, run } = useToolRequest<ClearCacheAnswer>("/admin/tools/clear-cache", {
    ok: "Cache cleared",
    failed: "Could not clear the cache",
  });

  return (
    <ToolCard
      icon={RefreshCcw}
      title="Clear cache"
      description="Drops every server-side cache, such as the site settings kept in memory, so that the next page view reads everything fresh from the database."
    >
      <Button type="button" variant="secondary" disabled={busy} onClick={run}>
        <RefreshCcw aria-hidden="true" />
        {busy ? "Clearing..." : "Clear cache"}
      </Button>
      <div role="status" className="mt-3 text-sm text-ink empty:hidden">
        {answer?.ok ? answer.message : null}
      </div>
      <Alert>{answer && !answer.ok ? answer.message : undefined}</Alert>
    </ToolCard>
  );
}

type OptimiseAnswer = ({ ok: true } & OptimiseReport) | { ok?: undefined; message: string };

const TABLE_LABELS: Record<OptimiseReport["missing"][number]["table"], string> = {
  wholesalers: "Wholesaler",
  blog_posts: "Blog post",
  festivals: "Festival",
};

function OptimiseImagesTool({ className }: { className?: string }) {
  const { answer, busy, run } = useToolRequest<OptimiseAnswer>("/admin/tools/optimise-images", {
    ok: "Images optimized",
    failed: "Could not optimize the images",
  });
  const report = answer?.ok ? answer : undefined;
  const counts = report
    ? [
        { label: "Re-encoded smaller", value: report.reencoded },
        { label: "Repaired", value: report.repaired },
        { label: "Already optimal", value: report.unchanged },
        { label: "Unused files removed", value: report.orphansRemoved },
      ]
    : [];

  return (
    <ToolCard
      icon={ImageDown}
      title="Image optimization"
      className={className}
      description="Sends every uploaded photo through the image pipeline again: oriented, cropped to 3:2 and saved as WebP in 400, 800 and 1200 pixel widths. A new version replaces the stored one when a size was missing or it is at least 10% smaller; files no record uses any more are removed."
    >
      <Button type="button" variant="secondary" disabled={busy} onClick={run}>
        <ImageDown aria-hidden="true" />
        {busy ? "Optimizing..." : "Optimize images"}
      </Button>
      {report ? (
        <div className="mt-4">
          <p role="status" className="text-sm text-ink">
            {report.message}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-2">
            {counts.map(({ label, value }) => (
              <div key={label} className={cn("rounded-xl px-3 py-2", value > 0 ? "bg-green-50 text-leaf" : "bg-stone-100 text-ink")}>
                <dt className="text-xs font-medium">{label}</dt>
                <dd className="font-serif text-xl font-semibold tabular-nums">{numberFormat.format(value)}</dd>
              </div>
            ))}
          </dl>
          {report.missing.length > 0 ? (
            <div className="mt-4">
              <h4 className="text-sm font-semibold text-red-800">Images to upload again</h4>
              <ul className="mt-1 grid gap-1 text-sm">
                {report.missing.map((record) => (
                  <li key={`${record.table}-${record.id}`}>
                    {TABLE_LABELS[record.table]}: <span className="text-ink">{record.label}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      <Alert>{answer && !answer.ok ? answer.message : undefined}</Alert>
    </ToolCard>
  );
}

type ImportAnswer = ImportReport | { message: string };
const isReport = (answer: ImportAnswer | undefined): answer is ImportReport => answer !== undefined && "fingerprint" in answer;

function RowsTable({ caption, rows, total }: { caption: string; rows: ImportRowRef[]; total: number }) {
  if (total === 0) return null;
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-rose-brand underline-offset-4 hover:underline">
        {caption} ({numberFormat.format(total)})
      </summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-xl border border-stone-200">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-stone-50 text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                City
              </th>
              <th scope="col" className="px-3 py-2">
                State
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.row}>
                <td className="px-3 py-1.5 tabular-nums">{row.row}</td>
                <td className="px-3 py-1.5 text-ink">{row.name}</td>
                <td className="px-3 py-1.5">{row.city}</td>
                <td className="px-3 py-1.5">{row.state}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length < total ? (
          <p className="px-3 py-2 text-xs text-muted">
            The first {rows.length} of {numberFormat.format(total)} rows.
          </p>
        ) : null}
      </div>
    </details>
  );
}

function RejectionsTable({ rejections, total }: { rejections: ImportRejection[]; total: number }) {
  if (total === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-red-800">Rows with errors ({numberFormat.format(total)}): these are not imported</h4>
      <div className="mt-2 max-h-80 overflow-auto rounded-xl border border-red-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows with errors</caption>
          <thead className="sticky top-0 bg-red-50 text-xs uppercase tracking-wide text-red-900">
            <tr>
              <th scope="col" className="w-16 px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Problem
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-red-100">
            {rejections.map((rejection) => (
              <tr key={rejection.row} className="align-top">
                <td className="px-3 py-2 tabular-nums">{rejection.row}</td>
                <td className="px-3 py-2 text-ink [overflow-wrap:anywhere]">{rejection.name || "(no name)"}</td>
                <td className="px-3 py-2">
                  <ul className="grid gap-1">
                    {rejection.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rejections.length < total ? (
          <p className="px-3 py-2 text-xs text-muted">
            The first {rejections.length} of {numberFormat.format(total)} rows with errors.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function ReportView({ report }: { report: ImportReport }) {
  const dryRun = report.mode === "dry-run";
  const counts = [
    { label: dryRun ? "To create" : "Created", value: report.created, tone: "bg-green-50 text-leaf" },
    { label: dryRun ? "To update" : "Updated", value: report.updated, tone: "bg-blush text-rose-brand" },
    { label: "Unchanged", value: report.unchanged, tone: "bg-stone-100 text-ink" },
    { label: dryRun ? "With errors" : "Skipped", value: report.rejected, tone: "bg-red-50 text-red-800" },
  ];
  return (
    <div className="mt-5 border-t border-stone-200 pt-5">
      <p role="status" className="text-sm font-medium text-ink">
        {report.message}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map(({ label, value, tone }) => (
          <div key={label} className={cn("rounded-xl px-3 py-2", value > 0 ? tone : "bg-stone-100 text-ink")}>
            <dt className="text-xs font-medium">{label}</dt>
            <dd className="font-serif text-xl font-semibold tabular-nums">{numberFormat.format(value)}</dd>
          </div>
        ))}
      </dl>
      <RejectionsTable rejections={report.rejections} total={report.rejected} />
      <RowsTable caption={dryRun ? "Rows to create" : "Created"} rows={report.createdRows} total={report.created} />
      <RowsTable caption={dryRun ? "Rows to update" : "Updated"} rows={report.updatedRows} total={report.updated} />
    </div>
  );
}

const Code = ({ children }: { children: ReactNode }) => <code className="text-[0.9em] text-ink">{children}</code>;

/** "a, b or c", each as code. */
function orList(words: readonly string[]) {
  return words.map((word, index) => (
    <span key={word}>
      {index === 0 ? null : index === words.length - 1 ? " or " : ", "}
      <Code>{word}</Code>
    </span>
  ));
}

/** How to write the columns beyond the plain ones: the formats the import reads and the export writes. */
function ImportColumnNotes() {
  const notes: { columns: string[]; text: ReactNode }[] = [
    {
      columns: ["latitude", "longitude"],
      text: "Decimal degrees. Leave both empty to keep a listing's location (unless its zipcode changes), or to use the zipcode's center for a new one.",
    },
    {
      columns: ["access"],
      text: (
        <>
          Who may buy: {orList(WHOLESALER_ACCESS)}, or as the cards say it ({orList(Object.values(ACCESS_LABELS))}). Empty when unknown.
        </>
      ),
    },
    {
      columns: ["opening_hours"],
      text: (
        <>
          The weekly schedule in 24-hour time, such as <Code>{HOURS_TEXT_EXAMPLE}</Code>. Days not named are closed, a closing time at or
          before the opening runs past midnight, and <Code>24:00</Code> is midnight at the end of the day. <Code>hours</Code> is the
          free-text note shown beside it.
        </>
      ),
    },
    { columns: ["verified_at"], text: "The day the facts were last confirmed, as YYYY-MM-DD." },
    { columns: ["source", "admin_note"], text: "Seen by admins only." },
    { columns: ["location_approximate"], text: <>{orList([YES, NO])}: whether the location is only the zipcode's center.</> },
  ];
  return (
    <details className="mt-2">
      <summary className="cursor-pointer font-medium text-rose-brand underline-offset-4 hover:underline">How to write the columns</summary>
      <dl className="mt-2 grid gap-2">
        {notes.map(({ columns, text }) => (
          <div key={columns.join()}>
            <dt className="inline font-medium text-ink">{columns.join(", ")}: </dt>
            <dd className="inline">{text}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2">
        {KEPT_COLUMNS.map((column, index) => (
          <span key={column}>
            {index === 0 ? null : index === KEPT_COLUMNS.length - 1 ? " and " : ", "}
            <Code>{column}</Code>
          </span>
        ))}{" "}
        may be left out of the file: an update then keeps the listing&apos;s own. A column that is there sets the value, and an empty cell
        clears it.
      </p>
    </details>
  );
}

/** Check first (a dry run that writes nothing), then import exactly the file that was checked. */
function ImportTool({ className }: { className?: string }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const dryRun = useFetcher<ImportAnswer>({ key: "import-dry-run" });
  const importer = useFetcher<ImportAnswer>({ key: "import-run" });
  const [shown, setShown] = useState<"dry-run" | "import" | null>(null);
  const handled = useRef<ImportAnswer | undefined>(undefined);

  const checked = isReport(dryRun.data) ? dryRun.data : undefined;
  const imported = importer.state === "idle" && isReport(importer.data) ? importer.data : undefined;
  const busy = dryRun.state !== "idle" || importer.state !== "idle";

  useEffect(() => {
    if (!imported || handled.current === imported) return;
    handled.current = imported;
    toast({ title: "Import finished", description: imported.message, variant: "success" });
  }, [imported]);

  const send = (intent: "dry-run" | "import") => {
    if (!file) {
      setFileError("Choose a CSV file to import.");
      return;
    }
    const form = new FormData();
    form.set("intent", intent);
    form.set("file", file);
    if (intent === "import" && checked) form.set("fingerprint", checked.fingerprint);
    setShown(intent);
    const fetcher = intent === "dry-run" ? dryRun : importer;
    void fetcher.submit(form, { method: "post", action: "/admin/tools/import", encType: "multipart/form-data" });
  };

  const choose = (chosen: File | null) => {
    setShown(null);
    setFile(chosen);
    setFileError(chosen && chosen.size > MAX_IMPORT_BYTES ? "The file is larger than 2 MB. Split it into smaller files." : undefined);
  };

  const current = shown === "import" ? importer : shown === "dry-run" ? dryRun : undefined;
  const answer = current?.state === "idle" ? current.data : undefined;
  const canImport = shown === "dry-run" && checked !== undefined && checked.created + checked.updated > 0 && !busy;
  const importable = checked ? checked.created + checked.updated : 0;

  return (
    <ToolCard
      icon={FileSpreadsheet}
      title="Import wholesalers"
      className={className}
      description={
        <>
          <p>
            A CSV file with a header row, such as the one Export CSV on the Wholesalers page downloads; {REQUIRED_IMPORT_COLUMNS.join(", ")}{" "}
            are required. The state may be a two-letter code (CA) or a name (California); the type is Wholesale, Retail or Both (Wholesale
            when empty). A row whose name and address match an existing wholesaler, ignoring case, updates it. Up to 2 MB and 5,000 rows;
            check the file with a dry run first.
          </p>
          {/* The header line wraps after a comma (<wbr>) and still copies as one line. */}
          <code className="mt-2 block rounded-lg bg-stone-100 px-3 py-2 text-xs text-ink">
            {IMPORT_COLUMNS.map((column, index) => (
              <Fragment key={column}>
                {index === 0 ? null : ","}
                <wbr />
                {column}
              </Fragment>
            ))}
          </code>
          <ImportColumnNotes />
        </>
      }
    >
      <div className="grid gap-4 sm:flex sm:flex-wrap sm:items-end">
        <div className="min-w-0 sm:flex-1">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${inputId}-error` : undefined}
            className="block w-full text-sm text-ink file:mr-3 file:h-10 file:rounded-full file:border-0 file:bg-blush file:px-4 file:font-medium file:text-rose-brand hover:file:bg-rose-100"
          />
          {fileError ? (
            <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-700">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="secondary" disabled={busy || !file || Boolean(fileError)} onClick={() => send("dry-run")}>
            {dryRun.state !== "idle" ? "Checking..." : "Check file (dry run)"}
          </Button>
          <Button type="button" disabled={!canImport} onClick={() => send("import")}>
            {importer.state !== "idle"
              ? "Importing..."
              : importable > 0 && shown === "dry-run"
                ? `Import ${numberFormat.format(importable)} ${importable === 1 ? "row" : "rows"}`
                : "Import"}
          </Button>
        </div>
      </div>
      {answer && !isReport(answer) ? <Alert>{answer.message}</Alert> : null}
      {answer && isReport(answer) ? <ReportView report={answer} /> : null}
    </ToolCard>
  );
}

export function QuickTools({ database }: { database: "sqlite" | "postgres" }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2 xl:grid-cols-3">
      <BackupTool database={database} />
      <ClearCacheTool />
      <OptimiseImagesTool className="lg:col-span-2 xl:col-span-1" />
      <ImportTool className="lg:col-span-2 xl:col-span-3" />
    </div>
  );
}
