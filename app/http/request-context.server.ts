import { createContext } from "react-router";

/**
 * What Express hands each request over to React Router (server/app.ts, getLoadContext), read with
 * `context.get(...)` in loaders, actions and entry.server.tsx.
 */

/** The client's address as Express sees it (X-Forwarded-For behind a trusted proxy): sign-in throttling, the audit log. */
export const clientIpContext = createContext<string>("unknown");

/** This response's CSP nonce (server/security.ts), which the page's scripts carry. */
export const cspNonceContext = createContext<string>("");

/**
 * Set by entry.server.tsx's handleError when a loader or action failed because the database cannot be reached;
 * the root middleware then answers the page with a 503 instead of a 500.
 */
export const databaseUnavailableContext = createContext<boolean>(false);

/**
 * When this request's page was rendered, as the root loader hands it to the page (ISO text): the server knows
 * the value, so it can leave it out of the page's ETag as it does the nonce (server/page-etag.ts).
 */
export const renderedAtContext = createContext<string>("");
