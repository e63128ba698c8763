/**
 * Cache invalidation through Redis pub/sub (server/invalidation-bus.ts): published on the client the rate limits
 * use, heard on a subscriber connection of its own.
 */
import { Redis } from "ioredis";
import { RECONNECT_MS, type Transport } from "./transport";

/** The Redis channel: pub/sub ignores database numbers, so the number is part of the name. */
export function redisChannel(url: string): string {
  const database = /^\/(\d+)$/.exec(new URL(url).pathname)?.[1] ?? "0";
  return `wff:cache-invalidation:${database}`;
}

/** `client` publishes: a subscribed connection cannot. */
export function redisTransport(url: string, client: Redis): Transport {
  const channel = redisChannel(url);
  return {
    name: "Redis",
    via: "Redis",
    channel,
    send: (payload) => client.publish(channel, payload),
    listen(events) {
      let closing = false;
      const subscriber = new Redis(url, {
        lazyConnect: true,
        // Subscribed again by hand on every connection, and only then is the bus up.
        autoResubscribe: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 2_000,
        retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_MS),
      });
      subscriber.on("error", (error: Error) => events.down(error));
      subscriber.on("close", () => {
        if (!closing) events.down(new Error("the subscriber connection to Redis closed"));
      });
      subscriber.on("ready", () => {
        subscriber.subscribe(channel).then(
          () => events.up(),
          (error: unknown) => events.down(error),
        );
      });
      subscriber.on("message", (_channel: string, payload: string) => events.receive(payload));
      subscriber.connect().catch(() => undefined);
      return async () => {
        closing = true;
        subscriber.disconnect();
      };
    },
  };
}
