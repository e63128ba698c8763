/**
 * Where a rendered page's server CPU goes, for `npm run bench -- --profile` (issue #39: a row that misses its
 * target says what bounds it, with the profile). The server runs with V8's sampling profiler (`--cpu-prof`);
 * only the samples taken while the page was loaded are counted, each where its stack first reaches a layer of
 * the server: our build, React Router, React, the database drivers, compression, Node itself or another library.
 * Native frames (a `JSON.stringify`, SQLite's own work) count for the JavaScript that called them.
 */
import path from "node:path";

/** The parts of V8's `.cpuprofile` format read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  /** Microseconds on the machine's monotonic clock, the one `process.hrtime` reads. */
  startTime: number;
  samples: number[];
  /** Microseconds from the previous sample (the first: from `startTime`). */
  timeDeltas: number[];
}

export const LAYERS = [
  "our code",
  "React Router",
  "React",
  "database",
  "compression",
  "Node",
  "other libraries",
  "garbage collection",
  "V8, unattributed",
] as const;
export type Layer = (typeof LAYERS)[number];

const PACKAGE_LAYERS: [RegExp, Layer][] = [
  [/^(react-router|@react-router\/.*)$/, "React Router"],
  [/^(react|react-dom|scheduler)$/, "React"],
  [/^(better-sqlite3|kysely|pg|pg-.*)$/, "database"],
  [/^compression$/, "compression"],
];

/** The layer a script belongs to, or undefined for a frame without one (native code, V8's builtins). */
export function layerOfScript(url: string, root: string): Layer | undefined {
  if (!url) return undefined;
  if (url.startsWith("node:")) return url.startsWith("node:zlib") ? "compression" : "Node";
  const file = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  const inPackage = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
  if (inPackage) {
    const name = inPackage[1]!.replace("\\", "/");
    return PACKAGE_LAYERS.find(([pattern]) => pattern.test(name))?.[1] ?? "other libraries";
  }
  return path.isAbsolute(file) && !path.relative(root, file).startsWith("..") ? "our code" : "other libraries";
}

/**
 * The busy time (µs) of each layer in the samples taken between `from` and `to` (µs, the profile's clock).
 * Idle samples are left out.
 */
export function timeByLayer(profile: CpuProfile, from: number, to: number, root: string): Record<Layer, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const layerOfNode = new Map<number, Layer | null>();
  const layerOf = (id: number): Layer | null => {
    const known = layerOfNode.get(id);
    if (known !== undefined) return known;
    const { functionName, url } = byId.get(id)!.callFrame;
    let layer: Layer | null;
    if (functionName === "(idle)" || functionName === "(root)") layer = null;
    else if (functionName === "(garbage collector)") layer = "garbage collection";
    else if (functionName === "(program)") layer = "V8, unattributed";
    else {
      const parent = parentOf.get(id);
      const caller = parent === undefined ? null : layerOf(parent);
      layer = layerOfScript(url, root) ?? (caller === null ? "V8, unattributed" : caller);
    }
    layerOfNode.set(id, layer);
    return layer;
  };
  const totals = Object.fromEntries(LAYERS.map((layer) => [layer, 0])) as Record<Layer, number>;
  let clock = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    clock += delta;
    if (clock < from || clock > to) return;
    const layer = layerOf(id);
    if (layer) totals[layer] += delta;
  });
  return totals;
}

export interface PageProfile {
  path: string;
  /** The bench's own server CPU ms per request of this page (10 connections, page cache off), without the profiler. */
  measuredMs: number;
  targetMs: number;
  /** Requests answered while the profile counted. */
  requests: number;
  microsByLayer: Record<Layer, number>;
}

/** What bounds a page: the layers other than ours alone, measured against its target. */
export function bound(page: PageProfile): string {
  const busy = LAYERS.reduce((sum, layer) => sum + page.microsByLayer[layer], 0);
  if (busy === 0) return "no samples";
  const ours = (page.measuredMs * page.microsByLayer["our code"]) / busy;
  const rest = page.measuredMs - ours;
  const largest = LAYERS.filter((layer) => layer !== "our code")
    .sort((a, b) => page.microsByLayer[b] - page.microsByLayer[a])
    .slice(0, 3)
    .join(", ");
  return rest > page.targetMs
    ? `with our own functions at zero still ${rest.toFixed(1)} ms > ${page.targetMs} ms: bounded by ${largest}`
    : `our own functions ${ours.toFixed(1)} ms of it: the target is within reach of our code alone`;
}

/** The profile section: each profiled page's CPU by layer, in ms per request and share, and what bounds it. */
export function profileReport(pages: PageProfile[]): string {
  const head = ["page", "CPU ms/req (target)", ...LAYERS, "what bounds it"];
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  const rows = pages.map((page) => {
    const busy = LAYERS.reduce((sum, layer) => sum + page.microsByLayer[layer], 0);
    const cells = LAYERS.map((layer) => {
      const share = busy === 0 ? 0 : page.microsByLayer[layer] / busy;
      return `${(share * page.measuredMs).toFixed(2)} (${Math.round(share * 100)}%)`;
    });
    return line([`\`${page.path}\``, `${page.measuredMs.toFixed(2)} (${page.targetMs})`, ...cells, bound(page)]);
  });
  return [
    "### Where the CPU of each missed page goes (`--profile`)",
    "",
    "Each page that missed its CPU target was loaded again at 10 connections on a server of its own started with V8's sampling profiler (`--cpu-prof`); only the samples taken during that load count, each at the first frame of its stack that belongs to a layer: our build (`build/`), React Router, React (with React DOM's server renderer), the database drivers (Kysely, better-sqlite3, pg, with SQLite's own work), compression (Node's zlib and `compression`), Node itself (HTTP, streams, buffers, timers), other libraries (Express, pino, zod, date-fns…), garbage collection and V8's unattributed time. Native frames count for the JavaScript that called them. The shares are the profile's; the milliseconds apply them to the row's CPU measured without the profiler. *Our code* is the time in our own functions (loaders, components, services); what React and React Router spend on the elements and links a page renders is theirs, and shrinks only with less rendered. A page is bounded by the other layers when, with our own functions at zero, it would still miss its target.",
    "",
    line(head),
    line(head.map(() => "---")),
    ...rows,
  ].join("\n");
}
