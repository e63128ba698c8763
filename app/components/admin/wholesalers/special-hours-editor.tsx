import { X } from "~/components/icons";
import { Plus, Trash2 } from "~/components/icons/admin";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Textarea } from "~/components/ui/input";
import { useHydrated } from "~/components/wholesalers/use-hydrated";
import { type TimeRange } from "~/services/wholesalers/opening-hours";
import { closeFromTimeInput, closeToTimeInput, MAX_RANGES_PER_DAY } from "~/services/wholesalers/opening-hours-editing";
import {
  LISTING_STATUS_LABELS,
  LISTING_STATUSES,
  MAX_SPECIAL_DAYS,
  MAX_SPECIAL_HOURS,
  MAX_SPECIAL_NOTE,
  plainSpecialHoursFieldName,
  type ListingStatus,
  type SpecialHours,
} from "~/services/wholesalers/special-hours";
import { cn } from "~/utils/cn";
import { SelectField, TextField } from "../list/fields";

/** One exception as the editor holds it: `closed` keeps the ranges typed, so unchecking it brings them back. */
interface Row extends SpecialHours {
  closed: boolean;
}

const NEW_RANGE: TimeRange = { open: "", close: "" };

/** The list the form sends: a closed row sends no ranges. */
const toSpecialHours = (rows: readonly Row[]): SpecialHours[] =>
  rows.map(({ closed, ...entry }) => ({ ...entry, ranges: closed ? [] : entry.ranges }));

const rowsOf = (list: readonly SpecialHours[]): Row[] =>
  list.map((entry) => ({ ...entry, closed: entry.ranges.length === 0, ranges: entry.ranges.length ? entry.ranges : [NEW_RANGE] }));

/** The text form of a list, as the plain field shows it (formatSpecialHoursText's, without loading zod here). */
const plainText = (list: readonly SpecialHours[]) =>
  list
    .map((entry) => {
      const dates = entry.from === entry.to ? entry.from : `${entry.from} to ${entry.to}`;
      const hours = entry.ranges.length ? entry.ranges.map((range) => `${range.open}-${range.close}`).join(", ") : "closed";
      return `${dates} ${hours}${entry.note ? ` | ${entry.note}` : ""}`;
    })
    .join("\n");

interface SpecialHoursEditorProps {
  /** The form field the list is sent in, as JSON (`specialHours`); without JavaScript, `<name>.text`. */
  name: string;
  /** The listing's special hours when the form opened. */
  initial: readonly SpecialHours[];
  /** The field's error from the last save; its message names the exception's dates. */
  error?: string;
  /** The listing's local date, to start a new exception on. */
  today: string;
  className?: string;
  /**
   * Until the page is interactive (and without JavaScript), show one text area instead (`<name>.text`, one
   * exception a line), for a form whose server reads it (specialHoursFromPlainField).
   */
  plainFallback?: boolean;
  /** What was typed in the plain field when the form was last sent, shown again. */
  plainText?: string;
  /** Where a closure of 7 days or more goes instead: the admin's status field by default. */
  longClosureHint?: string;
}

/**
 * The editor of a listing's special hours: dated exceptions to its weekly hours, each a date or a few days (at
 * most six), closed or with its own ranges, and a short note. For the admin's wholesaler form and the owners' page.
 */
export function SpecialHoursEditor(props: SpecialHoursEditorProps) {
  const hydrated = useHydrated();
  return props.plainFallback && !hydrated ? <PlainSpecialHours {...props} /> : <InteractiveSpecialHours {...props} />;
}

function PlainSpecialHours({ name, initial, error, className, plainText: typed }: SpecialHoursEditorProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn("min-w-0", className)}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        Special hours
      </label>
      <p id={`${id}-hint`} className="mb-2 text-xs text-muted">
        One exception a line: its date, or first and last dates (at most {MAX_SPECIAL_DAYS} days), then the hours, 24-hour, or “closed”,
        then a bar and a short note, such as 2027-02-08 to 2027-02-13 03:00-14:00 | Valentine&rsquo;s week.
      </p>
      <Textarea
        id={id}
        name={plainSpecialHoursFieldName(name)}
        rows={3}
        defaultValue={typed ?? plainText(initial)}
        placeholder="2027-02-14 closed | Valentine's Day"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${errorId}` : `${id}-hint`}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

const ADMIN_LONG_CLOSURE_HINT = "For a closure of 7 days or more, choose “Temporarily closed” below.";

function InteractiveSpecialHours({
  name,
  initial,
  error,
  today,
  className,
  longClosureHint = ADMIN_LONG_CLOSURE_HINT,
}: SpecialHoursEditorProps) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(initial));
  const errorId = `${id}-error`;
  const update = (index: number, change: Partial<Row>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <fieldset className={cn("min-w-0", className)} aria-describedby={error ? `${id}-hint ${errorId}` : `${id}-hint`}>
      <legend className="mb-1.5 block text-sm font-medium text-ink">Special hours</legend>
      <input type="hidden" name={name} value={JSON.stringify(toSpecialHours(rows))} />
      <p id={`${id}-hint`} className="text-xs text-muted">
        Holidays and other dates the weekly hours do not hold, on the listing&rsquo;s local clock: up to {MAX_SPECIAL_DAYS} days each. They
        change &ldquo;Open now&rdquo; and the week shown on those dates, then the weekly hours come back. {longClosureHint}
      </p>
      {rows.length ? (
        <ul className="mt-3 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {rows.map((row, index) => (
            <SpecialRow
              key={index}
              id={`${id}-${index}`}
              row={row}
              onChange={(change) => update(index, change)}
              onRemove={() => setRows(rows.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      ) : null}
      {rows.length < MAX_SPECIAL_HOURS ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => setRows([...rows, { from: today, to: today, ranges: [NEW_RANGE], note: "", closed: true }])}
        >
          <Plus aria-hidden="true" />
          Add special hours
        </Button>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

function SpecialRow({ id, row, onChange, onRemove }: { id: string; row: Row; onChange(change: Partial<Row>): void; onRemove(): void }) {
  const which = (index: number) => (row.ranges.length > 1 ? ` (range ${index + 1})` : "");
  const setRange = (index: number, change: Partial<TimeRange>) =>
    onChange({ ranges: row.ranges.map((range, i) => (i === index ? { ...range, ...change } : range)) });
  return (
    <li className="grid gap-3 px-3 py-3 sm:px-4" data-testid="special-hours-row">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-from`} className="block text-xs font-medium text-ink">
            From
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            value={row.from}
            onChange={(event) => {
              const from = event.target.value;
              // A one-day exception moves with its first date.
              onChange(row.to === row.from || row.to < from ? { from, to: from } : { from });
            }}
            className="mt-1 h-10 w-40"
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="block text-xs font-medium text-ink">
            To
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            value={row.to}
            min={row.from}
            onChange={(event) => onChange({ to: event.target.value })}
            className="mt-1 h-10 w-40"
          />
        </div>
        <label className="flex h-10 items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={row.closed}
            onChange={(event) => onChange({ closed: event.target.checked })}
            className="size-5 rounded border-stone-300 accent-rose-brand"
          />
          Closed
        </label>
        <Button type="button" variant="ghost" size="sm" className="ml-auto h-10" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove<span className="sr-only"> the special hours from {row.from}</span>
        </Button>
      </div>
      {row.closed ? null : (
        <div className="grid gap-2">
          {row.ranges.map((range, index) => (
            <div key={index} className="flex items-center gap-1.5 sm:gap-2">
              <label htmlFor={`${id}-${index}-open`} className="sr-only">
                Opens{which(index)}
              </label>
              <Input
                id={`${id}-${index}-open`}
                type="time"
                value={range.open}
                onChange={(event) => setRange(index, { open: event.target.value })}
                className="h-10 min-w-0 flex-1 px-2.5 sm:w-36 sm:flex-none sm:px-3"
              />
              <span aria-hidden="true" className="text-muted">
                –
              </span>
              <label htmlFor={`${id}-${index}-close`} className="sr-only">
                Closes{which(index)}
              </label>
              <Input
                id={`${id}-${index}-close`}
                type="time"
                value={closeToTimeInput(range.close)}
                onChange={(event) => setRange(index, { close: closeFromTimeInput(event.target.value) })}
                className="h-10 min-w-0 flex-1 px-2.5 sm:w-36 sm:flex-none sm:px-3"
              />
              {row.ranges.length > 1 ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-9 shrink-0"
                  onClick={() => onChange({ ranges: row.ranges.filter((_, i) => i !== index) })}
                  aria-label={`Remove time range ${index + 1}`}
                >
                  <X aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          ))}
          {row.ranges.length < MAX_RANGES_PER_DAY ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-8 justify-self-start"
              onClick={() => onChange({ ranges: [...row.ranges, NEW_RANGE] })}
            >
              <Plus aria-hidden="true" />
              Add hours
            </Button>
          ) : null}
        </div>
      )}
      <div>
        <label htmlFor={`${id}-note`} className="block text-xs font-medium text-ink">
          Note
        </label>
        <Input
          id={`${id}-note`}
          value={row.note}
          maxLength={MAX_SPECIAL_NOTE}
          placeholder="Valentine's week: public 6 AM-2 PM, trade from 3 AM"
          onChange={(event) => onChange({ note: event.target.value })}
          className="mt-1 h-10"
        />
      </div>
    </li>
  );
}

/** Whether the listing is open, closed for a while (until a date, or not known) or closed for good. */
export function ClosedStatusFields({
  status,
  closedUntil,
  errors,
}: {
  status: ListingStatus;
  closedUntil: string | null;
  errors: Record<string, string>;
}) {
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <SelectField
        name="status"
        label="Status"
        defaultValue={status}
        error={errors.status}
        hint="Permanently closed: the page stays, with a banner, but the listing leaves search results and the state page."
        options={LISTING_STATUSES.map((value) => ({ value, label: LISTING_STATUS_LABELS[value] }))}
      />
      <TextField
        name="closedUntil"
        label="Reopens on"
        type="date"
        defaultValue={closedUntil ?? undefined}
        error={errors.closedUntil}
        hint="Only while temporarily closed: the day it opens again, on its local calendar. Empty when not known."
      />
    </div>
  );
}
