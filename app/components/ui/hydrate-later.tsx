import { Suspense, type ReactNode } from "react";

/**
 * Hydrates its children after the rest of the page, in slices (issue #13, docs/decisions/026).
 *
 * React hydrates a page in one task: on a slow phone the state page's 30 listing cards made it a task of
 * about 140 ms. A Suspense boundary the server rendered complete is left as it is in that first pass and
 * hydrated afterwards at React's offscreen priority, which yields to the browser every few milliseconds. The
 * HTML is the server's in the meantime, and a click or key press inside it makes React hydrate that boundary
 * at once and then replay the event, so nothing is lost. Nothing inside suspends, so the fallback is never
 * shown: on a client-side navigation the children render as usual.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
