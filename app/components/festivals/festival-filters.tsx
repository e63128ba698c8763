import { ChevronDown, Search } from "~/components/icons";
import { useEffect, useRef, type ComponentProps } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldClass, Label } from "~/components/ui/input";
import { withCallerClasses } from "~/utils/cn";
import { MONTH_NAMES } from "./dates";

/** The page's filters as they appear in its URL (?q=&month=&state=&date=). */
export interface FestivalFilterValues {
  q?: string;
  month?: number;
  state?: string;
  date?: string;
}

/** How long typing pauses before the list follows the search text. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The URL search of a set of filters, without the empty ones. */
export function filterSearchParams(values: FestivalFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (values.q) params.set("q", values.q);
  if (values.month) params.set("month", String(values.month));
  if (values.state) params.set("state", values.state);
  if (values.date) params.set("date", values.date);
  return params;
}

function formValues(form: HTMLFormElement): FestivalFilterValues {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" && value.trim() ? value.trim() : undefined;
  };
  const month = Number(text("month"));
  return { q: text("q"), month: month || undefined, state: text("state"), date: text("date") };
}

/** A native select: it submits with the form before any JavaScript runs and uses the phone's own picker. */
function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select className={withCallerClasses(`${fieldClass} h-11 appearance-none truncate pr-9 sm:pr-10`, className)} {...props}>
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
    </div>
  );
}

interface FestivalFiltersProps {
  values: FestivalFilterValues;
  /** The distinct states of the festival data, sorted. */
  states: readonly string[];
}

/**
 * Text search, month and state. A plain GET form, so the filters live in the URL and work without
 * JavaScript; with it, the list follows typing (debounced) and every select change at once.
 */
export function FestivalFilters({ values, states }: FestivalFiltersProps) {
  const submit = useSubmit();
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward or a "clear" link change the URL: show its text unless the visitor is typing.
  useEffect(() => {
    const input = searchRef.current;
    if (input && document.activeElement !== input) input.value = values.q ?? "";
  }, [values.q]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (form: HTMLFormElement, replace: boolean) => {
    clearTimeout(timer.current);
    submit(filterSearchParams(formValues(form)), { method: "get", action: "/festivals", replace, preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      action="/festivals"
      role="search"
      aria-label="Festivals"
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget, false);
      }}
      className="grid grid-cols-2 gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5 xl:grid-cols-[minmax(0,1fr)_10.5rem_11.5rem_auto] xl:items-end"
    >
      <div className="col-span-2 xl:col-span-1">
        <Label htmlFor="festival-search">Search festivals</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <input
            ref={searchRef}
            id="festival-search"
            name="q"
            type="search"
            defaultValue={values.q ?? ""}
            maxLength={100}
            autoComplete="off"
            placeholder="Name, city or state"
            className={`${fieldClass} h-11 pl-10`}
            onChange={(event) => {
              const form = event.currentTarget.form;
              clearTimeout(timer.current);
              if (form) timer.current = setTimeout(() => apply(form, true), SEARCH_DEBOUNCE_MS);
            }}
          />
        </div>
      </div>
      <div>
        <Label htmlFor="festival-month">Month</Label>
        <NativeSelect
          id="festival-month"
          name="month"
          key={`month-${values.month ?? ""}`}
          defaultValue={values.month ? String(values.month) : ""}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form, false)}
        >
          <option value="">All Months</option>
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <Label htmlFor="festival-state">State</Label>
        <NativeSelect
          id="festival-state"
          name="state"
          key={`state-${values.state ?? ""}`}
          defaultValue={values.state ?? ""}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form, false)}
        >
          <option value="">All States</option>
          {states.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </NativeSelect>
      </div>
      {values.date ? <input type="hidden" name="date" value={values.date} /> : null}
      <Button type="submit" className="col-span-2 xl:col-span-1">
        <Search aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}
