import { useId } from "react";
import { useNavigate } from "react-router";
import { Label } from "../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select";

export interface StateOption {
  id: string;
  name: string;
}

/** Choosing a state opens its page. */
export function StateSelect({ states, label = "State" }: { states: StateOption[]; label?: string }) {
  const id = useId();
  const navigate = useNavigate();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select onValueChange={(stateId) => void navigate(`/state/${stateId}`)}>
        <SelectTrigger id={id} className="h-12">
          <SelectValue placeholder="Choose a state" />
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
