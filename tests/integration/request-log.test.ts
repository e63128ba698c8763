import http from "node:http";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requestLog } from "../../server/request-log";
import { listenOnFreePort } from "../support/listen";

interface Line {
  level: number;
  msg: string;
  req: { id: number; method: string; url: string; ip: string };
  res: { statusCode: number };
  dbQueries?: number;
  responseTime: number;
  err?: { message: string };
}

describe("the request log (server/request-log.ts)", () => {
  const lines: Line[] = [];
  let close: () => Promise<void>;
  let base: string;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const text of chunk.toString().split("\n")) if (text) lines.push(JSON.parse(text) as Line);
        callback();
      },
    });
    const app = express();
    app.use(
      requestLog(pino({ level: "info" }, sink), {
        ignore: (req) => req.url.startsWith("/assets/"),
        loggedUrl: (url) => url.replace(/^(\/near)\?.*$/, "$1?[query not logged]"),
      }),
    );
    app.get("/page", (_req, res) => {
      res.locals.dbQueries = { queries: 3 };
      res.send("a page");
    });
    app.get("/near", (_req, res) => res.json([]));
    app.get("/assets/app.js", (_req, res) => res.type("js").send("1"));
    app.get("/broken", () => {
      throw new Error("the database is gone");
    });
    app.get("/slow", (_req, res) => {
      res.write("part");
      setTimeout(() => res.end("rest"), 300);
    });
    app.use((_req: express.Request, res: express.Response) => res.status(404).send("Not found"));
    app.use((_error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => res.status(500).send("Error"));
    ({ url: base, close } = await listenOnFreePort(app));
  });

  afterAll(() => close());

  const lineFor = (url: string) => lines.findLast((line) => line.req.url === url);
  /** Waits until the log holds a line for each of `urls` (a line is written as its answer finishes, just after it is read). */
  const loggedFor = (...urls: string[]) =>
    vi.waitFor(() => expect(urls.filter((url) => !lineFor(url))).toEqual([]), { timeout: 5_000, interval: 5 });

  it("writes one line when a request is answered: the request, its queries, the status and the time", async () => {
    expect(await (await fetch(`${base}/page`)).text()).toBe("a page");
    await loggedFor("/page");
    const line = lineFor("/page");
    expect(line).toMatchObject({ level: 30, msg: "request completed", req: { method: "GET", url: "/page", ip: "127.0.0.1" } });
    expect(line).toMatchObject({ dbQueries: 3, res: { statusCode: 200 } });
    expect(line?.responseTime).toBeGreaterThanOrEqual(0);
    expect(lines.filter((other) => other.req.url === "/page")).toHaveLength(1);
  });

  it("numbers the requests one after another", async () => {
    const before = lines.length;
    await (await fetch(`${base}/page`)).text();
    await (await fetch(`${base}/near?lat=34.05&lng=-118.24`)).text();
    await vi.waitFor(() => expect(lines.length).toBe(before + 2), { timeout: 5_000, interval: 5 });
    const [first, second] = lines.slice(-2);
    expect((second?.req.id ?? 0) - (first?.req.id ?? 0)).toBe(1);
  });

  it("leaves a visitor's position out of the path, and the hashed assets out of the log", async () => {
    await (await fetch(`${base}/assets/app.js`)).text();
    await (await fetch(`${base}/near?lat=34.05&lng=-118.24`)).text();
    // The asset was answered first: once the position's line is there, the asset's would be too.
    await loggedFor("/near?[query not logged]");
    expect(lineFor("/near?[query not logged]")).toMatchObject({ msg: "request completed", res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toContain("34.05");
    expect(lines.some((line) => line.req.url.startsWith("/assets/"))).toBe(false);
  });

  it("logs a 4xx at warn level and a 5xx at error level, with an error", async () => {
    await (await fetch(`${base}/nothing-here`)).text();
    await (await fetch(`${base}/broken`)).text();
    await loggedFor("/nothing-here", "/broken");
    expect(lineFor("/nothing-here")).toMatchObject({ level: 40, msg: "request completed", res: { statusCode: 404 } });
    expect(lineFor("/broken")).toMatchObject({ level: 50, msg: "request errored", res: { statusCode: 500 } });
    expect(lineFor("/broken")?.err?.message).toBe("failed with status code 500");
  });

  it("says so when the client goes away before the answer ends", async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/slow`, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", (error) =>
        error.message.includes("aborted") || error.message.includes("socket hang up") ? undefined : reject(error),
      );
    });
    await loggedFor("/slow");
    expect(lineFor("/slow")).toMatchObject({ level: 30, msg: "request aborted" });
    // Past the moment the handler ends the answer (300 ms), no second line comes.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lines.filter((line) => line.req.url === "/slow")).toHaveLength(1);
  });
});
