import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import readline from "node:readline";
import { Redis } from "ioredis";

/** Whether Redis answers a PING at `url` within two seconds. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Whether the redis-server program is installed (a test that stops Redis starts one of its own). */
export const redisServerInstalled = spawnSync("redis-server", ["--version"]).status === 0;

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A redis-server of the test's own on `port`, in memory only; never the machine's. Resolves once it accepts connections. */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("redis-server did not start in time")), 10_000);
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`redis-server exited with code ${code}`)));
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!line.includes("Ready to accept connections")) return;
      clearTimeout(timer);
      resolve();
    });
  });
  return child;
}

/** Kills a redis-server started by startRedisServer, at once (as a crash or a lost machine would). */
export function stopRedisServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}
