import { FileSpreadsheet } from "~/components/icons/admin";
import { Fragment, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { isActiveJob } from "~/services/jobs/types";
import { IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS } from "~/services/tools/import-columns";
import type { ImportReport } from "~/services/tools/types";
import { numberFormat } from "./format";
import { ImportColumnNotes } from "./import-column-notes";
import { ImportReportView } from "./import-report";
import { JobProgress, LastJob, OtherJobNote } from "./job-progress";
import { Alert, ToolCard } from "./tool-card";
import { useJobOf, useStartJob, type Jobs } from "./use-jobs";

/** Same limits as the server's (services/tools/import-parse.server.ts), checked here before uploading. */
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

type ImportAnswer = ImportReport | { message: string };
const isReport = (answer: ImportAnswer | undefined): answer is ImportReport => answer !== undefined && "fingerprint" in answer;

const IMPORT_TITLES = { done: "Import finished", failed: "The import stopped" };

/**
 * Check first (a dry run that writes nothing), then import exactly the file that was checked: a background
 * job whose bar shows the rows written and the rows with errors.
 */
export function ImportTool({ className, jobs }: { className?: string; jobs: Jobs }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const dryRun = useFetcher<ImportAnswer>({ key: "import-dry-run" });
  const start = useStartJob(jobs);
  const { job, watched, other, report: imported } = useJobOf<ImportReport>(jobs, "import", IMPORT_TITLES);
  const [shown, setShown] = useState<"dry-run" | "import" | null>(null);

  const checked = isReport(dryRun.data) ? dryRun.data : undefined;
  const running = isActiveJob(job);
  const busy = dryRun.state !== "idle" || start.busy || running;

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
    if (intent === "dry-run") void dryRun.submit(form, { method: "post", action: "/admin/tools/import", encType: "multipart/form-data" });
    else start.submit(form, "/admin/tools/import");
  };

  const choose = (chosen: File | null) => {
    setShown(null);
    setFile(chosen);
    setFileError(chosen && chosen.size > MAX_IMPORT_BYTES ? "The file is larger than 2 MB. Split it into smaller files." : undefined);
  };

  const dryRunAnswer = shown === "dry-run" && dryRun.state === "idle" ? dryRun.data : undefined;
  const canImport = shown === "dry-run" && checked !== undefined && checked.created + checked.updated > 0 && !busy && !other;
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
            {start.busy || running
              ? "Importing..."
              : importable > 0 && shown === "dry-run"
                ? `Import ${numberFormat.format(importable)} ${importable === 1 ? "row" : "rows"}`
                : "Import"}
          </Button>
        </div>
      </div>
      <OtherJobNote job={other} />
      {dryRunAnswer && !isReport(dryRunAnswer) ? <Alert>{dryRunAnswer.message}</Alert> : null}
      <Alert>{start.refusal}</Alert>
      {job && running ? (
        <JobProgress job={job} unit="row" />
      ) : dryRunAnswer && isReport(dryRunAnswer) ? (
        <ImportReportView report={dryRunAnswer} />
      ) : job && imported ? (
        <>
          {/* The report lists the rows with errors itself. */}
          <JobProgress job={job} unit="row" listErrors={false} />
          <ImportReportView report={imported} />
        </>
      ) : job && watched && job.state === "failed" ? (
        <Alert>{job.message ?? undefined}</Alert>
      ) : job && !watched ? (
        <LastJob job={job} />
      ) : null}
    </ToolCard>
  );
}
