import { startTransition, useEffect, useState } from "react";

/** Set once the page's first hydration has committed: what mounts later (a client navigation) starts hydrated. */
let pageHydrated = false;

/**
 * False on the server and in hydration, true after: for what only works with JavaScript (a button in place of
 * a link, a control that needs a script).
 *
 * The switch is a transition: React renders it in slices of a few milliseconds after hydration. A
 * `useSyncExternalStore` whose client snapshot differs from the server's forces a synchronous render instead.
 * On a state page, thirty cards' report buttons replaced their links in one task of 38 ms under a 4x CPU
 * slowdown (docs/decisions/025-fewer-script-files.md). Until the switch commits, the links work as they do
 * without JavaScript.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
