import { AsyncLocalStorage } from "node:async_hooks";
import type { LogEvent } from "kysely";

/** The database queries one request has made so far, and the request they run for. */
export interface QueryCount {
  queries: number;
  /** Their time in the database, in ms (for the metrics: database time per request). */
  durationMs: number;
  /** The request's id (X-Request-Id): the query and slow-query log lines carry it. */
  requestId?: string | undefined;
}

const counting = new AsyncLocalStorage<QueryCount>();

/**
 * Counts the queries made by `run` and everything it starts (server/app.ts wraps each request, and the request
 * log line says how many it made as `dbQueries`): a page whose count grows with its data queries in a loop.
 */
export function countQueries<T>(count: QueryCount, run: () => T): T {
  return counting.run(count, run);
}

/** The request the code running now works for (its count and id), if any. */
export function currentRequest(): QueryCount | undefined {
  return counting.getStore();
}

/**
 * Told each query's SQL, duration and request (server/app.ts logs a slow one at warn, and every one at debug
 * level); none by default.
 */
let queryListener: ((sql: string, durationMs: number, request: QueryCount | undefined) => void) | undefined;

export function setQueryListener(listener: typeof queryListener): void {
  queryListener = listener;
}

/** The query builder's log hook: one more query for the request it runs for, if any; the listener is told. */
export function countQuery(event: LogEvent): void {
  if (event.level !== "query") return;
  const count = counting.getStore();
  if (count) {
    count.queries += 1;
    count.durationMs += event.queryDurationMillis;
  }
  queryListener?.(event.query.sql, event.queryDurationMillis, count);
}
