import net from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { takingTurns, turns } from "../../server/render-turns";
import { listenOnFreePort } from "../support/listen";

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("turns", () => {
  it("lets `limit` holders run at once and the others wait, first come, first served", async () => {
    const places = turns(2);
    const started: number[] = [];
    const releases = new Map<number, () => void>();
    for (const holder of [1, 2, 3, 4]) {
      void places.take().then((release) => {
        started.push(holder);
        releases.set(holder, release);
      });
    }
    await settled();
    expect(started).toEqual([1, 2]);
    expect(places.load).toEqual({ running: 2, waiting: 2 });
    releases.get(2)!();
    await settled();
    expect(started).toEqual([1, 2, 3]);
    releases.get(1)!();
    await settled();
    expect(started).toEqual([1, 2, 3, 4]);
    expect(places.load).toEqual({ running: 2, waiting: 0 });
  });

  it("hands a place back once, however often its release is called", async () => {
    const places = turns(1);
    const release = await places.take();
    const got: string[] = [];
    void places.take().then(() => got.push("second"));
    void places.take().then(() => got.push("third"));
    release();
    release();
    await settled();
    expect(got).toEqual(["second"]);
    expect(places.load).toEqual({ running: 1, waiting: 1 });
  });

  it("says how long every place has been held with none moving, and 0 while one is free", async () => {
    let clock = 1_000;
    const places = turns(2, () => clock);
    const first = await places.take();
    clock += 5_000;
    expect(places.stuckForMs()).toBe(0);
    await places.take();
    clock += 3_000;
    expect(places.stuckForMs()).toBe(3_000);
    // A place given back to one waiting counts as moving.
    void places.take();
    clock += 1_000;
    first();
    clock += 500;
    expect(places.stuckForMs()).toBe(500);
  });

  it("refuses a limit that is not a whole number of places", () => {
    expect(() => turns(0)).toThrow("turns needs a whole number of places, not 0");
    expect(() => turns(1.5)).toThrow();
  });
});

describe("takingTurns", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** A server whose pages take `ms` each, counting how many are being answered at once. */
  async function slowPages(limit: number, ms: number, type = "text/plain") {
    const seen = { now: 0, most: 0, answered: 0 };
    const app = express();
    app.use(
      takingTurns(
        async (req, res) => {
          seen.now++;
          seen.most = Math.max(seen.most, seen.now);
          await new Promise((resolve) => setTimeout(resolve, ms));
          seen.now--;
          seen.answered++;
          res.type(type).send(`${req.method} ${req.path}`);
        },
        { limit, holdLimitMs: 60_000 },
      ),
    );
    const server = await listenOnFreePort(app);
    close = server.close;
    return { url: server.url, seen };
  }

  it("answers at most `limit` GET requests at once, and every one of them", async () => {
    const { url, seen } = await slowPages(3, 30);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => fetch(`${url}/page/${i}`).then((r) => r.text())));
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => `GET /page/${i}`));
    expect(seen.most).toBe(3);
  });

  it("lets other methods through without waiting", async () => {
    const { url, seen } = await slowPages(1, 50);
    const answers = await Promise.all([
      fetch(`${url}/a`).then((r) => r.text()),
      ...Array.from({ length: 3 }, () => fetch(`${url}/form`, { method: "POST" }).then((r) => r.text())),
    ]);
    expect(answers).toEqual(["GET /a", "POST /form", "POST /form", "POST /form"]);
    expect(seen.most).toBe(4);
  });

  /** A server whose /download and /streamed-page answers send their headers and a first part, and wait. */
  async function streamedAnswers() {
    const finish = new Map<string, () => void>();
    const app = express();
    app.use(
      takingTurns(
        (req, res) => {
          if (req.path === "/download" || req.path === "/streamed-page") {
            const type = req.path === "/download" ? "application/octet-stream" : "text/html; charset=utf-8";
            res.writeHead(200, { "content-type": type });
            res.write("first part");
            finish.set(req.path, () => res.end("last part"));
            return;
          }
          res.type("text/plain").send("page");
        },
        { limit: 1, holdLimitMs: 60_000, downloads: /^\/download$/ },
      ),
    );
    const server = await listenOnFreePort(app);
    close = server.close;
    return { url: server.url, finish };
  }

  it("keeps a page's turn until the page is sent, even once its headers are", async () => {
    const { url, finish } = await streamedAnswers();
    const streamed = await fetch(`${url}/streamed-page`);
    let answered = false;
    const waiting = fetch(`${url}/page`)
      .then((r) => r.text())
      .then((text) => {
        answered = true;
        return text;
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    finish.get("/streamed-page")!();
    expect(await streamed.text()).toBe("first partlast part");
    expect(await waiting).toBe("page");
  });

  it("gives a download no turn, so that a slow download holds none", async () => {
    const { url, finish } = await streamedAnswers();
    const download = await fetch(`${url}/download`);
    expect(download.status).toBe(200);
    // The download is still being sent, and another page gets the only turn.
    expect(await fetch(`${url}/page`).then((r) => r.text())).toBe("page");
    finish.get("/download")!();
    expect(await download.text()).toBe("first partlast part");
  });

  it("gives the turn of a client that left while waiting to the next, without answering it", async () => {
    const { url, seen } = await slowPages(1, 100);
    const first = fetch(`${url}/first`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const leaving = Array.from({ length: 5 }, (_, i) => {
      const controller = new AbortController();
      const request = fetch(`${url}/gone/${i}`, { signal: controller.signal }).catch(() => "left");
      setTimeout(() => controller.abort(), 30);
      return request;
    });
    expect(await Promise.all(leaving)).toEqual(["left", "left", "left", "left", "left"]);
    expect(await fetch(`${url}/next`).then((r) => r.text())).toBe("GET /next");
    expect(await first).toBe("GET /first");
    // The five that left were never answered: /next waited for /first alone, not for five pages more.
    expect(seen.answered).toBe(2);
  });

  /** Sends raw `requests` on one connection, then closes it without reading a byte of the answers. */
  function sendAndLeave(url: string, requests: string[]) {
    const { port } = new URL(url);
    return new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(requests.join(""));
        // Long enough for the server to read both requests and start the first.
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
      socket.on("error", () => resolve());
    });
  }

  it("frees the turn of a request pipelined behind another on a connection its client closed (it never gets the socket)", async () => {
    // HTML keeps its turn until it is sent, as a page does.
    const { url, seen } = await slowPages(4, 100, "text/html");
    const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    // Four connections, each with two requests back to back: the second response on each waits for the first and
    // never gets the socket, so it fires neither finish nor close.
    await Promise.all(Array.from({ length: 4 }, (_, i) => sendAndLeave(url, [get(`/a/${i}`), get(`/b/${i}`)])));
    const started = performance.now();
    const answer = await fetch(`${url}/after`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.text());
    expect(answer).toBe("GET /after");
    expect(performance.now() - started).toBeLessThan(1_000);
    // Every turn came back: four more pages are answered at once.
    const four = await Promise.all(Array.from({ length: 4 }, (_, i) => fetch(`${url}/more/${i}`).then((r) => r.text())));
    expect(four).toHaveLength(4);
    expect(seen.now).toBe(0);
  });

  it("gives a turn held past its limit to the next in line, and says so", async () => {
    const overdue: string[] = [];
    const app = express();
    const hung = new Set<express.Response>();
    const handler = takingTurns(
      (req, res) => {
        if (req.path === "/hang") return void hung.add(res);
        res.type("text/plain").send("page");
      },
      { limit: 1, holdLimitMs: 200, onOverdue: (req, heldMs) => overdue.push(`${req.path} ${heldMs >= 200 ? "late" : "early"}`) },
    );
    app.use(handler);
    const server = await listenOnFreePort(app);
    close = async () => {
      for (const res of hung) res.end();
      await server.close();
    };
    const hanging = fetch(`${server.url}/hang`).catch(() => undefined);
    await vi.waitFor(() => expect(hung.size).toBe(1), { interval: 5 });
    expect(handler.turns.load).toEqual({ running: 1, waiting: 0 });
    const started = performance.now();
    expect(await fetch(`${server.url}/page`).then((r) => r.text())).toBe("page");
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(overdue).toEqual(["/hang late"]);
    for (const res of hung) res.end();
    await hanging;
  });
});
