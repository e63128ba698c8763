import { AsyncLocalStorage } from "node:async_hooks";
import type { LogEvent } from "kysely";

/** The database queries one request has made so far. */
export interface QueryCount {
  queries: number;
}

const counting = new AsyncLocalStorage<QueryCount>();

/**
 * Counts the queries made by `run` and everything it starts (server/app.ts wraps each request, and the request
 * log line says how many it made as `dbQueries`): a page whose count grows with its data queries in a loop.
 */
export function countQueries<T>(count: QueryCount, run: () => T): T {
  return counting.run(count, run);
}

/** Told each query's SQL and duration (server/app.ts logs them at debug level); none by default. */
let queryListener: ((sql: string, durationMs: number) => void) | undefined;

export function setQueryListener(listener: typeof queryListener): void {
  queryListener = listener;
}

/** The query builder's log hook: one more query for the request it runs for, if any; the listener is told. */
export function countQuery(event: LogEvent): void {
  if (event.level !== "query") return;
  const count = counting.getStore();
  if (count) count.queries += 1;
  queryListener?.(event.query.sql, event.queryDurationMillis);
}
