import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/** Hydration starts without a first paint after this long (a browser that reports none, a page never shown). */
const LONGEST_WAIT_FOR_PAINT_MS = 3000;

/**
 * Resolves once the browser has painted the server's page (its first contentful paint), at once on a hidden
 * page, which paints nothing. Hydrating is the longest script work of a first load: begun before the first paint,
 * as the modules can run the moment the stylesheet arrives, it holds that paint back on a slow phone
 * (docs/decisions/034-hydrate-after-the-first-paint.md).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    if (document.visibilityState === "hidden") return done();
    document.addEventListener("visibilitychange", done, { once: true });
    setTimeout(done, LONGEST_WAIT_FOR_PAINT_MS);
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      // No paint timing: a task queued from a frame's callbacks runs after that frame is painted.
      requestAnimationFrame(() => setTimeout(done, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

void afterFirstPaint().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
