import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False on the server and in the first render of hydration, true after: for what only works with JavaScript. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
