import { X } from "~/components/icons";
import { CopyCheck, Plus } from "~/components/icons/admin";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldError, Input } from "~/components/ui/input";
import { WEEKDAY_NAMES, WEEKDAYS, type TimeRange, type Weekday, type WeeklyHours } from "~/services/wholesalers/opening-hours";
import {
  closeFromTimeInput,
  closeToTimeInput,
  copyMondayToWeekdays,
  dayOfMessage,
  emptyWeeklyHours,
  MAX_RANGES_PER_DAY,
  plainDayText,
  plainHoursFieldName,
} from "~/services/wholesalers/opening-hours-editing";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/components/wholesalers/use-hydrated";

interface WeeklyHoursEditorProps {
  /** The form field the hours are sent in: JSON, or empty for "no set hours". */
  name: string;
  value: WeeklyHours | null;
  onChange(value: WeeklyHours | null): void;
  /** The field's error from the last save; a message about one day ("Tuesday: …") is shown on that day. */
  errors?: string;
  className?: string;
  /**
   * Until the page is interactive (and without JavaScript), show a plain text field per day instead, named
   * `openingHours.mon` and so on (plainHoursFieldName), for a form whose server reads them (hoursFromPlainFields).
   */
  plainFallback?: boolean;
  /** What was typed in the plain fields when the form was last sent, shown again instead of `value`'s. */
  plainDays?: Partial<Record<Weekday, string>>;
}

const NEW_RANGE: TimeRange = { open: "", close: "" };

/** On a phone, two times and a remove button share one line: the clock icon gives way to the time itself (a tap still opens the picker). */
const TIME_INPUT_CLASS = "h-10 min-w-0 flex-1 px-2.5 max-sm:[&::-webkit-calendar-picker-indicator]:hidden sm:w-36 sm:flex-none sm:px-3";

/**
 * The admin's editor for a listing's weekly hours (controlled). It sends its value as JSON in a hidden
 * field, so it works inside an ordinary form; a day closed or the hours switched off keep what was typed,
 * so switching back restores it.
 */
export function WeeklyHoursEditor(props: WeeklyHoursEditorProps) {
  const hydrated = useHydrated();
  return props.plainFallback && !hydrated ? <PlainWeeklyHours {...props} /> : <InteractiveWeeklyHours {...props} />;
}

/** The hours as one text field a day, for a form sent before its script runs or without JavaScript. */
function PlainWeeklyHours({ name, value, errors, className, plainDays }: WeeklyHoursEditorProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={cn("min-w-0", className)} aria-describedby={errors ? `${id}-hint ${errorId}` : `${id}-hint`}>
      <legend className="mb-1.5 block text-sm font-medium text-ink">Opening hours</legend>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Each day&rsquo;s hours on the listing&rsquo;s local clock, 24-hour, such as 06:00-12:00, 13:00-15:00. Leave a day empty when it is
        closed, and every day empty when there are no set hours.
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {WEEKDAYS.map((day) => (
          <div key={day} className="flex items-center gap-3">
            <label htmlFor={`${id}-${day}`} className="w-24 shrink-0 text-sm font-medium text-ink">
              {WEEKDAY_NAMES[day]}
            </label>
            <Input
              id={`${id}-${day}`}
              name={plainHoursFieldName(name, day)}
              defaultValue={plainDays?.[day] ?? (value ? plainDayText(value[day]) : "")}
              placeholder="closed"
              autoComplete="off"
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? errorId : undefined}
              className="h-10"
            />
          </div>
        ))}
      </div>
      <FieldError id={errorId}>{errors}</FieldError>
    </fieldset>
  );
}

function InteractiveWeeklyHours({ name, value, onChange, errors, className }: WeeklyHoursEditorProps) {
  const id = useId();
  const [setAside, setSetAside] = useState<{ week: WeeklyHours | null; days: Partial<WeeklyHours> }>({ week: null, days: {} });
  const errorDay = errors ? dayOfMessage(errors) : null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const generalError = errors && (!value || !errorDay) ? errors : undefined;

  const toggleHours = (hasHours: boolean) => {
    if (hasHours) onChange(setAside.week ?? emptyWeeklyHours());
    else {
      setSetAside((current) => ({ ...current, week: value }));
      onChange(null);
    }
  };
  const setDay = (hours: WeeklyHours, day: Weekday, ranges: TimeRange[]) => onChange({ ...hours, [day]: ranges });
  const toggleClosed = (hours: WeeklyHours, day: Weekday, closed: boolean) => {
    if (closed) {
      setSetAside((current) => ({ ...current, days: { ...current.days, [day]: hours[day] } }));
      setDay(hours, day, []);
    } else {
      const previous = setAside.days[day];
      setDay(hours, day, previous?.length ? previous : [NEW_RANGE]);
    }
  };

  return (
    <fieldset className={cn("min-w-0", className)} aria-describedby={generalError ? `${hintId} ${errorId}` : hintId}>
      <legend className="mb-1.5 block text-sm font-medium text-ink">Opening hours</legend>
      <input type="hidden" name={name} value={value ? JSON.stringify(value) : ""} />
      <div className="flex items-start gap-3">
        <input
          id={`${id}-has-hours`}
          type="checkbox"
          checked={value !== null}
          onChange={(event) => toggleHours(event.target.checked)}
          className="mt-0.5 size-5 rounded border-stone-300 accent-rose-brand"
          aria-describedby={hintId}
        />
        <div>
          <label htmlFor={`${id}-has-hours`} className="block text-sm font-medium text-ink">
            This listing has set weekly hours
          </label>
          <p id={hintId} className="mt-0.5 text-xs text-muted">
            Times are on the listing’s local clock. A closing time at or before the opening time runs past midnight.
          </p>
        </div>
      </div>

      {value ? (
        <div className="mt-4 rounded-xl border border-stone-200">
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-3 py-3 sm:px-4">
            <p className="text-sm text-muted">Days without hours are shown as closed.</p>
            <Button type="button" variant="secondary" size="sm" onClick={() => onChange(copyMondayToWeekdays(value))}>
              <CopyCheck aria-hidden="true" />
              Copy Monday to weekdays
            </Button>
          </div>
          <ul className="divide-y divide-stone-200">
            {WEEKDAYS.map((day) => (
              <DayRow
                key={day}
                id={`${id}-${day}`}
                day={day}
                ranges={value[day]}
                error={errorDay === day ? errors : undefined}
                onClosedChange={(closed) => toggleClosed(value, day, closed)}
                onRangesChange={(ranges) => setDay(value, day, ranges)}
              />
            ))}
          </ul>
        </div>
      ) : null}
      <FieldError id={errorId}>{generalError}</FieldError>
    </fieldset>
  );
}

function DayRow({
  id,
  day,
  ranges,
  error,
  onClosedChange,
  onRangesChange,
}: {
  id: string;
  day: Weekday;
  ranges: TimeRange[];
  error?: string;
  onClosedChange(closed: boolean): void;
  onRangesChange(ranges: TimeRange[]): void;
}) {
  const dayName = WEEKDAY_NAMES[day];
  const closed = ranges.length === 0;
  const errorId = `${id}-error`;
  const update = (index: number, change: Partial<TimeRange>) =>
    onRangesChange(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));

  return (
    <li className="grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-2 px-3 py-3 sm:grid-cols-[7rem_6rem_minmax(0,1fr)] sm:items-start sm:px-4">
      <div className="flex items-center justify-between gap-4 sm:contents">
        <span className="text-sm font-medium text-ink sm:flex sm:h-10 sm:items-center">{dayName}</span>
        <label className="flex items-center gap-2 text-sm text-ink sm:h-10">
          <input
            type="checkbox"
            checked={closed}
            onChange={(event) => onClosedChange(event.target.checked)}
            className="size-5 rounded border-stone-300 accent-rose-brand"
          />
          Closed<span className="sr-only"> on {dayName}</span>
        </label>
      </div>
      {closed ? (
        <p className="hidden text-sm text-muted sm:flex sm:h-10 sm:items-center">Closed all day</p>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          {ranges.map((range, index) => {
            const which = ranges.length > 1 ? ` (range ${index + 1})` : "";
            return (
              <div key={index} className="flex items-center gap-1.5 sm:gap-2">
                <label htmlFor={`${id}-${index}-open`} className="sr-only">
                  {dayName} opens{which}
                </label>
                <Input
                  id={`${id}-${index}-open`}
                  type="time"
                  value={range.open}
                  onChange={(event) => update(index, { open: event.target.value })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className={TIME_INPUT_CLASS}
                />
                <span aria-hidden="true" className="text-muted">
                  –
                </span>
                <label htmlFor={`${id}-${index}-close`} className="sr-only">
                  {dayName} closes{which}
                </label>
                <Input
                  id={`${id}-${index}-close`}
                  type="time"
                  value={closeToTimeInput(range.close)}
                  onChange={(event) => update(index, { close: closeFromTimeInput(event.target.value) })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className={TIME_INPUT_CLASS}
                />
                {ranges.length > 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-9 shrink-0"
                    onClick={() => onRangesChange(ranges.filter((_, i) => i !== index))}
                    aria-label={`Remove ${dayName} time range ${index + 1}`}
                  >
                    <X aria-hidden="true" />
                  </Button>
                ) : (
                  <span aria-hidden="true" className="hidden size-9 shrink-0 sm:block" />
                )}
              </div>
            );
          })}
          {ranges.length < MAX_RANGES_PER_DAY ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-8 justify-self-start"
              onClick={() => onRangesChange([...ranges, NEW_RANGE])}
            >
              <Plus aria-hidden="true" />
              Add hours<span className="sr-only"> on {dayName}</span>
            </Button>
          ) : null}
        </div>
      )}
      {error ? (
        <div className="sm:col-start-3">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      ) : null}
    </li>
  );
}
