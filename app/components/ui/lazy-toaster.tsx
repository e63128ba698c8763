import { lazy, Suspense, useState } from "react";
import { useToasts } from "./use-toast";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

/**
 * The notification area, loaded with the first toast and kept from then on: most visits never see one, so
 * pages do not ship Radix Toast before they work (the first-load budget of issue #13).
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
