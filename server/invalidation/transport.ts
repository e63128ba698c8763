/**
 * What the cache invalidation bus (server/invalidation-bus.ts) and its transports between servers (redis.ts,
 * postgres.ts) share: how a transport sends and listens, and what it tells the bus.
 */

/** How soon a lost connection is made again, and an invalidation that could not be sent is sent again. */
export const RECONNECT_MS = 1_000;

/** What a transport tells the bus. */
export interface BusEvents {
  /** It hears the other servers (subscribed, listening). */
  up(): void;
  /** It does not (a connection lost or refused, a subscription that failed). */
  down(error: unknown): void;
  /** Whether it was last said to hear them. */
  readonly isUp: boolean;
  /** A message heard from the others. */
  receive(payload: string | undefined): void;
}

/** A channel between the servers. */
export interface Transport {
  readonly name: "Redis" | "PostgreSQL";
  /** What the servers are said to be invalidated through, at start. */
  readonly via: string;
  readonly channel: string;
  /** Sends a message to the other servers. */
  readonly send: (payload: string) => Promise<unknown>;
  /** Connects and listens, connecting again whenever it loses its connection; the function it returns stops. */
  readonly listen: (events: BusEvents) => () => Promise<void>;
}
