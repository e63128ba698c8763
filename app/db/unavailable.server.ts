/** What a visitor is told while the database cannot be reached; the status is 503. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The directory is unavailable for a moment while we reconnect to our database. Please try again in a minute.";

/** Seconds a client is asked to wait (Retry-After) before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** Node's network errors: the PostgreSQL server is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or cannot take the connection: admin or crash shutdown,
 * starting up, too many connections, the database dropped.
 */
const POSTGRES_STATES = new Set(["57P01", "57P02", "57P03", "53300", "3D000"]);
// ...and any connection exception (class 08) matches /^08[0-9A-Z]{3}$/.

/** What pg says when a connection ends under a query or cannot be made in time. */
const POSTGRES_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * SQLite result codes of a file another process holds locked, or that cannot be read or written: the
 * request may work again later; none of them is the request's fault.
 */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|NOTADB|CORRUPT|FULL|READONLY|PROTOCOL)(_|$)/;

/**
 * Whether an error means the database cannot be used right now (rather than a bug or bad input): such a
 * request answers 503 with a friendly message and the site recovers by itself when the database does.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code) || POSTGRES_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SQLITE_CODES.test(code)) return true;
    }
    if (POSTGRES_MESSAGES.test(current.message)) return true;
    // pg's pool gives up on every address of a host with an AggregateError of the connection errors.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** One line on stderr for whoever watches the server (no stack: the cause is outside the code). */
export function logDatabaseUnavailable(error: unknown) {
  const { code, message } = error as { code?: unknown; message?: unknown };
  console.error(`database unavailable: ${[code, message].filter((part) => typeof part === "string" && part).join(" ")}`);
}
