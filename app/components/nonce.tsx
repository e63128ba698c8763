import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** The request's CSP nonce, set while rendering on the server; empty in the browser. */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

const RequestIdContext = createContext<string>("");

/**
 * The request's id (X-Request-Id), set while rendering on the server (entry.server.tsx); empty in the browser.
 * Only the 500 page shows it, which is never kept in the page cache.
 */
export const RequestIdProvider = RequestIdContext.Provider;

/**
 * "Reference: <id>" under the 500 pages (the root's and the layouts' error boundaries), for a visitor to quote. The
 * browser knows no id: hydrating, it keeps the server's text (suppressHydrationWarning on a text child).
 */
export function RequestReference() {
  const requestId = useContext(RequestIdContext);
  return (
    <p className="mt-8 text-xs text-muted" suppressHydrationWarning>
      {requestId && `Reference: ${requestId}`}
    </p>
  );
}
