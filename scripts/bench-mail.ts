/**
 * Measures the mail channel (issue #35): an issue of the newsletter sent to 10,000 confirmed subscribers by the
 * production server, through nodemailer, to an SMTP server on loopback (the tests' sink, which parses every
 * message). Prints the messages per second, the server's memory before and during the send, the p99 of a page
 * (rendered, PAGE_CACHE=off) before and during the send, and that every subscriber got exactly one message.
 * Usage: npm run bench:mail [-- --subscribers 10000] [-- --postgres]
 * Targets: at least 200 messages per second with the send rate off, memory within 100 MB of idle, none lost or
 * duplicated.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from "../app/db/client.server";
import { createIssue, sendIssue } from "../app/services/newsletter/issues.server";
import { createTestDatabase } from "../tests/support/postgres";
import { startServer, type RunningServer } from "../tests/support/server";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { buildIfNeeded, machineLine, nextClientAddress, table, today, TRUSTED_PROXY_ENV, writeBenchmarkSection } from "./bench-support";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const SUBSCRIBERS = option("subscribers", 10_000);
const postgres = args.includes("--postgres");
const SITE_URL = "https://flowers.example";
const PAGE = "/state/california";

/** The server process's resident memory, in MB (Linux). */
function rssMb(server: RunningServer): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function pageP99(server: RunningServer, seconds: number) {
  const result = await autocannon({
    url: `${server.url}${PAGE}`,
    connections: 10,
    duration: seconds,
    // Visitors from many addresses, as in npm run bench: one address would meet the rate limit, not the page.
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": nextClientAddress() } }) }],
  });
  // A page that did not answer 200 measured the error, not the page.
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${PAGE}: ${result.non2xx} answers not 2xx and ${result.errors} errors of ${result.requests.total}`);
  return { p99: result.latency.p99, requests: result.requests.total };
}

async function insertSubscribers(handle: DatabaseHandle, count: number) {
  const now = new Date().toISOString();
  for (let i = 0; i < count; i += 500) {
    await handle.db
      .insertInto("newsletter_subscribers")
      .values(
        Array.from({ length: Math.min(500, count - i) }, (_, j) => {
          const n = i + j;
          const email = `reader${n}@example.com`;
          return {
            email,
            email_normalized: email,
            unsubscribe_token: `benchtoken${String(n).padStart(22, "0")}`,
            status: "confirmed",
            confirmed_at: now,
            created_at: now,
          };
        }),
      )
      .execute();
  }
}

buildIfNeeded();
const sink = await startSmtpSink();
const database = postgres ? await createTestDatabase() : undefined;
const server = await startServer({
  ...TRUSTED_PROXY_ENV,
  SMTP_URL: sink.url,
  SITE_URL,
  PAGE_CACHE: "off",
  ...(database ? { DATABASE_URL: database.url } : {}),
});
const handle = openDatabase(database ? { DATABASE_URL: database.url, DATA_DIR: server.dataDir } : { DATA_DIR: server.dataDir });
try {
  if (!database && !fs.existsSync(path.join(server.dataDir, SQLITE_FILE_NAME))) throw new Error("the server's database is missing");
  console.log(machineLine());
  await insertSubscribers(handle, SUBSCRIBERS);
  // Warmed up first (the first renders compile and fill caches), then measured: idle is a server that has served pages.
  await pageP99(server, 5);
  const before = await pageP99(server, 5);
  const idle = rssMb(server);

  const actor = { adminId: 1, email: "bench@example.com", ip: "127.0.0.1" };
  const context = {
    siteName: "Wholesale Flower Finder",
    siteUrl: SITE_URL,
    contactEmail: "hello@example.com",
    postalAddress: "1 Bench Street, Portland, OR 97201",
  };
  const id = await createIssue(
    handle.db,
    {
      title: "Benchmark issue",
      body: "## Peonies\n\nThey are in season. **Buy early.**",
      featured: { articles: [], festivals: [], listings: [] },
    },
    actor,
  );
  const queuing = performance.now();
  const { recipients } = await sendIssue(handle.db, id, context, actor);
  const queuedMs = performance.now() - queuing;

  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server))), 100);
  const started = performance.now();
  // A page measured while the first five seconds of the send run, then the rest of the send waited for.
  const [during] = await Promise.all([pageP99(server, 5), sink.waitFor(recipients, 600_000)]);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  const ids = new Set(sink.received.map((mail) => mail.to[0]));
  const rows = await handle.db
    .selectFrom("mail_outbox")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
  const sent = Number(rows.find((row) => row.status === "sent")?.n ?? 0);
  const lines = {
    dialect: postgres ? "PostgreSQL" : "SQLite",
    recipients,
    queuedMs: Math.round(queuedMs),
    perSecond: Math.round(recipients / seconds),
    idle: Math.round(idle),
    peak: Math.round(peak),
    received: sink.received.length,
    distinct: ids.size,
    sent,
    before,
    during,
  };
  console.log(JSON.stringify(lines, null, 2));
  const verdict = [
    lines.perSecond >= 200 ? "at least 200 a second: met" : `${lines.perSecond} a second: under the 200 target`,
    lines.peak - lines.idle <= 100 ? "memory within 100 MB of idle: met" : "memory over 100 MB above idle",
    lines.received === recipients && lines.distinct === recipients && sent === recipients
      ? "none lost or duplicated"
      : "LOST OR DUPLICATED",
  ].join("; ");
  console.log(verdict);
  writeBenchmarkSection(
    `mail-${postgres ? "postgres" : "sqlite"}`,
    `## Mail: a newsletter to ${recipients.toLocaleString("en-US")} subscribers on ${lines.dialect} (${today()})

\`npm run bench:mail${postgres ? " -- --postgres" : ""}\`: the production server (PAGE_CACHE off) sends an issue through nodemailer's
pool of 5 connections to an SMTP server on loopback (smtp-server, every message parsed with mailparser), send
rate off${postgres ? ", the runs handed out by pg-boss" : ""}. The page is asked for by 10 visitors from changing addresses, and
every answer must be a 200 (a run with any other fails). ${machineLine()}.

${table(
  [
    "queued (one transaction)",
    "sent",
    "messages per second",
    "server memory idle → peak",
    `${PAGE} p99 before → during`,
    "received, distinct, recorded sent",
  ],
  [
    [
      `${lines.queuedMs} ms`,
      `${seconds.toFixed(1)} s`,
      lines.perSecond,
      `${lines.idle} → ${lines.peak} MB`,
      `${before.p99} → ${during.p99} ms`,
      `${lines.received}, ${lines.distinct}, ${lines.sent}`,
    ],
  ],
)}

${verdict}.`,
  );
} finally {
  await handle.close();
  await server.stop();
  await sink.close();
  await database?.drop();
}
