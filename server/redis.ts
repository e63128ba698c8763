import { Redis } from "ioredis";
import type { LimitStoreHealth } from "./limit-store";

export interface RedisConnection {
  client: Redis;
  /** Resolves when Redis answers a PING within a second; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How long the server waits at most for a first answer from Redis at start. */
const FIRST_CONNECT_MS = 3_000;

/**
 * Connects to REDIS_URL for the shared rate limits. A command never waits for a connection that is not there
 * (no offline queue, no retry of a command, one second at most): the limiters then count in memory. The
 * client reconnects on its own, every second at most, for as long as the server runs; `health` hears when
 * the connection is lost and when it is back.
 */
export async function connectRedis(url: string, health: LimitStoreHealth): Promise<RedisConnection> {
  let closing = false;
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  // ioredis reports each failed attempt to connect as an "error" event (without a listener, on stderr).
  client.on("error", (error: Error) => health.down(error));
  client.on("close", () => {
    if (!closing) health.down(new Error("the connection to Redis closed"));
  });
  client.on("ready", () => health.up());

  // Start once Redis is ready, or at its first failure (the limits start degraded and the client keeps trying).
  const first = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done).off("error", done);
      resolve();
    };
    const timer = setTimeout(done, FIRST_CONNECT_MS);
    client.once("ready", done).once("error", done);
  });
  // A first attempt that fails is reported through the "error" event.
  client.connect().catch(() => undefined);
  await first;

  return {
    client,
    async ping() {
      await client.ping();
    },
    async close() {
      closing = true;
      client.disconnect();
    },
  };
}
