import express, { type RequestHandler } from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD_BYTES, compressResponses } from "../../server/compress";
import { pageCache } from "../../server/page-cache";
import { pageEtags } from "../../server/page-etag";
import { setCachesUsable } from "~/services/tools/cache.server";
import { htmlOf, rawGet, rawPost } from "../support/page-requests";
import { listenOnFreePort } from "../support/listen";

/**
 * Where compression happens (server/compress.ts, docs/decisions/032): the page cache runs it for every request
 * it does not answer from memory, and an answer from memory skips it. The cache and the compression are the
 * real ones, and so are the page's ETags (server/page-etag.ts); the page is a route of this test's own.
 */
describe("the page cache and compression", () => {
  const compressed: string[] = [];
  // Larger than an answer sent as it is (COMPRESSION_THRESHOLD_BYTES), as every page of the site is.
  const page = `<!doctype html><html><body>${"<p>Wholesale roses at dawn.</p>".repeat(500)}</body></html>`;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    setCachesUsable(true);
    const compress = compressResponses();
    const counted: RequestHandler = (req, res, next) => {
      compressed.push(`${req.method} ${req.originalUrl}`);
      compress(req, res, next);
    };
    const app = express();
    app.use(pageCache({ maxEntries: 10, maxBytes: 1024 * 1024, ttlMs: 60_000, logger: pino({ level: "silent" }), compress: counted }));
    // Tagged by the real ETag step (server/page-etag.ts), whose whole body the cache keeps.
    app.use(pageEtags());
    app.all("/{*path}", (req, res) => {
      const found = req.path === "/page";
      res.status(found ? 200 : 404).setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(Buffer.from(found ? page : page.replace("Wholesale roses", "No such page")));
    });
    ({ url, close } = await listenOnFreePort(app));
  });
  afterAll(() => close?.());

  it("compresses a page it renders, and sends the kept copy of it without compressing again", async () => {
    const first = await rawGet(`${url}/page`, { "accept-encoding": "br" });
    expect(first.headers["x-cache"]).toBe("miss");
    expect(compressed).toEqual(["GET /page"]);
    const second = await rawGet(`${url}/page`, { "accept-encoding": "br" });
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.body.equals(first.body)).toBe(true);
    expect(htmlOf(second)).toBe(page);
    expect(compressed).toEqual(["GET /page"]);
  });

  it("compresses what it does not keep, and what it never answers: a 404 page, a signed-in visit, a POST", async () => {
    compressed.length = 0;
    const answers = [
      await rawGet(`${url}/missing`, { "accept-encoding": "br" }),
      await rawGet(`${url}/page`, { "accept-encoding": "gzip", cookie: "wff_session=1" }),
      await rawPost(`${url}/page`, { "accept-encoding": "br" }, "a=1"),
    ];
    expect(compressed).toEqual(["GET /missing", "GET /page", "POST /page"]);
    expect(answers.map((answer) => [answer.status, answer.headers["content-encoding"], answer.headers["x-cache"]])).toEqual([
      [404, "br", "miss"],
      [200, "gzip", "bypass"],
      [200, "br", undefined],
    ]);
    expect(answers.map(htmlOf)).toEqual([page.replace("Wholesale roses", "No such page"), page, page]);
  });
});

describe("compression with the page cache off", () => {
  // A JSON answer of the API's size (4-9 KB) and one of a long list, rendered, tagged and compressed as sent.
  const answerOf = (count: number) => JSON.stringify(Array.from({ length: count }, (_, id) => ({ id, name: `Flower Market ${id}` })));
  const small = answerOf(100);
  const large = answerOf(1000);
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.use(pageEtags());
    app.get("/api/:size", (req, res) => {
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(Buffer.from(req.params.size === "small" ? small : large));
    });
    ({ url, close } = await listenOnFreePort(app));
  });
  afterAll(() => close?.());

  it("sends an answer that fits in the first round trip as it is, and compresses a larger one", async () => {
    expect(Buffer.byteLength(small)).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(Buffer.byteLength(large)).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const smallAnswer = await rawGet(`${url}/api/small`, { "accept-encoding": "br, gzip" });
    expect(smallAnswer.status).toBe(200);
    expect(smallAnswer.headers["content-encoding"]).toBeUndefined();
    expect(smallAnswer.headers.vary).toBe("Accept-Encoding");
    expect(Number(smallAnswer.headers["content-length"])).toBe(smallAnswer.body.length);
    expect(smallAnswer.body.toString("utf8")).toBe(small);

    const largeAnswer = await rawGet(`${url}/api/large`, { "accept-encoding": "br, gzip" });
    expect(largeAnswer.status).toBe(200);
    expect(largeAnswer.headers["content-encoding"]).toBe("br");
    expect(largeAnswer.body.length).toBeLessThan(Buffer.byteLength(large) / 2);
    expect(htmlOf(largeAnswer)).toBe(large);
  });
});
