import type { ReactNode } from "react";
import { KEPT_COLUMNS, NO, YES } from "~/services/tools/import-columns";
import { ACCESS_LABELS, WHOLESALER_ACCESS } from "~/services/wholesalers/constants";
import { HOURS_TEXT_EXAMPLE } from "~/services/wholesalers/opening-hours-schema";
import { LISTING_STATUSES } from "~/services/wholesalers/special-hours";
import { SPECIAL_HOURS_TEXT_EXAMPLE } from "~/services/wholesalers/special-hours-schema";

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
export function ImportColumnNotes() {
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
    {
      columns: ["special_hours"],
      text: (
        <>
          Dated exceptions to the weekly hours, one a line: the date or <Code>first to last</Code> dates (at most 6 days), then the hours or{" "}
          <Code>closed</Code>, then <Code>|</Code> and a short note, such as <Code>{SPECIAL_HOURS_TEXT_EXAMPLE}</Code>.
        </>
      ),
    },
    {
      columns: ["status", "closed_until"],
      text: (
        <>
          {orList(LISTING_STATUSES)} (empty is <Code>open</Code>); while temporarily closed, the day it reopens as YYYY-MM-DD (empty when
          not known).
        </>
      ),
    },
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
