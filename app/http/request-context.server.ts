import { createContext, type RouterContextProvider } from "react-router";
import { currentRequest } from "~/db/query-count.server";
import { AppError } from "~/services/errors";

/**
 * What Express hands each request over to React Router (server/app.ts, getLoadContext), read with
 * `context.get(...)` in loaders, actions and entry.server.tsx.
 */

/** The client's address as Express sees it (X-Forwarded-For behind a trusted proxy): sign-in throttling, the audit log. */
export const clientIpContext = createContext<string>("unknown");

/** This response's CSP nonce (server/security.ts), which the page's scripts carry. */
export const cspNonceContext = createContext<string>("");

/** This request's id (X-Request-Id, server/request-id.ts): the 500 page shows it for a visitor to quote. */
export const requestIdContext = createContext<string>("");

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

/**
 * The message of a per-address limit this request went past (server/rate-limit.ts, handToPage), or null. A form's
 * action calls refuseIfRateLimited once it has read the visitor's values and before it saves anything.
 */
export const rateLimitRefusalContext = createContext<string | null>(null);

/** Throws the limit's refusal as the action's own "too many requests" error, which the form shows with a 429. */
export function refuseIfRateLimited(context: Readonly<RouterContextProvider>) {
  const refusal = context.get(rateLimitRefusalContext);
  if (refusal !== null) throw new AppError("too_many_requests", refusal);
}

/**
 * Reports an error a request failed with on stderr, as React Router's own reports are, after the request's id
 * ("request <id>: Error: …"): the id the 500 page shows the visitor and every JSON log line of the request carries.
 */
export function reportRequestError(error: unknown) {
  const requestId = currentRequest()?.requestId;
  if (requestId) console.error(`request ${requestId}:`, error);
  else console.error(error);
}
