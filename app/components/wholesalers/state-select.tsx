import { ChevronDown, ArrowRight } from "~/components/icons";
import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { clsx } from "clsx";
import { Button } from "../ui/button";
import { fieldClass, Label } from "../ui/input";

export interface StateOption {
  id: string;
  name: string;
}

/** Keys that change a closed native select's choice in place on Windows and Linux (elsewhere they open its picker). */
const BROWSING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

/**
 * Choosing a state opens its page. A native select (the phone's own picker, no positioning code in the
 * page's first load: docs/decisions/018): its first option is the prompt, so it always shows "Choose a
 * state" until a choice is made. A choice from the picker opens the state at once; a keyboard user who
 * steps through the closed select with the arrow keys (or types a name) sees each state in it and opens
 * the one shown with Enter, rather than being taken to the first state their arrow key reaches.
 *
 * It is also a GET form to /states with an "Open" button, whose loader sends `?state=` on to the state's
 * page: a choice made before the page's script has run, or without JavaScript, still opens the state.
 */
export function StateSelect({ states, label = "State" }: { states: StateOption[]; label?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  /** Whether the next change comes from a key pressed on the closed select rather than from its picker. */
  const browsing = useRef(false);
  const open = (stateId: string) => void navigate(`/state/${stateId}`);
  return (
    <form
      method="get"
      action="/states"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) open(value);
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <select
            id={id}
            name="state"
            required
            value={value}
            className={clsx(fieldClass, "state-select h-12 appearance-none truncate pr-10", value ? "text-ink" : "text-stone-500")}
            onKeyDown={(event) => {
              if (event.key === "Enter" && value) {
                event.preventDefault();
                open(value);
                return;
              }
              // A closed select changes its value while handling the key, in this same task; a picker opened
              // by the key (Space, Alt+Down, any arrow on a Mac) reports its choice in a later one.
              if (event.altKey || !(BROWSING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== " "))) return;
              browsing.current = true;
              setTimeout(() => (browsing.current = false));
            }}
            onChange={(event) => {
              const stateId = event.target.value;
              setValue(stateId);
              if (stateId && !browsing.current) open(stateId);
            }}
          >
            <option value="" disabled>
              Choose a state
            </option>
            {states.map((state) => (
              // In ink while the prompt is grey: the select's `state-select` class colours its states (issue #39).
              <option key={state.id} value={state.id}>
                {state.name}
              </option>
            ))}
          </select>
          <ChevronDown className="pointer-events-none absolute right-4 top-1/2 size-4 -translate-y-1/2 text-stone-500" aria-hidden="true" />
        </div>
        <Button type="submit" variant="secondary" className="h-12 shrink-0 px-4">
          Open
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
