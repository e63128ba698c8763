import { lazy, Suspense, type ComponentType } from "react";
import type { StateSelectProps } from "./state-select";

/**
 * The home page's state select (Radix Select with its positioning code, about 35 KB gzip) is not part of
 * the page's first-load JavaScript (issue #13), as festival-calendar-slot.tsx does for the calendar: the
 * server renders it, the browser loads its code after the page's own and React hydrates it then.
 */
const loadStateSelect = () => import("./state-select");

let ServerStateSelect: ComponentType<StateSelectProps> | undefined;
if (import.meta.env.SSR) ServerStateSelect = (await loadStateSelect()).StateSelect;

const BrowserStateSelect = lazy(async () => ({ default: (await loadStateSelect()).StateSelect }));

export function StateSelectSlot(props: StateSelectProps) {
  const StateSelect = ServerStateSelect ?? BrowserStateSelect;
  return (
    // Shown only after a client-side navigation to the page, for the moment the select's code loads.
    <Suspense fallback={<div aria-hidden="true" className="h-[4.625rem] animate-pulse rounded-xl bg-stone-200/60" />}>
      <StateSelect {...props} />
    </Suspense>
  );
}
