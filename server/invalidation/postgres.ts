/**
 * Cache invalidation through PostgreSQL LISTEN/NOTIFY (server/invalidation-bus.ts): notified through the pool,
 * heard on a dedicated connection that reconnects.
 */
import pg from "pg";
import { RECONNECT_MS, type Transport } from "./transport";

/** The PostgreSQL channel (LISTEN/NOTIFY is per database, so two sites on one server never hear each other). */
export const POSTGRES_CHANNEL = "wff_cache_invalidation";

/** How often the listener checks its connection (it reconnects RECONNECT_MS after losing it). */
const LISTENER_CHECK_MS = 2_000;

export function postgresTransport(databaseUrl: string, pool: pg.Pool): Transport {
  return {
    name: "PostgreSQL",
    via: "PostgreSQL LISTEN/NOTIFY",
    channel: POSTGRES_CHANNEL,
    send: (payload) => pool.query("select pg_notify($1, $2)", [POSTGRES_CHANNEL, payload]),
    listen(events) {
      let closing = false;
      let listener: pg.Client | undefined;
      let reconnect: NodeJS.Timeout | undefined;

      const lost = (client: pg.Client, error: unknown) => {
        if (listener !== client) return;
        listener = undefined;
        client.removeAllListeners("notification");
        client.end().catch(() => undefined);
        if (closing) return;
        events.down(error);
        reconnect ??= setTimeout(() => {
          reconnect = undefined;
          void connect();
        }, RECONNECT_MS);
      };
      const connect = async () => {
        const client = new pg.Client({
          connectionString: databaseUrl,
          keepAlive: true,
          connectionTimeoutMillis: 2_000,
          // The check below fails a connection only after 5 s without an answer: a busy machine can take a second.
          query_timeout: 5_000,
          application_name: "wff cache invalidation",
        });
        listener = client;
        client.on("error", (error: Error) => lost(client, error));
        client.on("end", () => lost(client, new Error("the listening connection to PostgreSQL ended")));
        client.on("notification", (notification) => events.receive(notification.payload));
        try {
          await client.connect();
          await client.query(`LISTEN ${POSTGRES_CHANNEL}`);
          if (listener === client) events.up();
        } catch (error) {
          lost(client, error);
        }
      };
      // A connection can die without a word (a restarted server, a dropped route): it is asked a question now and then.
      let checking = false;
      const check = setInterval(() => {
        const client = listener;
        if (!client || !events.isUp || checking) return;
        checking = true;
        client
          .query("select 1")
          .catch((error: unknown) => lost(client, error))
          .finally(() => {
            checking = false;
          });
      }, LISTENER_CHECK_MS);
      check.unref();

      void connect();
      return async () => {
        closing = true;
        clearInterval(check);
        clearTimeout(reconnect);
        const client = listener;
        listener = undefined;
        await client?.end().catch(() => undefined);
      };
    },
  };
}
