import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): void;
  /** A fast shutdown: open connections are ended, new ones refused. */
  stop(): void;
  /** Stops it if it runs and removes its files. */
  destroy(): void;
}

/** The newest PostgreSQL server binaries installed (Debian's /usr/lib/postgresql/<version>/bin), if any. */
export function postgresBinaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], "bin");
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, that the test may stop and
 * start at will; the machine's own server is never touched. initdb refuses to run as root, so as root every
 * command runs as the `postgres` user (runuser), which owns the folder.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL's server binaries (/usr/lib/postgresql/<version>/bin) are not installed");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-own-postgres-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    fs.chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]] : [path.join(bin, command), args];
    execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"] });
  };
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "--no-instructions", "-E", "UTF8"]);
  let running = false;
  const cluster: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      // Its socket in its own folder; no durability needed for a throw-away cluster.
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
      run("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "start"]);
      running = true;
    },
    stop() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      running = false;
    },
    destroy() {
      try {
        if (running) cluster.stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  cluster.start();
  return cluster;
}
