import type { ReactNode } from "react";
import type { ImportRejection, ImportReport, ImportRowRef } from "~/services/tools/types";
import { numberFormat } from "./format";
import { ReportSummary } from "./report-summary";

const TABLE_STYLES = {
  rows: {
    frame: "mt-2 max-h-72 overflow-auto rounded-xl border border-stone-200",
    table: "w-full text-left",
    head: "sticky top-0 bg-stone-50 text-xs uppercase tracking-wide text-muted",
    body: "divide-y divide-stone-100",
  },
  rejections: {
    frame: "mt-2 max-h-80 overflow-auto rounded-xl border border-red-200",
    table: "w-full text-left text-sm",
    head: "sticky top-0 bg-red-50 text-xs uppercase tracking-wide text-red-900",
    body: "divide-y divide-red-100",
  },
};

/** Rows of a report in a table that scrolls, with `note` under it when the report holds only the first of them. */
function ReportTable({
  styles,
  caption,
  columns,
  note,
  children,
}: {
  styles: (typeof TABLE_STYLES)[keyof typeof TABLE_STYLES];
  caption: string;
  columns: { label: string; className?: string }[];
  note: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.frame}>
      <table className={styles.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={styles.head}>
          <tr>
            {columns.map(({ label, className = "px-3 py-2" }) => (
              <th key={label} scope="col" className={className}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.body}>{children}</tbody>
      </table>
      {note ? <p className="px-3 py-2 text-xs text-muted">{note}</p> : null}
    </div>
  );
}

function RowsTable({ caption, rows, total }: { caption: string; rows: ImportRowRef[]; total: number }) {
  if (total === 0) return null;
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-rose-brand underline-offset-4 hover:underline">
        {caption} ({numberFormat.format(total)})
      </summary>
      <ReportTable
        styles={TABLE_STYLES.rows}
        caption={caption}
        columns={[{ label: "Row" }, { label: "Name" }, { label: "City" }, { label: "State" }]}
        note={
          rows.length < total ? (
            <>
              The first {rows.length} of {numberFormat.format(total)} rows.
            </>
          ) : null
        }
      >
        {rows.map((row) => (
          <tr key={row.row}>
            <td className="px-3 py-1.5 tabular-nums">{row.row}</td>
            <td className="px-3 py-1.5 text-ink">{row.name}</td>
            <td className="px-3 py-1.5">{row.city}</td>
            <td className="px-3 py-1.5">{row.state}</td>
          </tr>
        ))}
      </ReportTable>
    </details>
  );
}

function RejectionsTable({ rejections, total }: { rejections: ImportRejection[]; total: number }) {
  if (total === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-red-800">Rows with errors ({numberFormat.format(total)}): these are not imported</h4>
      <ReportTable
        styles={TABLE_STYLES.rejections}
        caption="Rows with errors"
        columns={[{ label: "Row", className: "w-16 px-3 py-2" }, { label: "Name" }, { label: "Problem" }]}
        note={
          rejections.length < total ? (
            <>
              The first {rejections.length} of {numberFormat.format(total)} rows with errors.
            </>
          ) : null
        }
      >
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
      </ReportTable>
    </div>
  );
}

/** An import's report, a dry run's or a finished import's: its counts, then its rows with errors, created and updated. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const dryRun = report.mode === "dry-run";
  const counts = [
    { label: dryRun ? "To create" : "Created", value: report.created, tone: "bg-green-50 text-leaf" },
    { label: dryRun ? "To update" : "Updated", value: report.updated, tone: "bg-blush text-rose-brand" },
    { label: "Unchanged", value: report.unchanged, tone: "bg-stone-100 text-ink" },
    { label: dryRun ? "With errors" : "Skipped", value: report.rejected, tone: "bg-red-50 text-red-800" },
  ];
  return (
    <div className="mt-5 border-t border-stone-200 pt-5">
      <ReportSummary
        message={report.message}
        messageClassName="text-sm font-medium text-ink"
        className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4"
        counts={counts}
      />
      <RejectionsTable rejections={report.rejections} total={report.rejected} />
      <RowsTable caption={dryRun ? "Rows to create" : "Created"} rows={report.createdRows} total={report.created} />
      <RowsTable caption={dryRun ? "Rows to update" : "Updated"} rows={report.updatedRows} total={report.updated} />
    </div>
  );
}
