import { data } from "react-router";

/**
 * A public form sent without a connection (issue #38, docs/decisions/046-offline-service-worker.md): offline, or
 * "lie-fi" (the browser believes it is online and the request fails), React Router's request to the action fails with
 * a network error, which would reach the error boundary and take the form, and what was typed, with it. The form's
 * route answers UNSENT instead, from its `clientAction`, and the form says so beside what was typed
 * (components/ui/unsent-notice.tsx). Without JavaScript the browser posts the form itself, as before.
 */
export const UNSENT = { unsent: true } as const;
export type Unsent = typeof UNSENT;

export const isUnsent = (result: unknown): result is Unsent =>
  typeof result === "object" && result !== null && "unsent" in result && result.unsent === true;

/**
 * Sends with `send`, unless the browser knows it is offline; a request that never reached the server (fetch's
 * TypeError, whatever the browser's wording) is UNSENT. An answer of the server, an error page included, is its own.
 */
export async function sendUnlessOffline<T>(send: () => Promise<T>): Promise<T | Unsent> {
  if (!navigator.onLine) return UNSENT;
  try {
    return await send();
  } catch (error) {
    if (error instanceof TypeError) return UNSENT;
    throw error;
  }
}

/**
 * A public form's `clientAction`: the server's action, or UNSENT with a 503, which keeps React Router from loading
 * the page's data again (the same network would fail that too).
 */
export async function keepUnsentForm<T>({ serverAction }: { serverAction: () => Promise<T> }) {
  const result = await sendUnlessOffline(serverAction);
  return isUnsent(result) ? data(UNSENT, { status: 503 }) : result;
}
