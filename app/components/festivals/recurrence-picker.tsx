import { useEffect, useRef, useState } from "react";
import { SelectField } from "~/components/admin/list/fields";
import {
  describeRecurrence,
  fieldsOfRule,
  MAX_DAYS_BEFORE,
  ORDINALS,
  parseRRule,
  ruleFromFields,
  WEEKDAY_NAMES,
  type RecurrenceFields,
} from "~/services/festivals/recurrence";
import { isValidIsoDate } from "~/utils/dates";
import { useHydrated } from "~/components/wholesalers/use-hydrated";
import { MONTH_NAMES } from "./dates";

const REPEAT_OPTIONS = [
  { value: "none", label: "Does not repeat (one-off)" },
  { value: "weekday", label: "Every year, on a weekday of a month" },
  { value: "date", label: "Every year, on the same date" },
];
const MONTH_OPTIONS = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));
const ORDINAL_OPTIONS = ORDINALS.map(({ value, label }) => ({ value: String(value), label }));
const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((name, index) => ({ value: String(index), label: name }));
const DAY_OPTIONS = Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));
const DAYS_BEFORE_OPTIONS = Array.from({ length: MAX_DAYS_BEFORE + 1 }, (_, days) => ({
  value: String(days),
  label: days === 0 ? "on that day" : `${days} ${days === 1 ? "day" : "days"} before it`,
}));

/** The summary under the picker: "Repeats every year: second Saturday of May, 2 days". */
function summaryOf(fields: RecurrenceFields, startDate: string, endDate: string): string {
  const read = ruleFromFields(fields);
  if ("problem" in read) return read.problem;
  if (!read.rule) return "Does not repeat: the festival leaves the upcoming lists after its last day.";
  const dates = isValidIsoDate(startDate) && isValidIsoDate(endDate) && endDate >= startDate;
  return dates ? `Repeats every year: ${describeRecurrence(read.rule, startDate, endDate)}` : "Repeats every year: enter the dates above.";
}

const value = (form: HTMLFormElement, name: string) => {
  const element = form.elements.namedItem(name);
  return element && "value" in element ? String(element.value) : "";
};

/**
 * The admin's plain-language picker of a festival's yearly rule: selects the form sends as they are (the server
 * validates them and writes the RRULE, so the picker needs no script), and a summary that follows the choices once the
 * page's script runs ("second Saturday of May, 2 days", the length from the start and end dates).
 */
export function RecurrencePicker({
  recurrence,
  startDate,
  endDate,
  error,
}: {
  recurrence: string | null | undefined;
  startDate: string | undefined;
  endDate: string | undefined;
  error: string | undefined;
}) {
  const initial = fieldsOfRule(recurrence ? parseRRule(recurrence) : undefined);
  const [state, setState] = useState({ fields: initial as RecurrenceFields, startDate: startDate ?? "", endDate: endDate ?? "" });
  const ref = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const read = () =>
      setState({
        fields: {
          repeat: value(form, "repeat"),
          repeatOrdinal: value(form, "repeatOrdinal"),
          repeatWeekday: value(form, "repeatWeekday"),
          repeatMonth: value(form, "repeatMonth"),
          repeatDay: value(form, "repeatDay"),
          repeatDaysBefore: value(form, "repeatDaysBefore"),
        },
        startDate: value(form, "startDate"),
        endDate: value(form, "endDate"),
      });
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, []);

  // Selects that do not apply are hidden only once the script runs: without it, every select stays usable.
  const scripted = useHydrated();
  const repeat = state.fields.repeat ?? "none";
  const shown = (kinds: string[]) => !scripted || kinds.includes(repeat);
  return (
    <fieldset ref={ref} className="grid gap-4 rounded-xl border border-stone-200 p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-ink">Repeats</legend>
      {/* In the order the summary reads: "second Saturday of May", "May 1". */}
      <SelectField
        name="repeat"
        label="How it repeats"
        defaultValue={initial.repeat}
        options={REPEAT_OPTIONS}
        error={error}
        className="sm:col-span-2"
      />
      <SelectField
        name="repeatOrdinal"
        label="Which week"
        defaultValue={initial.repeatOrdinal}
        options={ORDINAL_OPTIONS}
        className={!shown(["weekday"]) ? "hidden" : undefined}
      />
      <SelectField
        name="repeatWeekday"
        label="Weekday"
        defaultValue={initial.repeatWeekday}
        options={WEEKDAY_OPTIONS}
        className={!shown(["weekday"]) ? "hidden" : undefined}
      />
      <SelectField
        name="repeatMonth"
        label="Month"
        defaultValue={initial.repeatMonth}
        options={MONTH_OPTIONS}
        className={!shown(["weekday", "date"]) ? "hidden" : undefined}
      />
      <SelectField
        name="repeatDay"
        label="Day of the month"
        defaultValue={initial.repeatDay}
        options={DAY_OPTIONS}
        className={!shown(["date"]) ? "hidden" : undefined}
      />
      <SelectField
        name="repeatDaysBefore"
        label="Starts"
        defaultValue={initial.repeatDaysBefore}
        options={DAYS_BEFORE_OPTIONS}
        className={!shown(["weekday"]) ? "hidden" : undefined}
        hint="A weekend festival that opens on the Friday starts 1 day before its Saturday."
      />
      <p className="text-sm font-medium text-ink sm:col-span-2" aria-live="polite" data-testid="recurrence-summary">
        {summaryOf(state.fields, state.startDate, state.endDate)}
      </p>
    </fieldset>
  );
}
