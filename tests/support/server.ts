import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { staleBuild } from "../../scripts/build-stamp";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ENTRY = path.join(path.resolve(ROOT, process.env.BUILD_DIR ?? "build"), "main.js");

export type LogEntry = Record<string, unknown>;

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Log lines the server wrote, parsed. */
  logs: LogEntry[];
  /**
   * Declares that the server may log a line matching `pattern` (its message or, for a request, its URL)
   * as a warning or error, or print it on stderr: a test that provokes a failure on purpose names it.
   * The allowance lasts as long as the server (a log line may arrive just after the test that caused it).
   */
  expectLog(pattern: RegExp): void;
  /** The warnings, errors, 5xx responses and stderr lines logged since the last call that no test expected. */
  takeUnexpectedLogs(): string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const LEVEL_WARN = 40;
const LEVEL_ERROR = 50;

/**
 * Whether a log line is trouble nobody asked for: an error, a warning other than a request that was
 * answered with a 4xx (bad input is the client's mistake, logged at warn on purpose), or any 5xx.
 */
function isTrouble(entry: LogEntry): boolean {
  const level = Number(entry.level ?? 0);
  const status = Number((entry.res as { statusCode?: unknown } | undefined)?.statusCode ?? 0);
  if (status >= 500) return true;
  if (level >= LEVEL_ERROR) return true;
  if (level >= LEVEL_WARN) return !(status >= 400 && status < 500);
  return false;
}

function describeEntry(entry: LogEntry): string {
  const req = entry.req as { method?: string; url?: string } | undefined;
  const status = (entry.res as { statusCode?: unknown } | undefined)?.statusCode;
  const err = entry.err as { message?: string } | undefined;
  return [
    `level ${String(entry.level)}`,
    String(entry.msg ?? ""),
    req ? `${req.method ?? ""} ${req.url ?? ""}` : "",
    status === undefined ? "" : `→ ${String(status)}`,
    err?.message ? `(${err.message})` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** Every server started by this test process that has not stopped yet. */
export const runningServers = new Set<RunningServer>();

// A server whose test never stopped it (a hook that timed out before it kept the server, a file cut short) must not
// outlive the test process: left running, it would take CPU and memory (and poll its job queue) from the files after.
// Vitest ends a test file's worker with SIGTERM: the servers are killed, then the signal does what it would have done.
const children = new Set<ChildProcess>();
const killChildren = () => {
  for (const child of children) child.kill("SIGKILL");
};
process.once("exit", killChildren);
process.once("SIGTERM", () => {
  killChildren();
  process.kill(process.pid, "SIGTERM");
});
/** Unexpected lines from servers that have stopped since the last check. */
const stoppedServerProblems: string[] = [];

/**
 * Starts the production build (`npm run build` first) on an ephemeral port with a data directory of its
 * own, and resolves once it listens.
 */
/** Why the build is not of the sources as they are (checked once per test process), or undefined. */
let buildProblem: string | undefined | null = null;

export async function startServer(env: Record<string, string> = {}, nodeOptions: string[] = []): Promise<RunningServer> {
  if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run "npm run build" before the integration tests`);
  // No test may run an older build without a word: the build's stamp must be the sources' (scripts/build-stamp.ts).
  if (buildProblem === null) buildProblem = staleBuild(path.dirname(ENTRY));
  if (buildProblem) throw new Error(buildProblem);
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "wff-test-"));
  const child = spawn(process.execPath, [...nodeOptions, ENTRY], {
    cwd: ROOT,
    // A query over SLOW_QUERY_MS is logged at warn: on a test machine busy with other work, 100 ms says nothing
    // about the query, so the servers of the tests allow a minute unless a test sets it.
    env: { PATH: process.env.PATH, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", SLOW_QUERY_MS: "60000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const logs: LogEntry[] = [];
  let stderr = "";
  let checkedLogs = 0;
  let checkedStderr = 0;
  // Without ADMIN_EMAIL the first start creates an admin and says so at warn level, as it should.
  const allowed: RegExp[] = env.ADMIN_EMAIL ? [] : [/^No admin existed, so one was created/];
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${stderr}`)), 60_000);
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      try {
        const entry = JSON.parse(line) as LogEntry;
        logs.push(entry);
        if (typeof entry.port === "number" && String(entry.msg).startsWith("listening")) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${entry.port}`);
        }
      } catch {
        // not a log line
      }
    });
    // "close" comes once its output has been read: what it logged on its way out is in the message.
    child.on("close", (code) => {
      clearTimeout(timer);
      const said = logs.filter((entry) => Number(entry.level ?? 0) >= LEVEL_WARN).map(describeEntry);
      reject(new Error(`server exited with code ${code} before listening:\n${[...said, stderr].join("\n")}`));
    });
  });

  const server: RunningServer = {
    url,
    dataDir,
    process: child,
    logs,
    expectLog(pattern) {
      allowed.push(pattern);
    },
    takeUnexpectedLogs() {
      const isAllowed = (text: string) => allowed.some((pattern) => pattern.test(text));
      const found: string[] = [];
      for (const entry of logs.slice(checkedLogs)) {
        if (!isTrouble(entry)) continue;
        const req = entry.req as { url?: string } | undefined;
        if (isAllowed(String(entry.msg ?? "")) || (req?.url !== undefined && isAllowed(req.url))) continue;
        found.push(describeEntry(entry));
      }
      for (const line of stderr.slice(checkedStderr).split("\n")) {
        if (line.trim() && !isAllowed(line)) found.push(`stderr: ${line}`);
      }
      checkedLogs = logs.length;
      checkedStderr = stderr.length;
      return found;
    },
    stop(signal = "SIGTERM") {
      return new Promise((resolve) => {
        const finish = (code: number | null) => {
          // What it logged on its way out is judged with the rest (assertNoUnexpectedServerLogs).
          for (const line of server.takeUnexpectedLogs()) stoppedServerProblems.push(`${url}: ${line}`);
          runningServers.delete(server);
          if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        };
        if (child.exitCode !== null || child.signalCode !== null) return finish(child.exitCode);
        child.once("exit", (code) => finish(code));
        child.kill(signal);
      });
    },
  };
  runningServers.add(server);
  return server;
}

/** Throws when any running server logged trouble that no test expected (see `expectLog`). */
export function assertNoUnexpectedServerLogs(servers: Iterable<RunningServer> = runningServers) {
  const problems = stoppedServerProblems.splice(0);
  for (const server of servers) {
    for (const line of server.takeUnexpectedLogs()) problems.push(`${server.url}: ${line}`);
  }
  if (problems.length > 0) {
    throw new Error(`the server logged ${problems.length} unexpected warning(s) or error(s):\n${problems.slice(0, 20).join("\n")}`);
  }
}

/** Resolves once the lines the server has logged so far satisfy `done` (at once if they already do). */
export function untilLogged(server: RunningServer, done: (logs: LogEntry[]) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const stdout = server.process.stdout!;
    const check = () => {
      if (!done(server.logs)) return false;
      stdout.off("data", onData);
      server.process.off("exit", onExit);
      resolve();
      return true;
    };
    // startServer's line reader is attached first, so by now the chunk's lines are in server.logs.
    const onData = () => void check();
    const onExit = () => {
      if (!check()) reject(new Error("the server exited before logging the expected lines"));
    };
    if (check()) return;
    stdout.on("data", onData);
    server.process.on("exit", onExit);
  });
}
