import { useId } from "react";
import { useNavigate } from "react-router";
import { Label } from "../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select";

export interface StateOption {
  id: string;
  name: string;
}

/**
 * The select only navigates and never holds a choice, so it always shows its prompt. A value that is no
 * state (rather than none) also keeps the server from rendering Radix's hidden native select with an
 * empty option, which is invalid HTML (an option needs a label).
 */
const NO_CHOICE = "none";

/** Choosing a state opens its page. */
export function StateSelect({ states, label = "State" }: { states: StateOption[]; label?: string }) {
  const id = useId();
  const navigate = useNavigate();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select value={NO_CHOICE} onValueChange={(stateId) => void navigate(`/state/${stateId}`)}>
        <SelectTrigger id={id} className="h-12 text-stone-500">
          <SelectValue>Choose a state</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {states.map((state) => (
            <SelectItem key={state.id} value={state.id}>
              {state.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
