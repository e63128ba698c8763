import { Suspense, use, useEffect, type ComponentType, type ReactNode } from "react";

/** A part of a page whose code the browser loads after the page's own (see `island`). */
export interface Island<P> {
  (props: P): ReactNode;
  /** Loads the code, once; a route's `clientLoader` awaits it so that a client-side navigation shows no gap. */
  preload(): Promise<void>;
}

/** Never settles: a boundary that waits on it keeps the server's HTML (see `island`). */
const forever = new Promise<never>(() => undefined);

/** Marks each island in the page, first in it, so that the page can tell when all of them are hydrated. */
const MARKER = "data-island";
let hydrated = 0;
const listeners = new Set<() => void>();

/** Other work the page waits for before it is marked interactive (see `holdHydratedMark`). */
const held: Promise<unknown>[] = [];

/**
 * Delays the mark of an interactive page until `work` has settled: code a part of the page needs at its first
 * use, loaded after the page's own (the public layout's skeletons). Called from an effect of the first render.
 */
export function holdHydratedMark(work: Promise<unknown>) {
  held.push(work.catch(() => undefined));
}

/**
 * Calls `done` once every island the server rendered into this document has been hydrated, and the work held
 * with `holdHydratedMark` has settled (at once when there is none). root.tsx marks the page as interactive then.
 */
export function whenIslandsHydrated(done: () => void) {
  const expected = document.querySelectorAll(`template[${MARKER}]`).length;
  let cancelled = false;
  const islands = new Promise<void>((resolve) => {
    const check = () => {
      if (hydrated < expected) return;
      listeners.delete(check);
      resolve();
    };
    listeners.add(check);
    check();
  });
  void Promise.all([islands, ...held]).then(() => {
    if (!cancelled) done();
  });
  return () => {
    cancelled = true;
  };
}

function IslandHydrated() {
  useEffect(() => {
    hydrated += 1;
    for (const listener of [...listeners]) listener();
  }, []);
  return null;
}

/**
 * A part of a page that the server renders in full and whose code the browser loads after the page's own
 * scripts, so that it is not part of the page's first-load JavaScript (issue #13, docs/decisions/033).
 *
 * The server has the module at once (`loaded`: the caller awaits it at the top of its module, on the server
 * only), so its HTML is complete and sent in place. In the browser the part is a Suspense boundary that
 * React leaves as the server rendered it until the code has arrived, then hydrates at a low priority, in
 * slices, like `HydrateLater`. Until then the server's HTML is on screen and works as it does without
 * JavaScript: links are links and forms submit. If the code cannot be loaded the part stays that way.
 * After a client-side navigation it renders once its code is there: routes await `preload()` in their
 * `clientLoader`, so it is there before the page is shown.
 *
 * ```ts
 * const load = () => import("./wholesaler-card");
 * export const WholesalerCard = island(load, (module) => module.WholesalerCard, import.meta.env.SSR ? await load() : undefined);
 * ```
 */
export function island<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  loaded: M | undefined,
): Island<P> {
  let Component: ComponentType<P> | undefined = loaded ? pick(loaded) : undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      Component = pick(module);
    }));
  /** What a render waits on: the same promise every time, as React's `use` needs; one that never settles on a failure. */
  let ready: Promise<void> | undefined;
  const whenReady = () => (ready ??= preload().catch(() => forever));

  function Loaded(props: P) {
    if (!Component) use(whenReady());
    const Part = Component as ComponentType<P>;
    return (
      <>
        {/* Not rendered, and first, so that no sibling selector (`space-y-*`, `last:`) sees it. */}
        <template {...{ [MARKER]: "" }} />
        <IslandHydrated />
        <Part {...props} />
      </>
    );
  }

  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  Island.preload = preload;
  return Island;
}

/**
 * A route's `clientLoader` for a page with islands: the page's data and the islands' code are fetched together,
 * so that a client-side navigation shows the page whole. If that code cannot be loaded (a new version was
 * deployed since this page was, a lost connection), the browser loads the page from the server instead.
 */
export async function withIslands<T>(request: Request, data: Promise<T>, ...islands: Island<never>[]): Promise<T> {
  const [page] = await Promise.all([
    data,
    Promise.all(islands.map((part) => part.preload())).catch(() => {
      window.location.assign(request.url);
      return forever;
    }),
  ]);
  return page;
}
