import { describe, expect, it } from "vitest";
import { LISTING, report, selectTargets, TARGETS, type Row, type Target } from "./bench-server-targets";

const target = (path: string) => TARGETS.find((candidate) => candidate.path === path) as Target;

function row(path: string, fields: Partial<Row>): Row {
  return {
    database: "SQLite",
    pageCache: "off",
    target: target(path),
    path,
    connections: 100,
    requestsPerSecond: 500,
    p50: 50,
    p99: 100,
    errors: 0,
    non2xx: 0,
    clientCpu: 0.1,
    serverCpuPerRequest: 1,
    ...fields,
  };
}

const lineOf = (markdown: string, path: string, connections: number) =>
  markdown.split("\n").find((line) => line.includes(`| ${connections} | \`${path}\` |`)) ?? "";

describe("npm run bench's targets", () => {
  it("has issue #39's pages, the JSON API and the baseline", () => {
    expect(TARGETS.map((candidate) => candidate.path)).toEqual([
      "/",
      "/state/california",
      "/near?zip=10001",
      "/near?zip=33137",
      "/search?q=Chicago",
      LISTING,
      "/blog/1",
      "/festivals/1",
      "/festivals",
      "/api/states",
      "/api/wholesalers/zipcode/90014",
      "/images/hero.webp",
    ]);
  });

  it("--page measures the pages named, in their order, and always the baseline", () => {
    expect(selectTargets(["/festivals", "/wholesalers/2/other"]).map((chosen) => [chosen.path, chosen.kind])).toEqual([
      ["/festivals", "page"],
      ["/wholesalers/2/other", "page"],
      ["/images/hero.webp", "baseline"],
    ]);
    expect(selectTargets(["/api/flower-festivals"])[0]?.kind).toBe("api");
    expect(selectTargets(undefined)).toBe(TARGETS);
  });

  it("says by how much a rendered page misses issue #39's CPU and p99 targets, and meets them otherwise", () => {
    const markdown = report(
      [
        row("/festivals", { serverCpuPerRequest: 7.5, p99: 450 }),
        row("/", { serverCpuPerRequest: 3.5, p99: 250 }),
        row("/api/states", { serverCpuPerRequest: 1.25, p99: 900 }),
        row("/images/hero.webp", { serverCpuPerRequest: 0.2 }),
      ],
      "npm run bench",
      [100],
      10,
    );
    expect(lineOf(markdown, "/festivals", 100)).toContain(
      "missed: CPU 7.50 ms > 6 ms (+1.50 ms, 1.3×), p99 450 ms > 300 ms (+150 ms, 1.5×) |",
    );
    expect(lineOf(markdown, "/", 100).endsWith("| met |")).toBe(true);
    // The API has no p99 target of #39, only its CPU.
    expect(lineOf(markdown, "/api/states", 100)).toContain("missed: CPU 1.25 ms > 1 ms (+0.25 ms, 1.3×) |");
    expect(markdown).toContain("Issue #39: 1 of 3.");
  });

  it("sets no #39 target with the page cache on, and a row that got no answer meets none", () => {
    const markdown = report(
      [
        row("/", { pageCache: "on", serverCpuPerRequest: 0.1, p99: 20 }),
        row("/blog/1", { requestsPerSecond: 0, serverCpuPerRequest: undefined }),
      ],
      "npm run bench",
      [100],
      10,
    );
    expect(lineOf(markdown, "/", 100).endsWith("| met |  |")).toBe(true);
    expect(lineOf(markdown, "/blog/1", 100)).toContain("| missed: no answer within the run |");
  });
});
