import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Something that listens like an Express application or Node's HTTP server. */
interface Listenable {
  listen(port: number, host: string): Server;
}

/** Starts `app` on a free port of 127.0.0.1: its address, and a close that resolves once it has stopped. */
export async function listenOnFreePort(app: Listenable): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
