import { ChevronLeft, ChevronRight, X } from "~/components/icons";
import { createContext, useContext, useEffect, useMemo, useRef, type MouseEvent } from "react";
import { DayPicker, type ChevronProps, type DayButtonProps, type DayProps, type Modifiers, type NavProps } from "react-day-picker";
import { Button } from "~/components/ui/button";
import { formatLongDate, fromLocalDate, toLocalDate } from "./dates";

export interface CalendarFestival {
  startDate: string;
  endDate: string;
}

export interface FestivalCalendarProps {
  festivals: readonly CalendarFestival[];
  /** The picked day, YYYY-MM-DD. */
  selected?: string;
  /** Today on the site's clock, YYYY-MM-DD: the same on the server and in the browser. */
  today: string;
  /** The month shown first, YYYY-MM. */
  initialMonth: string;
  /** The address of the page showing another month (YYYY-MM): the month arrows are links to it. */
  monthHref: (month: string) => string;
  onSelect: (date: string | undefined) => void;
}

/** The first of the month of a YYYY-MM-DD or YYYY-MM. */
const monthStart = (isoDate: string) => toLocalDate(`${isoDate.slice(0, 7)}-01`);

/**
 * A day cell without DayPicker's explicit role="gridcell": inside its role="grid" table a td already is a
 * grid cell, and HTML forbids restating the role there. A day without a modifier has no class of its own (the
 * table centres its cells), so it carries no empty class attribute either (issue #39: 35 to 42 cells a month).
 */
function Day({ day: _day, modifiers: _modifiers, role: _role, className, ...cell }: DayProps) {
  return <td {...cell} className={className?.trim() || undefined} />;
}

/**
 * A day is a submit button of the calendar's GET form (see the festivals page), so a day picked before the
 * calendar's script has run, or without JavaScript, still loads /festivals?date=…; picking the picked day
 * again clears it. Once hydrated, DayPicker's click handler prevents that submission and picks the day in
 * place. Like DayPicker's own button, it takes focus when DayPicker moves it there.
 */
function DayButton({ day, modifiers, ...button }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  // No type, rather than DayPicker's "button": a button of a form submits it, and 35 to 42 of them said so (issue #39).
  return <button ref={ref} {...button} type={undefined} name="date" value={modifiers.selected ? "" : fromLocalDate(day.date)} />;
}

const MonthHrefContext = createContext<(month: string) => string>(() => "");

/** A month arrow: a named class (app/styles/html-lists.css), as a calendar has two (issue #39). */
const monthArrow = "fcal-arrow";

/**
 * The month arrows are links to the page showing that month (`?calendar=2027-01`), so they work before the
 * calendar's script has run and without JavaScript; once hydrated, a click turns the month in place. An arrow
 * past the first or last month with a festival is shown dimmed, and is no link.
 */
function MonthNav({ previousMonth, nextMonth, onPreviousClick, onNextClick, className }: NavProps) {
  const monthHref = useContext(MonthHrefContext);
  const arrow = (month: Date | undefined, onClick: NavProps["onNextClick"], label: string, orientation: "left" | "right") =>
    month ? (
      <a
        href={monthHref(fromLocalDate(month).slice(0, 7))}
        aria-label={label}
        className={monthArrow}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          onClick?.(event as unknown as MouseEvent<HTMLButtonElement>);
        }}
      >
        <Chevron orientation={orientation} />
      </a>
    ) : (
      <span aria-hidden="true" className={`${monthArrow} opacity-40`}>
        <Chevron orientation={orientation} />
      </span>
    );
  return (
    <nav className={className} aria-label="Months">
      {arrow(previousMonth, onPreviousClick, "Previous month", "left")}
      {arrow(nextMonth, onNextClick, "Next month", "right")}
    </nav>
  );
}

function Chevron({ orientation }: ChevronProps) {
  const Icon = orientation === "left" ? ChevronLeft : ChevronRight;
  return <Icon className="size-5" aria-hidden="true" />;
}

/** A day's button: a named class (app/styles/html-lists.css), as a month repeats it on 35 to 42 days (issue #39). */
const dayButton = "fcal-day";

/**
 * A month calendar that marks the days on which a festival runs and lets the visitor pick one day.
 * Arrow keys move between days, Enter or Space picks one; picking the picked day again clears it.
 */
export function FestivalCalendar({ festivals, selected, today, initialMonth, monthHref, onSelect }: FestivalCalendarProps) {
  /**
   * How many festivals run on each day, by YYYY-MM-DD. DayPicker tests every day it shows against every
   * modifier: with one date range per festival that was thousands of date-fns comparisons in one render, 60 to
   * 105 ms under a 4x CPU slowdown while the page hydrated (docs/decisions/025-fewer-script-files.md). A lookup
   * per day instead.
   */
  const festivalsByDay = useMemo(() => {
    const counts = new Map<string, number>();
    for (const festival of festivals) {
      const last = toLocalDate(festival.endDate);
      for (let day = toLocalDate(festival.startDate); day <= last; day.setDate(day.getDate() + 1)) {
        const key = fromLocalDate(day);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    return counts;
  }, [festivals]);

  const [startMonth, endMonth] = useMemo(() => {
    const starts = [today, ...festivals.map((festival) => festival.startDate)].sort();
    const ends = [today, ...festivals.map((festival) => festival.endDate)].sort();
    return [monthStart(starts[0] ?? today), monthStart(ends.at(-1) ?? today)];
  }, [festivals, today]);

  const festivalsOn = (date: Date) => festivalsByDay.get(fromLocalDate(date)) ?? 0;

  const labelDayButton = (date: Date, modifiers: Modifiers) => {
    const count = festivalsOn(date);
    const parts = [
      formatLongDate(fromLocalDate(date)),
      count === 0 ? "" : count === 1 ? "1 festival" : `${count} festivals`,
      modifiers.today ? "today" : "",
      modifiers.selected ? "selected" : "",
    ];
    return parts.filter(Boolean).join(", ");
  };

  return (
    <MonthHrefContext value={monthHref}>
      <DayPicker
        mode="single"
        selected={selected ? toLocalDate(selected) : undefined}
        onSelect={(date) => onSelect(date ? fromLocalDate(date) : undefined)}
        today={toLocalDate(today)}
        defaultMonth={monthStart(initialMonth)}
        startMonth={startMonth}
        endMonth={endMonth}
        modifiers={{ festival: (date: Date) => festivalsOn(date) > 0 }}
        // Named classes (app/styles/html-lists.css), as every festival day repeats its own (issue #39).
        modifiersClassNames={{ festival: "fcal-fest", selected: "fcal-picked", today: "fcal-today" }}
        labels={{ labelDayButton }}
        components={{ Chevron, Day, DayButton, Nav: MonthNav }}
        classNames={{
          root: "relative w-full",
          months: "relative",
          month: "w-full",
          nav: "absolute inset-x-0 top-0 flex items-center justify-between",
          month_caption: "flex h-10 items-center justify-center",
          caption_label: "font-serif text-lg font-semibold text-plum",
          // The cells' padding is none already (Tailwind's preflight); their centring is the table's, inherited.
          month_grid: "mt-3 w-full border-collapse text-center",
          // No class, rather than DayPicker's own or an empty attribute on every row.
          weekdays: undefined,
          weekday: "fcal-weekday",
          week: undefined,
          day: "",
          day_button: dayButton,
          outside: "text-stone-500",
          hidden: "invisible",
        }}
      />
      {selected ? (
        <Button
          type="submit"
          name="date"
          value=""
          variant="secondary"
          size="sm"
          className="mt-4 w-full"
          onClick={(event) => {
            event.preventDefault();
            onSelect(undefined);
          }}
        >
          <X aria-hidden="true" />
          Clear date
        </Button>
      ) : null}
      <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted" aria-label="Calendar legend">
        <li className="flex items-center gap-1.5">
          <span className="relative flex size-5 items-center justify-center rounded-full bg-blush" aria-hidden="true">
            <span className="absolute bottom-0.5 size-1 rounded-full bg-rose-brand" />
          </span>
          Festival day
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-5 rounded-full bg-rose-brand" aria-hidden="true" />
          Picked day
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-5 rounded-full ring-2 ring-inset ring-leaf/60" aria-hidden="true" />
          Today
        </li>
      </ul>
    </MonthHrefContext>
  );
}
