import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { series } from "../../server/series";
import { listenOnFreePort } from "../support/listen";

/**
 * server/series.ts runs the middleware every request passes as one layer of Express's router. A request must
 * go through them in order and on to the next layer, and a failure in any of them must reach the error
 * handler as it would from a layer of its own, whether passed to `next`, thrown or a rejected promise.
 */
describe("middleware run in series as one layer", () => {
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const mark =
      (name: string): RequestHandler =>
      (_req, res, next) => {
        res.append("X-Passed", name);
        next();
      };
    const fail = (how: string | undefined): RequestHandler => {
      if (how === "next") return (_req, _res, next) => next(new Error("passed to next"));
      if (how === "throw")
        return () => {
          throw new Error("thrown");
        };
      return async (req, _res, next) => {
        await Promise.resolve();
        if (req.query.fail === "reject") throw new Error("rejected");
        next();
      };
    };
    const app = express();
    app.use(
      series(
        mark("first"),
        (req, res, next) => {
          const how = typeof req.query.fail === "string" ? req.query.fail : undefined;
          return fail(how)(req, res, next);
        },
        mark("third"),
      ),
    );
    app.get("/", (_req, res) => {
      res.append("X-Passed", "route").send("answered");
    });
    const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => {
      res.status(500).send(`error: ${error.message}`);
    };
    app.use(onError);
    ({ url, close } = await listenOnFreePort(app));
  });
  afterAll(() => close?.());

  it("runs every handler in order, then the next layer", async () => {
    const response = await fetch(`${url}/`);
    expect(await response.text()).toBe("answered");
    expect(response.headers.get("x-passed")).toBe("first, third, route");
  });

  it.each([
    ["next", "passed to next"],
    ["throw", "thrown"],
    ["reject", "rejected"],
  ])("hands an error (%s) to the error handler and runs nothing after it", async (how, message) => {
    const response = await fetch(`${url}/?fail=${how}`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe(`error: ${message}`);
    expect(response.headers.get("x-passed")).toBe("first");
  });
});
