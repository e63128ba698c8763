import crypto from "node:crypto";

/** A visitor's mix: pages, the zipcode API and, every fifth request, a newsletter subscription. */
const PAGES = ["/", "/state/california", "/festivals", "/api/wholesalers/zipcode/90014"];

export interface ClusterLoadFigures {
  /** How long the load ran, in whole seconds. */
  seconds: number;
  clients: number;
  requests: number;
  /** Answers by status. */
  statuses: Record<number, number>;
  /** Requests that got no answer at all (the proxy closed the connection, or fetch failed). */
  clientErrors: string[];
  /** Subscriptions answered 202, by email. */
  acknowledged: string[];
  p50: number;
  p99: number;
  /** Answers received between `markedAt()` calls, by name (e.g. while a server was down). */
  answeredBetween: Record<string, number>;
}

export interface ClusterLoad {
  /** Records that something happened now (a server killed, Redis stopped), to count the answers after it. */
  mark(name: string): void;
  /** Moves the end of the load to `time` (a Date.now() value; Infinity until moved again). */
  endAt(time: number): void;
  done: Promise<ClusterLoadFigures>;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Keeps `clients` visitors busy through `url` for `seconds`: each sends one request at a time, each request
 * from a client address never used before (X-Forwarded-For, which a trusting proxy passes on), so the
 * per-address limits never refuse them. Subscription emails start with `emailPrefix`.
 */
export function startClusterLoad({
  url,
  seconds,
  clients,
  emailPrefix,
}: {
  url: string;
  seconds: number;
  clients: number;
  emailPrefix: string;
}): ClusterLoad {
  const started = Date.now();
  let deadline = started + seconds * 1000;
  // A second octet of this run's own, so that two runs sharing a Redis never share a counter.
  const octet = crypto.randomInt(256);
  let sent = 0;
  const figures: ClusterLoadFigures = {
    seconds: 0,
    clients,
    requests: 0,
    statuses: {},
    clientErrors: [],
    acknowledged: [],
    p50: 0,
    p99: 0,
    answeredBetween: {},
  };
  const durations: number[] = [];
  const marks: { name: string; at: number }[] = [];
  const answerTimes: number[] = [];

  async function visitor() {
    while (Date.now() < deadline) {
      const n = sent++;
      const address = `10.${octet}.${(n >> 8) & 255}.${n & 255}`;
      const page = PAGES[n % (PAGES.length + 1)];
      const email = page === undefined ? `${emailPrefix}${n}@example.com` : undefined;
      const began = performance.now();
      try {
        const response = await fetch(new URL(page ?? "/api/newsletter/subscribe", url), {
          method: email ? "POST" : "GET",
          headers: {
            "x-forwarded-for": address,
            accept: "text/html,application/json",
            ...(email ? { "content-type": "application/json" } : {}),
          },
          body: email ? JSON.stringify({ email }) : undefined,
        });
        await response.arrayBuffer();
        figures.statuses[response.status] = (figures.statuses[response.status] ?? 0) + 1;
        if (email && response.status === 202) figures.acknowledged.push(email);
        answerTimes.push(Date.now());
      } catch (error) {
        figures.clientErrors.push(`${email ? "POST /api/newsletter/subscribe" : `GET ${page}`}: ${(error as Error).message}`);
      }
      figures.requests += 1;
      durations.push(performance.now() - began);
    }
  }

  const done = Promise.all(Array.from({ length: clients }, visitor)).then(() => {
    figures.seconds = Math.round((Date.now() - started) / 1000);
    durations.sort((a, b) => a - b);
    figures.p50 = Math.round(percentile(durations, 50));
    figures.p99 = Math.round(percentile(durations, 99));
    const bounds = [...marks, { name: "end", at: Number.POSITIVE_INFINITY }];
    for (let i = 0; i < marks.length; i++) {
      const { name, at } = bounds[i]!;
      const until = bounds[i + 1]!.at;
      figures.answeredBetween[name] = answerTimes.filter((time) => time >= at && time < until).length;
    }
    return figures;
  });
  return {
    mark: (name) => marks.push({ name, at: Date.now() }),
    endAt: (time) => (deadline = time),
    done,
  };
}

/** Waits `ms` milliseconds. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
