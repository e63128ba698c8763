// Preloaded into a test server (NODE_OPTIONS=--import): every query that selects from the sessions table, which
// on a request only getActiveSession does, writes a log line, so that a test can count session lookups per request.
import fs from "node:fs";
import { QueryCreator } from "kysely";

const selectFrom = QueryCreator.prototype.selectFrom;
QueryCreator.prototype.selectFrom = function (from) {
  // Written synchronously, so the line is in the log before the response that follows the lookup.
  if (from === "sessions") fs.writeSync(1, `${JSON.stringify({ level: 30, msg: "session lookup (test counter)" })}\n`);
  return selectFrom.call(this, from);
};
