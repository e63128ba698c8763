import { useId, useState } from "react";
import { X } from "~/components/icons";
import { FieldError, fieldClass } from "~/components/ui/input";
import { FEATURED_MAX } from "~/services/newsletter/issue-form";
import { cn } from "~/utils/cn";

export interface PickerChoice {
  id: number;
  label: string;
}

/**
 * Picks up to FEATURED_MAX items of one kind from the site's published ones: the picked ones first, in the order they
 * were picked (the form sends them so, as hidden fields named `name`), then a filter box and the list to tick them in.
 */
export function FeaturedPicker({
  name,
  label,
  choices,
  defaultValue = [],
  error,
  className,
}: {
  name: string;
  label: string;
  choices: PickerChoice[];
  defaultValue?: number[];
  error?: string;
  className?: string;
}) {
  const id = useId();
  const [picked, setPicked] = useState<number[]>(() => defaultValue.filter((value) => choices.some((choice) => choice.id === value)));
  const [filter, setFilter] = useState("");
  const byId = new Map(choices.map((choice) => [choice.id, choice]));
  const words = filter.trim().toLowerCase();
  const shown = words ? choices.filter((choice) => choice.label.toLowerCase().includes(words)) : choices;
  const full = picked.length >= FEATURED_MAX;
  const toggle = (choiceId: number) =>
    setPicked((current) => (current.includes(choiceId) ? current.filter((value) => value !== choiceId) : [...current, choiceId]));
  const errorId = `${name}-error`;

  return (
    <fieldset className={cn("min-w-0", className)} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      {picked.map((value) => (
        <input key={value} type="hidden" name={name} value={value} />
      ))}
      <p className="text-xs text-muted" aria-live="polite">
        {picked.length === 0 ? "None picked" : `${picked.length} picked`} (at most {FEATURED_MAX})
      </p>
      {picked.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {picked.map((value) => (
            <li key={value} className="inline-flex max-w-full items-center gap-1 rounded-full bg-blush py-1 pl-3 pr-1 text-xs text-plum">
              <span className="truncate">{byId.get(value)?.label ?? `#${value}`}</span>
              <button
                type="button"
                onClick={() => toggle(value)}
                aria-label={`Remove ${byId.get(value)?.label ?? `#${value}`}`}
                className="flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-white"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={`${id}-filter`}
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder="Filter..."
        aria-label={`Filter ${label.toLowerCase()}`}
        className={cn(fieldClass, "mt-2 h-10")}
      />
      <ul
        className={cn("mt-2 max-h-44 overflow-y-auto rounded-xl border border-stone-200 bg-white p-1", error && "border-red-600")}
        aria-label={`${label}: choices`}
      >
        {shown.length === 0 ? <li className="px-2 py-1.5 text-sm text-muted">Nothing matches.</li> : null}
        {shown.map((choice) => {
          const checked = picked.includes(choice.id);
          return (
            <li key={choice.id}>
              <label
                className={cn(
                  "flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-stone-50",
                  !checked && full && "cursor-not-allowed opacity-50",
                )}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => toggle(choice.id)}
                  className="mt-0.5 size-4 shrink-0 accent-rose-brand"
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">{choice.label}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
