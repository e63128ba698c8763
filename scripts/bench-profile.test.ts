import { describe, expect, it } from "vitest";
import { bound, layerOfScript, LAYERS, profileReport, timeByLayer, type CpuProfile, type Layer } from "./bench-profile";

const ROOT = "/srv/wff";
const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url },
  children,
});

/**
 * A request handler in our build calls React Router, which calls React's renderer and a native function;
 * our code also calls a native function directly; then garbage collection, idle time and V8's own.
 */
const PROFILE: CpuProfile = {
  nodes: [
    frame(1, "(root)", "", [2, 7, 8, 9]),
    frame(2, "handle", `file://${ROOT}/build/server/index.js`, [3, 6]),
    frame(3, "matchRoutes", `file://${ROOT}/node_modules/react-router/dist/development/chunk.mjs`, [4]),
    frame(4, "renderElement", `file://${ROOT}/node_modules/react-dom/cjs/react-dom-server.node.production.js`, [5]),
    frame(5, "encodeInto", ""),
    frame(6, "stringify", ""),
    frame(7, "(garbage collector)", ""),
    frame(8, "(idle)", ""),
    frame(9, "(program)", ""),
  ],
  startTime: 1_000,
  // One sample a millisecond, at 2,000 µs (before the window of the test), 3,000 µs … 10,000 µs.
  samples: [2, 2, 3, 4, 5, 6, 7, 8, 9],
  timeDeltas: [1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
};

const none = () => Object.fromEntries(LAYERS.map((layer) => [layer, 0])) as Record<Layer, number>;

describe("npm run bench -- --profile", () => {
  it("puts each script in its layer", () => {
    expect(layerOfScript(`file://${ROOT}/build/server/index.js`, ROOT)).toBe("our code");
    expect(layerOfScript(`file://${ROOT}/node_modules/@react-router/express/dist/index.mjs`, ROOT)).toBe("React Router");
    expect(layerOfScript(`file://${ROOT}/node_modules/scheduler/index.js`, ROOT)).toBe("React");
    expect(layerOfScript(`file://${ROOT}/node_modules/kysely/dist/esm/index.js`, ROOT)).toBe("database");
    expect(layerOfScript(`file://${ROOT}/node_modules/better-sqlite3/lib/index.js`, ROOT)).toBe("database");
    expect(layerOfScript("node:zlib", ROOT)).toBe("compression");
    expect(layerOfScript("node:internal/streams/writable", ROOT)).toBe("Node");
    expect(layerOfScript(`file://${ROOT}/node_modules/express/lib/express.js`, ROOT)).toBe("other libraries");
    expect(layerOfScript("", ROOT)).toBeUndefined();
  });

  it("counts only the samples of the window, native frames for their caller, and leaves idle time out", () => {
    const totals = timeByLayer(PROFILE, 2_500, 10_500, ROOT);
    expect(totals).toEqual({
      ...none(),
      // handle's own sample in the window, and the native stringify it called
      "our code": 2_000,
      "React Router": 1_000,
      // renderElement and the native encodeInto under it
      React: 2_000,
      "garbage collection": 1_000,
      "V8, unattributed": 1_000,
    });
    expect(timeByLayer(PROFILE, 1_000, 2_500, ROOT)["our code"]).toBe(1_000);
  });

  it("says a page is bounded by the other layers when, without our code, it would still miss", () => {
    const microsByLayer = { ...none(), "our code": 1_000, React: 5_000, "React Router": 3_000, Node: 1_000 };
    const page = { path: "/", measuredMs: 10, targetMs: 4, requests: 100, microsByLayer };
    expect(bound(page)).toBe("with our own functions at zero still 9.0 ms > 4 ms: bounded by React, React Router, Node");
    expect(bound({ ...page, microsByLayer: { ...microsByLayer, "our code": 20_000 } })).toBe(
      "our own functions 6.9 ms of it: the target is within reach of our code alone",
    );
    const report = profileReport([page]);
    expect(report).toContain("| `/` | 10.00 (4) | 1.00 (10%) | 3.00 (30%) | 5.00 (50%) | 0.00 (0%) |");
  });
});
