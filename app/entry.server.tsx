import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce";
import { RequestIdProvider as MaybeRequestIdProvider } from "./components/not-found";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, logDatabaseUnavailable } from "./db/unavailable.server";
import { lowPriorityModulesStream } from "./http/low-priority-modules.server";
import { RENDER_DEADLINE_MS, renderDeadline, STREAM_TIMEOUT_MS } from "./http/render-deadline.server";
import { cspNonceContext, databaseUnavailableContext, reportRequestError, requestIdContext } from "./http/request-context.server";

export const streamTimeout = STREAM_TIMEOUT_MS;

/** Defined on the server, which this module is. */
const RequestIdProvider = MaybeRequestIdProvider!;

/**
 * What React Router reports while answering.
 * - A loader or action that failed because the database cannot be reached marks its request, so that the
 *   root middleware answers 503 with the site's own page.
 * - A 4xx it answers itself (no route for an address such as `/admin/%E2%80%A8`, a POST to a page without
 *   an action) is the client's mistake, answered and logged as a request like any other 4xx, not an error
 *   with a stack trace on stderr.
 * - Everything else is reported on stderr after the request's id (reportRequestError).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    context.set(databaseUnavailableContext, true);
    logDatabaseUnavailable(error);
    return;
  }
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router keeps the Error behind its own error responses in `error`.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  reportRequestError(cause ?? error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  if (loadContext.get(databaseUnavailableContext)) {
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;

    // React calls back only after renderToPipeableStream has returned, and the deadline fires seconds later.
    const deadline = renderDeadline(() => render.abort(), RENDER_DEADLINE_MS);
    const render = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.get(requestIdContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        // React outlines a finished Suspense boundary that comes after more than 12,800 bytes of the page
        // (its default): it sends the fallback in place and the content hidden at the end, for a script to swap
        // in. Without JavaScript the fallback stays, as the festivals page's calendar did. Every boundary that is
        // ready is written in place instead; one still waiting on data streams as before.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Every page, for a crawler and a browser alike, is sent once it is rendered whole. Its loaders have finished
        // before React starts (no page defers data), so the shell came only as long before the rest as React Router
        // took to encode the data the page hydrates from. Sent at the shell, that data's <script> was written in place
        // or, when the encoding was a little later (a server just started, a busy one), outlined behind a Suspense
        // boundary with React's 1 KB swapping script: the same page in two shapes, by timing.
        onAllReady() {
          shellRendered = true;
          // The page's modules are preloaded at low priority (http/low-priority-modules.server.ts).
          const html = lowPriorityModulesStream();
          deadline.until(html);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(html), { headers: responseHeaders, status: responseStatusCode }));
          render.pipe(html);
        },
        onShellError(error: unknown) {
          deadline.cancel();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) reportRequestError(error);
        },
      },
    );
  });
}
