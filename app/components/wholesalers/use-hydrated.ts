import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and in hydration, true after: for what only works with JavaScript (a button in place of
 * a link, a control that needs a script).
 *
 * The switch is a transition: React renders it in slices of a few milliseconds after the component mounts. A
 * `useSyncExternalStore` whose client snapshot differs from the server's forces a synchronous render instead.
 * On a state page, thirty cards' report buttons replaced their links in one task of 38 ms under a 4x CPU
 * slowdown (docs/decisions/025-fewer-script-files.md). Until the switch commits, the links work as they do
 * without JavaScript. It starts false on every mount, also after a client navigation, so that a component
 * hydrated later (inside a Suspense boundary) renders what the server sent.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
