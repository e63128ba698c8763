import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "../../server/http-server";
import { listenOnFreePort } from "../support/listen";
import { startServer, type RunningServer } from "../support/server";

/**
 * server/http-server.ts makes each request and response with the Express application's prototypes, so that
 * Express's own Object.setPrototypeOf on every request changes nothing (that change kept each request's garbage
 * alive through young-generation collections: BENCHMARKS.md, 2026-11-28). They must still be Node's requests
 * and responses, with everything Express adds.
 */
describe("the HTTP server of the Express application", () => {
  const app = express();
  const server = createHttpServer(app);
  const seen: { request: unknown; response: unknown }[] = [];
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // Before Express's own listener: the objects as Node made them.
    server.prependListener("request", (req, res) => {
      seen.push({ request: Object.getPrototypeOf(req), response: Object.getPrototypeOf(res) });
    });
    app.use(express.json());
    app.get("/hello", (req, res) => {
      res.set("X-Instance", String(req instanceof http.IncomingMessage && res instanceof http.ServerResponse));
      res.json({ host: req.hostname, accepts: req.accepts(["html", "json"]), query: req.query.name });
    });
    app.post("/echo", (req, res) => res.status(201).json(req.body));
    ({ url, close } = await listenOnFreePort(server));
  });
  afterAll(() => close());

  it("makes requests and responses with the application's prototypes", async () => {
    seen.length = 0;
    await (await fetch(`${url}/hello`)).arrayBuffer();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.request).toBe(app.request);
    expect(seen[0]?.response).toBe(app.response);
  });

  it("keeps what Node and Express give a request and a response", async () => {
    const response = await fetch(`${url}/hello?name=rose`, { headers: { Accept: "application/json" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-instance")).toBe("true");
    expect(await response.json()).toEqual({ host: "127.0.0.1", accepts: "json", query: "rose" });

    const posted = await fetch(`${url}/echo`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ stem: "peony" }),
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toEqual({ stem: "peony" });
  });

  it("answers many requests on one keep-alive connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(`${url}/hello`, { agent }, (response) => {
          sockets.add(response.socket);
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", reject);
      });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push(await get());
    agent.destroy();
    expect(statuses).toEqual(Array(20).fill(200));
    expect(sockets.size).toBe(1);
  });
});

describe("the production server's listener", () => {
  let first: RunningServer | undefined;
  afterAll(() => first?.stop());

  it("exits with code 1 and says why when its port is taken", async () => {
    first = await startServer();
    const port = new URL(first.url).port;
    await expect(startServer({ PORT: port })).rejects.toThrow(
      /exited with code 1 before listening:[\s\S]*could not listen \(listen EADDRINUSE/,
    );
    // The first server still answers.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });
});
