/**
 * Generates the site's local illustrations as WebP files (no network, no fonts, no text).
 *
 *   npx tsx scripts/generate-images.ts
 *
 * Every picture is drawn from code as SVG (flowers, leaves, vases, buckets, fields...) and
 * rendered with sharp. Flowers, colours and layout details derive from the file name
 * (keywords such as "tulip" or "wedding" first, then a hash). Within the blog and festival
 * sets, composition and palette are also balanced across the set so a grid of cards looks
 * varied. Card images (blog, festivals, the default photo) are also written 400 and 800 px wide
 * beside the 1200 px file ("<name>-400.webp", "<name>-800.webp"), for srcset. Reruns on the
 * same data produce byte-identical files; unchanged files are not rewritten. `/favicon.ico` is drawn from
 * public/favicon.svg (scripts/favicon-ico.ts).
 */
import { realpathSync } from "node:fs";
import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp, { type OutputInfo } from "sharp";
import { faviconIco } from "./favicon-ico";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC_DIR = path.join(ROOT, "public");
const WEBP_OPTIONS = { quality: 78, effort: 5 } as const;

// ───────────────────────────── Deterministic randomness ─────────────────────────────

/** FNV-1a, 32 bits. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for art. */
class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  sign(): 1 | -1 {
    return this.next() < 0.5 ? -1 : 1;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick() from an empty list");
    return item;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

// ───────────────────────────── Colour ─────────────────────────────

type Rgb = readonly [number, number, number];

function hexToRgb(hex: string): Rgb {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function rgbToHex(rgb: Rgb): string {
  const channel = (c: number): string =>
    Math.round(Math.min(255, Math.max(0, c)))
      .toString(16)
      .padStart(2, "0");
  return `#${rgb.map(channel).join("")}`;
}

function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  return rgbToHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

const lighten = (color: string, t: number): string => mix(color, "#ffffff", t);
const darken = (color: string, t: number): string => mix(color, "#24101b", t);

/** A flower or foliage colour ramp, from highlight to shadow. */
interface Hue {
  readonly light: string;
  readonly mid: string;
  readonly dark: string;
}

const hue = (light: string, mid: string, dark: string): Hue => ({ light, mid, dark });

const HUES = {
  rose: hue("#fecdd3", "#fb7185", "#e11d48"),
  crimson: hue("#fb7185", "#e11d48", "#9f1239"),
  blush: hue("#fff6f4", "#fde4e1", "#f2aaa3"),
  plum: hue("#e3a6c4", "#a8447a", "#6b2147"),
  gold: hue("#fde68a", "#fbbf24", "#f59e0b"),
  butter: hue("#fffbe6", "#fdeeb0", "#f3cb5a"),
  cream: hue("#ffffff", "#fdf8f3", "#e6d3bf"),
  peach: hue("#ffe9de", "#fdbb9c", "#ec8767"),
  lavender: hue("#ece2f8", "#b9a2dc", "#7d5aa8"),
  bluebonnet: hue("#dbe4ff", "#7b93e0", "#3f56b0"),
} as const satisfies Record<string, Hue>;

const GREENS = {
  forest: hue("#5f9c6e", "#2f7d49", "#166534"),
  sage: hue("#c6d8c8", "#84a98c", "#58806a"),
  eucalyptus: hue("#d3e3dc", "#9ebfb3", "#6a9385"),
  olive: hue("#bcc790", "#8b9b5c", "#5c6b3a"),
} as const satisfies Record<string, Hue>;

const SUNFLOWER = hue("#fde68a", "#fbbf24", "#e48a0b");
const BARK = "#5b3a3a";

type PaletteName = "blush" | "cream" | "sage" | "rosewater" | "terracotta" | "plum" | "forest";

interface Palette {
  readonly name: PaletteName;
  /** Background gradient, top-left to bottom-right. */
  readonly bg: readonly [string, string];
  /** Soft light patches on the paper. */
  readonly blobs: readonly string[];
  readonly table: string;
  readonly shadow: string;
  readonly dark: boolean;
  readonly flowers: readonly Hue[];
  readonly greens: readonly Hue[];
  readonly vases: readonly Hue[];
  /** Sky gradient for outdoor scenes, top to horizon. */
  readonly sky: readonly [string, string];
}

const PALETTES: Record<PaletteName, Palette> = {
  blush: {
    name: "blush",
    bg: ["#fdf8f3", "#fde4e1"],
    blobs: ["#ffffff", "#fbd3cd", "#fff0e6"],
    table: "#f4d9d1",
    shadow: "#7a3b4f",
    dark: false,
    flowers: [HUES.rose, HUES.blush, HUES.cream, HUES.plum, HUES.crimson],
    greens: [GREENS.sage, GREENS.forest, GREENS.eucalyptus],
    vases: [HUES.cream, HUES.plum, GREENS.sage, HUES.rose],
    sky: ["#fbd9d4", "#fdf3e9"],
  },
  cream: {
    name: "cream",
    bg: ["#fffaf3", "#f6e9d8"],
    blobs: ["#ffffff", "#fde9c6", "#fde4e1"],
    table: "#ead8c2",
    shadow: "#6b4a2f",
    dark: false,
    flowers: [HUES.gold, HUES.cream, HUES.rose, HUES.peach, HUES.butter],
    greens: [GREENS.forest, GREENS.olive, GREENS.sage],
    vases: [HUES.rose, GREENS.sage, HUES.plum, HUES.cream],
    sky: ["#fde7c8", "#fff8ee"],
  },
  sage: {
    name: "sage",
    bg: ["#f1f5ec", "#dce8da"],
    blobs: ["#ffffff", "#eef3e6", "#cfe0cf"],
    table: "#c9d8c6",
    shadow: "#2c4a36",
    dark: false,
    flowers: [HUES.rose, HUES.blush, HUES.cream, HUES.crimson, HUES.peach],
    greens: [GREENS.forest, GREENS.sage, GREENS.olive],
    vases: [HUES.cream, HUES.blush, HUES.plum],
    sky: ["#dbe8dc", "#f7f5ea"],
  },
  rosewater: {
    name: "rosewater",
    bg: ["#fff1f2", "#fdcdd3"],
    blobs: ["#ffffff", "#ffe4e6", "#fbb6c0"],
    table: "#f6bac3",
    shadow: "#7f1d3a",
    dark: false,
    flowers: [HUES.cream, HUES.crimson, HUES.plum, HUES.gold, HUES.blush],
    greens: [GREENS.forest, GREENS.sage],
    vases: [HUES.cream, HUES.plum, HUES.gold],
    sky: ["#fecdd3", "#fff1f2"],
  },
  terracotta: {
    name: "terracotta",
    bg: ["#fcefe4", "#f4d4bd"],
    blobs: ["#fff8f1", "#fde4e1", "#f6c8a8"],
    table: "#e9bea0",
    shadow: "#6e3520",
    dark: false,
    flowers: [HUES.peach, HUES.crimson, HUES.gold, HUES.plum, HUES.cream],
    greens: [GREENS.olive, GREENS.forest, GREENS.sage],
    vases: [HUES.cream, HUES.plum, GREENS.sage],
    sky: ["#f8d2b8", "#fdf1e4"],
  },
  plum: {
    name: "plum",
    bg: ["#7a2752", "#3f1029"],
    blobs: ["#8f3563", "#5a1a3b", "#a14a76"],
    table: "#55193a",
    shadow: "#14040c",
    dark: true,
    flowers: [HUES.blush, HUES.rose, HUES.gold, HUES.cream, HUES.peach],
    greens: [GREENS.sage, GREENS.eucalyptus, GREENS.olive],
    vases: [HUES.cream, HUES.gold, HUES.blush],
    sky: ["#5a1a3b", "#c0587f"],
  },
  forest: {
    name: "forest",
    bg: ["#235f3f", "#0f3a24"],
    blobs: ["#2f7350", "#124429", "#3d7f5a"],
    table: "#174a2f",
    shadow: "#03140a",
    dark: true,
    flowers: [HUES.rose, HUES.cream, HUES.gold, HUES.blush, HUES.crimson],
    greens: [GREENS.sage, GREENS.eucalyptus, GREENS.olive],
    vases: [HUES.cream, HUES.rose, HUES.blush],
    sky: ["#1f5a3a", "#9cc5a4"],
  },
};

// ───────────────────────────── SVG building ─────────────────────────────

interface Point {
  readonly x: number;
  readonly y: number;
}

/** [offset 0..1, colour, opacity?] */
type Stop = readonly [number, string, number?];
type Attrs = Readonly<Record<string, string | number | undefined>>;

const num = (v: number): string => String(Math.round(v * 100) / 100);

/** Tagged template for path data: interpolated numbers are rounded. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  let out = strings[0] ?? "";
  values.forEach((v, i) => {
    out += num(v) + (strings[i + 1] ?? "");
  });
  return out;
}

function attrs(a: Attrs): string {
  let out = "";
  for (const [key, value] of Object.entries(a)) {
    if (value !== undefined) out += ` ${key}="${typeof value === "number" ? num(value) : value}"`;
  }
  return out;
}

const el = {
  path: (data: string, a: Attrs = {}): string => `<path d="${data}"${attrs(a)}/>`,
  circle: (cx: number, cy: number, r: number, a: Attrs = {}): string => `<circle${attrs({ cx, cy, r, ...a })}/>`,
  ellipse: (cx: number, cy: number, rx: number, ry: number, a: Attrs = {}): string => `<ellipse${attrs({ cx, cy, rx, ry, ...a })}/>`,
  rect: (x: number, y: number, width: number, height: number, a: Attrs = {}): string => `<rect${attrs({ x, y, width, height, ...a })}/>`,
  group: (body: string, a: Attrs = {}): string => `<g${attrs(a)}>${body}</g>`,
};

interface Place {
  readonly x: number;
  readonly y: number;
  readonly rotate?: number;
  readonly scale?: number;
  /** Extra vertical scale in screen space (a flower seen slightly from the side). */
  readonly squash?: number;
}

/** Places a drawing made around the origin. */
function at(p: Place, body: string): string {
  const parts = [`translate(${num(p.x)} ${num(p.y)})`];
  const s = p.scale ?? 1;
  const sy = s * (p.squash ?? 1);
  if (s !== 1 || sy !== s) parts.push(`scale(${s.toFixed(4)} ${sy.toFixed(4)})`);
  if (p.rotate) parts.push(`rotate(${num(p.rotate)})`);
  return `<g transform="${parts.join(" ")}">${body}</g>`;
}

/** Collects <defs> (gradients, filters, clip paths), deduplicated by content. */
class Svg {
  private readonly defs: string[] = [];
  private readonly cache = new Map<string, string>();

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Linear gradient in bounding-box units; by default from bottom (0) to top (1). */
  linear(stops: readonly Stop[], x1 = 0, y1 = 1, x2 = 0, y2 = 0): string {
    return this.define(
      `L${x1},${y1},${x2},${y2}|${stops.join(";")}`,
      (id) => `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopTags(stops)}</linearGradient>`,
    );
  }

  /** Horizontal gradient, left to right. */
  across(stops: readonly Stop[]): string {
    return this.linear(stops, 0, 0, 1, 0);
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    return this.define(
      `R${cx},${cy},${r},${fx},${fy}|${stops.join(";")}`,
      (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopTags(stops)}</radialGradient>`,
    );
  }

  blur(deviation: number): string {
    return this.define(
      `B${deviation}`,
      (id) => `<filter id="${id}" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
    );
  }

  clip(body: string): string {
    return this.define(`C${body}`, (id) => `<clipPath id="${id}">${body}</clipPath>`);
  }

  render(body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" ` +
      `viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join("")}</defs>${body}</svg>`
    );
  }

  private define(key: string, build: (id: string) => string): string {
    const known = this.cache.get(key);
    if (known) return known;
    const id = `d${this.cache.size}`;
    this.defs.push(build(id));
    const ref = `url(#${id})`;
    this.cache.set(key, ref);
    return ref;
  }
}

function stopTags(stops: readonly Stop[]): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? "" : ` stop-opacity="${opacity}"`}/>`,
    )
    .join("");
}

// ───────────────────────────── Geometry helpers ─────────────────────────────

const rad = (deg: number): number => (deg * Math.PI) / 180;
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Rotation (degrees) that turns an "up" drawing to point along (dx, dy). */
const headingOf = (dx: number, dy: number): number => (Math.atan2(dx, -dy) * 180) / Math.PI;

function quadPoint(p0: Point, p1: Point, p2: Point, t: number): Point {
  const u = 1 - t;
  return {
    x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
    y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y,
  };
}

function quadHeading(p0: Point, p1: Point, p2: Point, t: number): number {
  const dx = 2 * (1 - t) * (p1.x - p0.x) + 2 * t * (p2.x - p1.x);
  const dy = 2 * (1 - t) * (p1.y - p0.y) + 2 * t * (p2.y - p1.y);
  return headingOf(dx, dy);
}

/** Rejection sampling with a minimum spacing (a cheap Poisson disc). */
function scatter(count: number, minDist: number, sample: () => Point): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < count * 60 && points.length < count; i++) {
    const p = sample();
    if (points.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= minDist)) points.push(p);
  }
  return points;
}

function inEllipse(rnd: Random, cx: number, cy: number, rx: number, ry: number): Point {
  const a = rnd.range(0, Math.PI * 2);
  const r = Math.sqrt(rnd.next());
  return { x: cx + Math.cos(a) * rx * r, y: cy + Math.sin(a) * ry * r };
}

// ───────────────────────────── Petals and flower heads ─────────────────────────────
// Flower heads are drawn facing the viewer around the origin with a radius of about 100.

type PetalShape = "round" | "point" | "ruffle" | "notch";

/** A petal from its base at the origin to its tip at (0, -len); `w` is its half width. */
function petalPath(shape: PetalShape, len: number, w: number): string {
  const l = len;
  switch (shape) {
    case "point":
      return d`M0 0C${w * 0.95} ${-l * 0.22} ${w * 0.75} ${-l * 0.72} 0 ${-l}C${-w * 0.75} ${-l * 0.72} ${-w * 0.95} ${-l * 0.22} 0 0Z`;
    case "ruffle":
      return (
        d`M0 0C${w * 0.6} ${-l * 0.1} ${w} ${-l * 0.45} ${w * 0.85} ${-l * 0.78}` +
        d`Q${w * 0.7} ${-l * 1.02} ${w * 0.32} ${-l * 0.94}Q0 ${-l * 1.07} ${-w * 0.32} ${-l * 0.94}Q${-w * 0.7} ${-l * 1.02} ${-w * 0.85} ${-l * 0.78}` +
        d`C${-w} ${-l * 0.45} ${-w * 0.6} ${-l * 0.1} 0 0Z`
      );
    case "notch":
      return (
        d`M0 0C${w * 0.6} ${-l * 0.1} ${w} ${-l * 0.5} ${w * 0.8} ${-l * 0.84}` +
        d`C${w * 0.6} ${-l * 1.04} ${w * 0.22} ${-l * 1.04} 0 ${-l * 0.9}C${-w * 0.22} ${-l * 1.04} ${-w * 0.6} ${-l * 1.04} ${-w * 0.8} ${-l * 0.84}` +
        d`C${-w} ${-l * 0.5} ${-w * 0.6} ${-l * 0.1} 0 0Z`
      );
    case "round":
      return (
        d`M0 0C${w * 0.55} ${-l * 0.08} ${w} ${-l * 0.45} ${w * 0.8} ${-l * 0.8}` +
        d`C${w * 0.55} ${-l * 1.04} ${-w * 0.55} ${-l * 1.04} ${-w * 0.8} ${-l * 0.8}` +
        d`C${-w} ${-l * 0.45} ${-w * 0.55} ${-l * 0.08} 0 0Z`
      );
  }
}

interface RingSpec {
  readonly count: number;
  readonly len: number;
  readonly width: number;
  readonly shape: PetalShape;
  readonly fill: string;
  readonly offset: number;
  readonly jitter?: number;
  /** Light edge line that separates overlapping petals. */
  readonly edge?: string;
}

function petalRing(rnd: Random, ring: RingSpec): string {
  let out = "";
  for (let i = 0; i < ring.count; i++) {
    const angle = ring.offset + (i * 360) / ring.count + rnd.range(-1, 1) * (ring.jitter ?? 4);
    const len = ring.len * rnd.range(0.93, 1.04);
    out += el.path(petalPath(ring.shape, len, ring.width), {
      fill: ring.fill,
      transform: `rotate(${num(angle)})`,
      stroke: ring.edge,
      "stroke-width": ring.edge ? 1.6 : undefined,
      "stroke-opacity": ring.edge ? 0.55 : undefined,
    });
  }
  return out;
}

/** Petal gradient: shadowed base, lit tip. */
function petalFill(c: Svg, base: string, middle: string, tip: string): string {
  return c.linear([
    [0, base],
    [0.55, middle],
    [1, tip],
  ]);
}

/** Dotted ring (stamens, seeds) drawn with a dash pattern. */
function dottedRing(r: number, color: string, size: number, gap: number, opacity = 1): string {
  return el.circle(0, 0, r, {
    fill: "none",
    stroke: color,
    "stroke-width": size,
    "stroke-dasharray": `0.1 ${gap}`,
    "stroke-linecap": "round",
    opacity,
  });
}

/** Semicircle spiral, the heart of a rose. */
function spiralPath(turns: number, step: number): string {
  let out = "M0 0";
  let x = 0;
  let r = step / 2;
  for (let i = 0; i < turns * 2; i++) {
    const nx = i % 2 === 0 ? x + 2 * r : x - 2 * r;
    out += d`A${r} ${r} 0 0 1 ${nx} 0`;
    x = nx;
    r += step / 2;
  }
  return out;
}

type HeadKind =
  | "rose"
  | "peony"
  | "daisy"
  | "sunflower"
  | "anemone"
  | "poppy"
  | "ranunculus"
  | "dahlia"
  | "hydrangea"
  | "lily"
  | "daffodil"
  | "blossom"
  | "plumeria";

type HeadPainter = (c: Svg, rnd: Random, h: Hue) => string;

function rose(c: Svg, rnd: Random, h: Hue): string {
  const layers = [
    [5, 100, 64],
    [5, 80, 54],
    [4, 60, 44],
    [3, 40, 32],
  ] as const;
  let offset = rnd.range(0, 72);
  let out = "";
  layers.forEach(([count, len, width], i) => {
    const t = i / layers.length;
    const fill = petalFill(c, darken(h.dark, 0.1 + t * 0.25), mix(h.mid, h.dark, t * 0.5), mix(h.light, h.mid, t * 0.45));
    out += petalRing(rnd, { count, len, width, shape: "round", fill, offset, jitter: 8, edge: lighten(h.light, 0.4) });
    offset += 180 / count + rnd.range(-12, 12);
  });
  out += el.circle(0, 0, 17, { fill: darken(h.dark, 0.12) });
  out += el.path(spiralPath(2.5, 7), {
    fill: "none",
    stroke: lighten(h.light, 0.3),
    "stroke-width": 3.2,
    "stroke-linecap": "round",
    transform: `rotate(${num(rnd.range(0, 360))}) translate(-2 0)`,
    opacity: 0.75,
  });
  return out;
}

function peony(c: Svg, rnd: Random, h: Hue): string {
  const layers = [
    [9, 100, 44],
    [8, 86, 42],
    [8, 71, 38],
    [7, 56, 32],
    [6, 41, 26],
    [5, 27, 19],
  ] as const;
  let offset = rnd.range(0, 40);
  let out = "";
  layers.forEach(([count, len, width], i) => {
    const t = i / (layers.length - 1);
    const fill = petalFill(c, mix(h.mid, h.dark, 0.25 + t * 0.45), mix(h.light, h.mid, 0.2 + t * 0.6), lighten(h.light, 0.5 - t * 0.4));
    out += petalRing(rnd, { count, len, width, shape: "ruffle", fill, offset, jitter: 10, edge: lighten(h.light, 0.6) });
    offset += 180 / count + rnd.range(-15, 15);
  });
  for (let i = 0; i < 6; i++) {
    const a = rad(rnd.range(0, 360));
    out += el.circle(Math.cos(a) * 9, Math.sin(a) * 9, 3.2, { fill: HUES.gold.mid });
  }
  return out;
}

function daisy(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 20);
  let out = petalRing(rnd, { count: 21, len: 98, width: 11, shape: "round", fill: petalFill(c, h.dark, h.mid, h.mid), offset, jitter: 3 });
  out += petalRing(rnd, {
    count: 19,
    len: 88,
    width: 10.5,
    shape: "round",
    fill: petalFill(c, h.mid, h.light, lighten(h.light, 0.5)),
    offset: offset + 9,
    jitter: 3,
  });
  out += el.circle(0, 0, 25, {
    fill: c.radial([
      [0, HUES.gold.light],
      [0.65, HUES.gold.mid],
      [1, "#d97706"],
    ]),
  });
  out += dottedRing(18, "#b45309", 4, 6.5, 0.75) + dottedRing(10, "#b45309", 3.5, 6, 0.6);
  return out;
}

function sunflower(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 20);
  let out = petalRing(rnd, {
    count: 24,
    len: 100,
    width: 17,
    shape: "point",
    fill: petalFill(c, darken(h.dark, 0.15), h.dark, h.mid),
    offset,
    jitter: 4,
  });
  out += petalRing(rnd, {
    count: 22,
    len: 88,
    width: 15,
    shape: "point",
    fill: petalFill(c, h.dark, h.mid, h.light),
    offset: offset + 8,
    jitter: 4,
  });
  out += el.circle(0, 0, 45, {
    fill: c.radial([
      [0, "#7a4516"],
      [0.7, "#4a2510"],
      [1, "#2f170a"],
    ]),
  });
  out += dottedRing(38, "#a16207", 5, 9, 0.7) + dottedRing(29, "#854d0e", 5, 8, 0.8);
  out += dottedRing(20, "#a16207", 4.5, 7.5, 0.7) + dottedRing(11, "#ca8a04", 4, 7, 0.6);
  return out;
}

function anemone(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 60);
  const back = petalFill(c, mix(h.mid, h.dark, 0.3), h.mid, h.light);
  const front = petalFill(c, h.mid, h.light, lighten(h.light, 0.6));
  let out = petalRing(rnd, { count: 3, len: 98, width: 64, shape: "round", fill: back, offset: offset + 60, jitter: 6 });
  out += petalRing(rnd, { count: 3, len: 94, width: 62, shape: "round", fill: front, offset, jitter: 6, edge: "#ffffff" });
  out += el.circle(0, 0, 27, { fill: "#2b1322" });
  out += dottedRing(35, "#2b1322", 5, 8, 0.9) + dottedRing(15, "#6b2147", 4, 6, 0.9);
  return out;
}

function poppy(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 90);
  let out = petalRing(rnd, {
    count: 2,
    len: 100,
    width: 80,
    shape: "round",
    fill: petalFill(c, h.dark, h.mid, h.mid),
    offset: offset + 90,
    jitter: 5,
  });
  out += petalRing(rnd, {
    count: 2,
    len: 94,
    width: 76,
    shape: "round",
    fill: petalFill(c, darken(h.dark, 0.1), h.mid, h.light),
    offset,
    jitter: 5,
    edge: h.light,
  });
  for (let i = 0; i < 7; i++) {
    out += el.path(d`M0 -30Q${rnd.range(-12, 12)} -60 ${rnd.range(-20, 20)} -86`, {
      fill: "none",
      stroke: h.dark,
      "stroke-width": 2,
      opacity: 0.3,
      transform: `rotate(${num(i * 51 + rnd.range(0, 20))})`,
    });
  }
  out += dottedRing(28, "#2b1322", 5, 6.5, 0.9);
  out += el.circle(0, 0, 19, {
    fill: c.radial([
      [0, "#a3b18a"],
      [1, "#55683a"],
    ]),
  });
  out += el.path("M-14 0H14M0 -14V14M-10 -10L10 10M-10 10L10 -10", { stroke: "#2b1322", "stroke-width": 2.4, opacity: 0.6 });
  return out;
}

/** A circle with a scalloped (petal-edged) rim. */
function scallopPath(r: number, lobes: number, phase: number): string {
  const step = (Math.PI * 2) / lobes;
  const bump = r * Math.sin(step / 2) * 1.15;
  let out = d`M${Math.cos(phase) * r} ${Math.sin(phase) * r}`;
  for (let i = 1; i <= lobes; i++) {
    const a = phase + i * step;
    out += d`A${bump} ${bump} 0 0 1 ${Math.cos(a) * r} ${Math.sin(a) * r}`;
  }
  return out + "Z";
}

function ranunculus(c: Svg, rnd: Random, h: Hue): string {
  let out = "";
  const rings = 8;
  for (let k = 0; k < rings; k++) {
    const r = 92 - k * 10.5;
    const t = k / (rings - 1);
    const tone = mix(h.light, h.mid, 0.15 + t * 0.6);
    out += el.path(scallopPath(r, Math.max(6, 13 - k), rnd.range(0, Math.PI)), {
      fill: c.linear([
        [0, darken(tone, 0.1)],
        [0.6, tone],
        [1, lighten(tone, 0.35)],
      ]),
      stroke: lighten(h.light, 0.6),
      "stroke-width": 1.8,
      "stroke-opacity": 0.7,
      transform: `translate(${num(rnd.range(-2, 2))} ${num(-k * 2.4)})`,
    });
  }
  out += el.circle(0, -rings * 2.4, 8, { fill: "#9aac72" });
  return out;
}

function dahlia(c: Svg, rnd: Random, h: Hue): string {
  const layers = [
    [16, 100, 15],
    [16, 86, 14],
    [14, 72, 13],
    [12, 58, 12],
    [10, 44, 11],
    [8, 30, 9],
  ] as const;
  let offset = rnd.range(0, 22);
  let out = "";
  layers.forEach(([count, len, width], i) => {
    const t = i / (layers.length - 1);
    const fill = petalFill(c, darken(h.dark, 0.1 + t * 0.2), mix(h.mid, h.dark, t * 0.4), mix(h.light, h.mid, t * 0.5));
    out += petalRing(rnd, { count, len, width, shape: "point", fill, offset, jitter: 2, edge: lighten(h.light, 0.5) });
    offset += 180 / count;
  });
  out += el.circle(0, 0, 11, {
    fill: c.radial([
      [0, HUES.gold.mid],
      [1, darken(h.dark, 0.3)],
    ]),
  });
  return out;
}

function hydrangea(c: Svg, rnd: Random, h: Hue): string {
  const florets = 19;
  const tones = [h.light, mix(h.light, h.mid, 0.45), h.mid].map((tone) => petalFill(c, darken(tone, 0.15), tone, lighten(tone, 0.45)));
  let out = el.circle(0, 0, 74, {
    fill: c.radial([
      [0, h.dark],
      [1, darken(h.dark, 0.2)],
    ]),
  });
  for (let i = florets - 1; i >= 0; i--) {
    const r = 72 * Math.sqrt((i + 0.5) / florets);
    const a = rad(i * 137.508);
    const fill = rnd.pick(tones);
    const body = petalRing(rnd, {
      count: 4,
      len: 30,
      width: 21,
      shape: "notch",
      fill,
      offset: rnd.range(0, 90),
      jitter: 8,
      edge: "#ffffff",
    });
    out += at({ x: Math.cos(a) * r, y: Math.sin(a) * r, scale: rnd.range(0.85, 1.08) }, body + el.circle(0, 0, 4, { fill: h.dark }));
  }
  return out;
}

function lily(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 60);
  let out = petalRing(rnd, {
    count: 3,
    len: 100,
    width: 32,
    shape: "point",
    fill: petalFill(c, h.dark, h.mid, h.light),
    offset: offset + 60,
    jitter: 5,
  });
  out += petalRing(rnd, {
    count: 3,
    len: 96,
    width: 30,
    shape: "point",
    fill: petalFill(c, h.mid, h.light, lighten(h.light, 0.5)),
    offset,
    jitter: 5,
    edge: "#ffffff",
  });
  for (let i = 0; i < 6; i++) {
    const a = offset + i * 60;
    out += el.path("M0 -12L0 -78", {
      stroke: h.dark,
      "stroke-width": 3,
      opacity: 0.35,
      transform: `rotate(${num(a)})`,
      "stroke-linecap": "round",
    });
    for (let k = 0; k < 3; k++) {
      out += el.circle(rnd.range(-6, 6), -22 - k * 9, 2.2, { fill: darken(h.dark, 0.3), opacity: 0.6, transform: `rotate(${num(a)})` });
    }
  }
  for (let i = 0; i < 6; i++) {
    const a = rnd.range(0, 360);
    out += el.path("M0 0L0 -52", { stroke: "#b5c27a", "stroke-width": 2.4, transform: `rotate(${num(a)})` });
    out += el.ellipse(0, -55, 4, 9, { fill: "#9a3412", transform: `rotate(${num(a)})` });
  }
  out += el.circle(0, 0, 8, { fill: "#c5d36d" });
  return out;
}

function daffodil(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 60);
  let out = petalRing(rnd, {
    count: 3,
    len: 98,
    width: 40,
    shape: "point",
    fill: petalFill(c, h.dark, h.mid, h.light),
    offset: offset + 60,
    jitter: 5,
  });
  out += petalRing(rnd, {
    count: 3,
    len: 96,
    width: 38,
    shape: "point",
    fill: petalFill(c, h.mid, h.light, lighten(h.light, 0.5)),
    offset,
    jitter: 5,
    edge: "#ffffff",
  });
  out += el.circle(0, 0, 38, {
    fill: c.radial([
      [0, "#d97706"],
      [0.75, HUES.gold.mid],
      [1, HUES.gold.light],
    ]),
  });
  out += el.circle(0, 0, 38, { fill: "none", stroke: HUES.gold.light, "stroke-width": 5, "stroke-dasharray": "7 4" });
  out += el.circle(0, 0, 21, { fill: "#c2410c", opacity: 0.55 });
  out += dottedRing(8, "#7c2d12", 3.5, 6);
  return out;
}

function blossom(c: Svg, rnd: Random, h: Hue): string {
  const fill = petalFill(c, h.mid, h.light, lighten(h.light, 0.7));
  let out = petalRing(rnd, { count: 5, len: 100, width: 58, shape: "notch", fill, offset: rnd.range(0, 72), jitter: 5, edge: "#ffffff" });
  let filaments = "";
  for (let i = 0; i < 10; i++) {
    const a = rad(i * 36 + rnd.range(-8, 8));
    filaments += d`M0 0L${Math.cos(a) * 40} ${Math.sin(a) * 40}`;
  }
  out += el.path(filaments, { stroke: h.dark, "stroke-width": 2, opacity: 0.6 });
  out += dottedRing(40, HUES.gold.dark, 7, 12.5, 0.9);
  out += el.circle(0, 0, 11, { fill: h.dark, opacity: 0.8 });
  return out;
}

/** Plumeria (frangipani): five twisted petals, warm at the heart. */
function plumeria(c: Svg, rnd: Random, h: Hue): string {
  const fill = petalFill(c, HUES.gold.mid, lighten(HUES.gold.light, 0.5), h.light);
  const offset = rnd.range(0, 72);
  let out = "";
  for (let i = 0; i < 5; i++) {
    const body = el.path(petalPath("round", 100, 46), { fill, stroke: h.mid, "stroke-width": 1.6, "stroke-opacity": 0.6 });
    out += el.group(body, { transform: `rotate(${num(offset + i * 72)}) translate(14 0) rotate(16)` });
  }
  return out + el.circle(0, 0, 12, { fill: HUES.gold.dark, opacity: 0.85 });
}

const HEADS: Record<HeadKind, HeadPainter> = {
  rose,
  peony,
  daisy,
  sunflower,
  anemone,
  poppy,
  ranunculus,
  dahlia,
  hydrangea,
  lily,
  daffodil,
  blossom,
  plumeria,
};

/** Side view tulip; the cup sits on the origin and rises to y = -108. */
function tulipHead(c: Svg, h: Hue): string {
  const back = d`M-40 -30C-44 -70 -34 -96 -22 -104L-6 -84L8 -104L22 -86L30 -102C42 -80 44 -60 40 -30C36 0 -36 0 -40 -30Z`;
  const front = d`M-34 -22C-40 -60 -22 -92 0 -108C22 -92 40 -60 34 -22C28 4 -28 4 -34 -22Z`;
  const shade = d`M0 -108C22 -92 40 -60 34 -22C28 4 0 4 0 4Z`;
  return (
    el.path(back, { fill: petalFill(c, darken(h.dark, 0.2), h.dark, h.mid) }) +
    el.path(front, {
      fill: petalFill(c, h.dark, h.mid, h.light),
      stroke: lighten(h.light, 0.4),
      "stroke-width": 1.6,
      "stroke-opacity": 0.5,
    }) +
    el.path(shade, { fill: darken(h.dark, 0.3), opacity: 0.16 })
  );
}

// ───────────────────────────── Foliage, stems and spikes ─────────────────────────────
// These grow from the origin upwards, with sizes in the caller's units.

function stem(p0: Point, p1: Point, p2: Point, width: number, color: string): string {
  return el.path(d`M${p0.x} ${p0.y}Q${p1.x} ${p1.y} ${p2.x} ${p2.y}`, {
    fill: "none",
    stroke: color,
    "stroke-width": width,
    "stroke-linecap": "round",
  });
}

/** A leaf from its base at the origin to its tip at (0, -len). */
function leaf(c: Svg, h: Hue, len: number, width: number): string {
  const w = width;
  const outline = d`M0 0C${w} ${-len * 0.2} ${w * 0.85} ${-len * 0.7} 0 ${-len}C${-w * 0.85} ${-len * 0.7} ${-w} ${-len * 0.2} 0 0Z`;
  const half = d`M0 0C${w} ${-len * 0.2} ${w * 0.85} ${-len * 0.7} 0 ${-len}Z`;
  const rib = d`M0 ${-len * 0.04}Q${w * 0.1} ${-len * 0.5} 0 ${-len * 0.9}`;
  return (
    el.path(outline, { fill: petalFill(c, h.dark, h.mid, h.light) }) +
    el.path(half, { fill: h.dark, opacity: 0.28 }) +
    el.path(rib, { fill: "none", stroke: lighten(h.light, 0.3), "stroke-width": Math.max(1, len / 70), opacity: 0.55 })
  );
}

interface Sprig {
  readonly p0: Point;
  readonly p1: Point;
  readonly p2: Point;
}

function sprigCurve(rnd: Random, len: number): Sprig {
  const bend = rnd.range(-0.28, 0.28) * len;
  return { p0: { x: 0, y: 0 }, p1: { x: bend * 0.1, y: -len * 0.55 }, p2: { x: bend, y: -len } };
}

function leafyBranch(c: Svg, rnd: Random, h: Hue, len: number): string {
  const curve = sprigCurve(rnd, len);
  const count = rnd.int(5, 7);
  const leafLen = len * rnd.range(0.26, 0.34);
  let out = stem(curve.p0, curve.p1, curve.p2, Math.max(1.5, len / 90), h.dark);
  for (let i = 0; i < count; i++) {
    const t = 0.22 + (0.72 * i) / count;
    const p = quadPoint(curve.p0, curve.p1, curve.p2, t);
    const heading = quadHeading(curve.p0, curve.p1, curve.p2, t);
    const side = i % 2 === 0 ? 1 : -1;
    const size = leafLen * (1 - t * 0.4);
    out += at({ x: p.x, y: p.y, rotate: heading + side * rnd.range(35, 55) }, leaf(c, h, size, size * 0.36));
  }
  const tip = quadHeading(curve.p0, curve.p1, curve.p2, 1);
  out += at({ x: curve.p2.x, y: curve.p2.y, rotate: tip }, leaf(c, h, leafLen * 0.7, leafLen * 0.25));
  return out;
}

function eucalyptus(c: Svg, rnd: Random, h: Hue, len: number): string {
  const curve = sprigCurve(rnd, len);
  const pairs = rnd.int(6, 8);
  let out = stem(curve.p0, curve.p1, curve.p2, Math.max(1.5, len / 110), "#8b6f6a");
  for (let i = 0; i < pairs; i++) {
    const t = 0.16 + (0.84 * i) / pairs;
    const p = quadPoint(curve.p0, curve.p1, curve.p2, t);
    const heading = rad(quadHeading(curve.p0, curve.p1, curve.p2, t));
    const r = len * 0.085 * (1 - t * 0.5);
    for (const side of [-1, 1]) {
      const nx = Math.cos(heading) * side * r * 0.85;
      const ny = Math.sin(heading) * side * r * 0.85;
      const tone = side === 1 ? h.mid : mix(h.light, h.mid, 0.4);
      out += el.circle(p.x + nx, p.y + ny, r, {
        fill: c.radial(
          [
            [0, lighten(tone, 0.2)],
            [1, darken(tone, 0.08)],
          ],
          0.4,
          0.35,
          0.7,
        ),
        stroke: h.dark,
        "stroke-width": Math.max(0.8, r / 10),
        "stroke-opacity": 0.35,
      });
    }
  }
  return out;
}

function babysBreath(rnd: Random, len: number): string {
  const top: Point = { x: rnd.range(-0.1, 0.1) * len, y: -len * 0.55 };
  const stemWidth = Math.max(1, len / 170);
  let stems = stem({ x: 0, y: 0 }, { x: 0, y: -len * 0.3 }, top, stemWidth * 1.4, "#93a784");
  let dots = "";
  const branches = rnd.int(6, 8);
  for (let i = 0; i < branches; i++) {
    const a = rad(-70 + (140 * (i + rnd.range(0.2, 0.8))) / branches - 90);
    const l = len * rnd.range(0.3, 0.45);
    const end: Point = { x: top.x + Math.cos(a) * l, y: top.y + Math.sin(a) * l };
    stems += stem(top, { x: (top.x + end.x) / 2, y: (top.y + end.y) / 2 - l * 0.1 }, end, stemWidth, "#93a784");
    for (let k = 0; k < rnd.int(4, 7); k++) {
      dots += el.circle(end.x + rnd.range(-1, 1) * len * 0.045, end.y + rnd.range(-1, 1) * len * 0.045, len * rnd.range(0.016, 0.026), {
        fill: "#fffdf8",
        stroke: "#e7dccf",
        "stroke-width": Math.max(0.6, len / 300),
      });
    }
  }
  return stems + dots;
}

function berries(c: Svg, rnd: Random, color: string, len: number): string {
  const curve = sprigCurve(rnd, len);
  let out = stem(curve.p0, curve.p1, curve.p2, Math.max(1.2, len / 130), "#6f5a4f");
  const fill = c.radial(
    [
      [0, lighten(color, 0.45)],
      [0.6, color],
      [1, darken(color, 0.3)],
    ],
    0.35,
    0.35,
    0.7,
  );
  for (let i = 0; i < 4; i++) {
    const t = 0.45 + i * 0.18;
    const p = quadPoint(curve.p0, curve.p1, curve.p2, Math.min(1, t));
    const side = i % 2 === 0 ? 1 : -1;
    const end: Point = { x: p.x + side * len * 0.12, y: p.y - len * 0.08 };
    out += stem(p, { x: (p.x + end.x) / 2, y: p.y }, end, Math.max(1, len / 180), "#6f5a4f");
    for (let k = 0; k < 3; k++) {
      out += el.circle(end.x + rnd.range(-1, 1) * len * 0.035, end.y + rnd.range(-1, 1) * len * 0.035, len * 0.035, { fill });
    }
  }
  return out;
}

type SpikeKind = "lavender" | "larkspur" | "snapdragon";

/** A flowering spike (lavender, larkspur, snapdragon) of the given length. */
function spike(c: Svg, rnd: Random, h: Hue, len: number, kind: SpikeKind): string {
  const curve = sprigCurve(rnd, len);
  const count = kind === "lavender" ? 15 : kind === "larkspur" ? 10 : 9;
  const base = len * (kind === "lavender" ? 0.05 : 0.085);
  let florets = "";
  for (let i = count - 1; i >= 0; i--) {
    const t = 0.42 + (0.58 * i) / (count - 1);
    const p = quadPoint(curve.p0, curve.p1, curve.p2, t);
    const heading = quadHeading(curve.p0, curve.p1, curve.p2, t);
    const size = base * lerp(1, 0.5, (t - 0.42) / 0.58);
    florets += at({ x: p.x, y: p.y, rotate: heading, scale: size / 10 }, spikeFloret(c, rnd, h, kind, i));
  }
  return stem(curve.p0, curve.p1, curve.p2, Math.max(1.5, len / 110), GREENS.sage.dark) + florets;
}

/** One floret of a spike, about 10 units across. */
function spikeFloret(c: Svg, rnd: Random, h: Hue, kind: SpikeKind, index: number): string {
  const tone = index % 2 === 0 ? h.mid : mix(h.mid, h.dark, 0.5);
  switch (kind) {
    case "lavender":
      return (
        el.ellipse(-4, 0, 4, 7.5, { fill: tone, transform: "rotate(-25)" }) +
        el.ellipse(4, 0, 4, 7.5, { fill: mix(h.mid, h.light, 0.3), transform: "rotate(25)" }) +
        el.ellipse(0, -3, 3.5, 6.5, { fill: h.dark })
      );
    case "larkspur": {
      const fill = petalFill(c, h.dark, h.mid, h.light);
      const x = index % 2 === 0 ? -3 : 3;
      const floret = petalRing(rnd, { count: 5, len: 10, width: 6.5, shape: "round", fill, offset: 0, jitter: 4 });
      return at({ x, y: 0, rotate: rnd.range(0, 72) }, floret) + el.circle(x, 0, 2, { fill: "#ffffff", opacity: 0.85 });
    }
    case "snapdragon": {
      const fill = c.radial(
        [
          [0, h.light],
          [1, tone],
        ],
        0.4,
        0.3,
        0.7,
      );
      const x = index % 2 === 0 ? -3.5 : 3.5;
      return el.ellipse(x, 0, 7, 6, { fill }) + el.ellipse(x, 3.5, 5, 3.5, { fill: mix(h.mid, h.dark, 0.3) });
    }
  }
}

// ───────────────────────────── Vessels ─────────────────────────────
// Vessels stand on the origin; `back` goes behind the stems, `front` in front of them.

interface Layers {
  readonly back: string;
  readonly front: string;
}

type VaseDecor = "plain" | "band" | "dots" | "ribs";

function ceramicVase(c: Svg, rnd: Random, h: Hue, w: number, height: number): Layers {
  const mw = w * rnd.range(0.18, 0.26);
  const bw = w * 0.5;
  const fw = w * rnd.range(0.24, 0.32);
  const shoulder = height * rnd.range(0.38, 0.55);
  const body =
    d`M${-mw} ${-height}C${-mw} ${-height * 0.86} ${-bw} ${-shoulder - height * 0.28} ${-bw} ${-shoulder}` +
    d`C${-bw} ${-height * 0.12} ${-fw * 1.15} ${-height * 0.04} ${-fw} 0L${fw} 0` +
    d`C${fw * 1.15} ${-height * 0.04} ${bw} ${-height * 0.12} ${bw} ${-shoulder}` +
    d`C${bw} ${-shoulder - height * 0.28} ${mw} ${-height * 0.86} ${mw} ${-height}Z`;
  const fill = c.across([
    [0, lighten(h.light, 0.2)],
    [0.3, h.mid],
    [0.75, mix(h.mid, h.dark, 0.6)],
    [1, darken(h.dark, 0.15)],
  ]);
  const clip = c.clip(`<path d="${body}"/>`);
  const decor = vaseDecor(rnd, h, rnd.pick<VaseDecor>(["plain", "band", "dots", "ribs"]), w, height, shoulder);
  const highlight = el.path(d`M${-bw * 0.55} ${-shoulder - height * 0.12}Q${-bw * 0.7} ${-shoulder} ${-bw * 0.5} ${-height * 0.18}`, {
    fill: "none",
    stroke: "#ffffff",
    "stroke-width": w * 0.06,
    "stroke-linecap": "round",
    opacity: 0.35,
  });
  const back = el.ellipse(0, -height, mw * 1.05, mw * 0.28, { fill: darken(h.dark, 0.45) });
  const front =
    el.path(body, { fill }) +
    el.group(decor, { "clip-path": clip }) +
    highlight +
    el.ellipse(0, -height, mw * 1.05, mw * 0.28, { fill: "none", stroke: lighten(h.light, 0.3), "stroke-width": w * 0.025 });
  return { back, front };
}

function vaseDecor(rnd: Random, h: Hue, decor: VaseDecor, w: number, height: number, shoulder: number): string {
  const accent = rnd.pick([HUES.gold.mid, HUES.crimson.mid, GREENS.forest.dark, HUES.plum.dark, "#ffffff"]);
  switch (decor) {
    case "plain":
      return "";
    case "band":
      return (
        el.rect(-w, -shoulder - height * 0.05, w * 2, height * 0.1, { fill: accent, opacity: 0.75 }) +
        el.rect(-w, -shoulder + height * 0.08, w * 2, height * 0.025, { fill: accent, opacity: 0.6 })
      );
    case "dots": {
      let out = "";
      const step = w * 0.14;
      for (let y = -height + step; y < 0; y += step) {
        for (let x = -w / 2; x < w / 2; x += step) {
          out += el.circle(x + ((y / step) % 2 === 0 ? 0 : step / 2), y, w * 0.022, { fill: accent, opacity: 0.55 });
        }
      }
      return out;
    }
    case "ribs": {
      let out = "";
      for (let x = -w / 2; x < w / 2; x += w * 0.09) {
        out += el.path(d`M${x} ${-height}Q${x * 1.3} ${-shoulder} ${x * 0.8} 0`, {
          fill: "none",
          stroke: darken(h.dark, 0.2),
          "stroke-width": w * 0.012,
          opacity: 0.25,
        });
      }
      return out;
    }
  }
}

function glassVase(c: Svg, rnd: Random, tint: string, w: number, height: number): Layers {
  const round = rnd.chance(0.4);
  const body = round
    ? d`M${-w * 0.22} ${-height}C${-w * 0.22} ${-height * 0.8} ${-w * 0.5} ${-height * 0.75} ${-w * 0.5} ${-height * 0.4}` +
      d`C${-w * 0.5} ${-height * 0.1} ${-w * 0.3} 0 0 0C${w * 0.3} 0 ${w * 0.5} ${-height * 0.1} ${w * 0.5} ${-height * 0.4}` +
      d`C${w * 0.5} ${-height * 0.75} ${w * 0.22} ${-height * 0.8} ${w * 0.22} ${-height}Z`
    : d`M${-w * 0.4} ${-height}L${-w * 0.34} ${-w * 0.06}Q${-w * 0.33} 0 ${-w * 0.26} 0L${w * 0.26} 0Q${w * 0.33} 0 ${w * 0.34} ${-w * 0.06}L${w * 0.4} ${-height}Z`;
  const clip = c.clip(`<path d="${body}"/>`);
  const waterY = -height * 0.62;
  const front =
    el.path(body, { fill: lighten(tint, 0.5), opacity: 0.32 }) +
    el.group(
      el.rect(-w, waterY, w * 2, height, { fill: tint, opacity: 0.22 }) +
        el.rect(-w, waterY - 2, w * 2, 4, { fill: "#ffffff", opacity: 0.5 }),
      { "clip-path": clip },
    ) +
    el.path(body, { fill: "none", stroke: "#ffffff", "stroke-width": w * 0.022, opacity: 0.75 }) +
    el.path(d`M${-w * 0.24} ${-height * 0.85}L${-w * 0.2} ${-height * 0.15}`, {
      stroke: "#ffffff",
      "stroke-width": w * 0.045,
      "stroke-linecap": "round",
      opacity: 0.45,
    });
  return { back: "", front };
}

type BucketStyle = "zinc" | "enamel";

function bucket(c: Svg, style: BucketStyle, h: Hue, w: number, height: number): Layers {
  const top = w / 2;
  const bottom = w * 0.39;
  const body = d`M${-top} ${-height}L${top} ${-height}L${bottom} 0Q0 ${height * 0.04} ${-bottom} 0Z`;
  const fill =
    style === "zinc"
      ? c.across([
          [0, "#8c97a3"],
          [0.22, "#e8ecef"],
          [0.5, "#b9c2cb"],
          [0.8, "#8a95a1"],
          [1, "#c6ced6"],
        ])
      : c.across([
          [0, lighten(h.light, 0.3)],
          [0.3, h.mid],
          [0.8, mix(h.mid, h.dark, 0.6)],
          [1, h.dark],
        ]);
  const rim =
    style === "zinc"
      ? c.across([
          [0, "#a7b1bb"],
          [0.25, "#f4f6f8"],
          [1, "#98a3ae"],
        ])
      : c.across([
          [0, "#f4f6f8"],
          [0.5, "#d9dee3"],
          [1, "#a7b1bb"],
        ]);
  let ribs = "";
  for (const t of [0.3, 0.66]) {
    const y = -height * t;
    const half = lerp(bottom, top, t);
    ribs += el.path(d`M${-half} ${y}L${half} ${y}`, { stroke: "#ffffff", "stroke-width": w * 0.012, opacity: 0.45 });
    ribs += el.path(d`M${-half} ${y + w * 0.014}L${half} ${y + w * 0.014}`, { stroke: "#1f2937", "stroke-width": w * 0.01, opacity: 0.15 });
  }
  const back = el.ellipse(0, -height, top, w * 0.07, { fill: "#3b3f45" });
  const ears =
    el.circle(-top * 0.98, -height * 0.82, w * 0.035, { fill: "#8a95a1" }) +
    el.circle(top * 0.98, -height * 0.82, w * 0.035, { fill: "#8a95a1" });
  const front =
    el.path(body, { fill }) + ribs + ears + el.rect(-top * 1.03, -height - w * 0.03, top * 2.06, w * 0.06, { rx: w * 0.03, fill: rim });
  return { back, front };
}

function bottle(c: Svg, tint: string, w: number, height: number): Layers {
  const neck = w * 0.14;
  const body =
    d`M${-neck} ${-height}L${-neck} ${-height * 0.72}C${-neck} ${-height * 0.6} ${-w * 0.5} ${-height * 0.58} ${-w * 0.5} ${-height * 0.42}` +
    d`L${-w * 0.5} ${-w * 0.08}Q${-w * 0.5} 0 ${-w * 0.42} 0L${w * 0.42} 0Q${w * 0.5} 0 ${w * 0.5} ${-w * 0.08}` +
    d`L${w * 0.5} ${-height * 0.42}C${w * 0.5} ${-height * 0.58} ${neck} ${-height * 0.6} ${neck} ${-height * 0.72}L${neck} ${-height}Z`;
  const front =
    el.path(body, {
      fill: c.across([
        [0, lighten(tint, 0.4)],
        [0.35, tint],
        [1, darken(tint, 0.25)],
      ]),
      opacity: 0.78,
    }) +
    el.path(body, { fill: "none", stroke: "#ffffff", "stroke-width": w * 0.025, opacity: 0.55 }) +
    el.path(d`M${-w * 0.33} ${-height * 0.4}L${-w * 0.33} ${-height * 0.1}`, {
      stroke: "#ffffff",
      "stroke-width": w * 0.06,
      "stroke-linecap": "round",
      opacity: 0.4,
    });
  return { back: "", front };
}

/** A blank kraft price tag on a string. */
function tag(rnd: Random, size: number): string {
  const color = rnd.pick(["#d9b78c", "#f3e6d3", "#e9c9a4"]);
  const body = d`M0 0L${size * 0.3} ${-size * 0.32}H${size * 1.3}V${size * 0.32}H${size * 0.3}Z`;
  return (
    el.path(body, { fill: color, stroke: darken(color, 0.2), "stroke-width": size * 0.03 }) +
    el.circle(size * 0.3, 0, size * 0.07, { fill: "#5b4636" }) +
    el.path(d`M${size * 0.55} ${-size * 0.08}H${size * 1.15}M${size * 0.55} ${size * 0.1}H${size * 0.95}`, {
      stroke: darken(color, 0.35),
      "stroke-width": size * 0.05,
      "stroke-linecap": "round",
      opacity: 0.35,
    })
  );
}

// ───────────────────────────── Plans ─────────────────────────────

type Bloom = HeadKind | "tulip";
type GreenKind = "eucalyptus" | "leafy";
type AccentKind = "babysBreath" | "berries";

type CompositionName =
  "bouquet" | "buckets" | "stall" | "flatLay" | "knolling" | "wreath" | "closeUp" | "budVases" | "field" | "blossomBranches" | "corner";

type ImageRole = "blog" | "festival" | "hero" | "og" | "stock";

interface Plan {
  readonly composition: CompositionName;
  readonly palette: Palette;
  /** Primary bloom first. Always contains at least one head kind. */
  readonly blooms: readonly Bloom[];
  readonly spike: SpikeKind | null;
  /** Fixed colours from the file name (a lilac is lavender, a bluebonnet blue). */
  readonly primaryHue: Hue | null;
  readonly spikeHue: Hue | null;
  /** Outdoor scenes: a wild meadow rather than planted rows. */
  readonly meadow: boolean;
  readonly greens: readonly GreenKind[];
  readonly accent: AccentKind | null;
}

interface Scene {
  readonly c: Svg;
  readonly rnd: Random;
  readonly pal: Palette;
  readonly plan: Plan;
  readonly w: number;
  readonly h: number;
  /** One or two colour ramps per bloom kind, fixed per image so the flowers look coherent. */
  readonly hues: Map<Bloom, readonly Hue[]>;
}

interface KeywordRule {
  readonly test: RegExp;
  readonly blooms?: readonly Bloom[];
  readonly compositions?: readonly CompositionName[];
  readonly palettes?: readonly PaletteName[];
  readonly spike?: SpikeKind;
  readonly hue?: Hue;
  readonly spikeHue?: Hue;
  readonly meadow?: true;
}

/** File-name hints, most specific first. */
const KEYWORD_RULES: readonly KeywordRule[] = [
  { test: /tulip/, blooms: ["tulip", "daffodil"], compositions: ["field", "field", "buckets", "budVases"] },
  {
    test: /sunflower/,
    blooms: ["sunflower", "daisy"],
    compositions: ["field", "closeUp", "field", "buckets"],
    palettes: ["cream", "terracotta", "forest"],
  },
  { test: /lavender/, spike: "lavender", blooms: ["daisy", "rose"], compositions: ["field", "flatLay"], palettes: ["sage", "cream"] },
  {
    test: /lilac/,
    spike: "lavender",
    blooms: ["hydrangea", "rose"],
    hue: HUES.lavender,
    compositions: ["bouquet", "corner", "closeUp", "wreath"],
    palettes: ["sage", "cream", "blush"],
  },
  {
    test: /bluebonnet|lupin/,
    spike: "larkspur",
    spikeHue: HUES.bluebonnet,
    blooms: ["poppy", "daisy"],
    compositions: ["field"],
    palettes: ["cream", "sage"],
    meadow: true,
  },
  {
    test: /wildflower|meadow|prairie/,
    spike: "larkspur",
    blooms: ["daisy", "poppy", "anemone"],
    compositions: ["field", "field", "corner"],
    meadow: true,
  },
  {
    test: /cherry|blossom|sakura|apple/,
    blooms: ["blossom"],
    compositions: ["blossomBranches", "blossomBranches", "corner"],
    palettes: ["blush", "sage", "rosewater"],
  },
  {
    test: /lei|hawaii|plumeria|frangipani|hibiscus/,
    blooms: ["plumeria", "anemone"],
    compositions: ["wreath", "closeUp"],
    palettes: ["rosewater", "terracotta", "forest"],
  },
  {
    test: /poppy|poppies/,
    blooms: ["poppy", "daisy"],
    compositions: ["field", "closeUp"],
    palettes: ["cream", "terracotta"],
    meadow: true,
  },
  { test: /daffodil|narciss/, blooms: ["daffodil", "tulip"], compositions: ["field", "budVases", "bouquet"], palettes: ["sage", "cream"] },
  { test: /flower-fields|ranuncul/, blooms: ["ranunculus", "anemone"] },
  { test: /peony|peonies/, blooms: ["peony", "ranunculus"] },
  { test: /dahlia|mum|chrysanth/, blooms: ["dahlia", "ranunculus"] },
  { test: /hydrangea|azalea|rhodod/, blooms: ["hydrangea", "rose"] },
  { test: /lily|lilies|magnolia/, blooms: ["lily", "rose"] },
  { test: /orchid|anemone/, blooms: ["anemone", "ranunculus"] },
  { test: /daisy|daisies/, blooms: ["daisy", "ranunculus"] },
  { test: /rose/, blooms: ["rose", "peony"], palettes: ["rosewater", "blush", "plum"] },
  { test: /hand-tied|bridal-bouquet/, compositions: ["flatLay"] },
  { test: /stem|condition|cutting|trim|tool/, compositions: ["knolling", "flatLay"] },
  { test: /dry|dried/, blooms: ["dahlia", "daisy", "sunflower"], compositions: ["wreath", "flatLay"], palettes: ["terracotta", "cream"] },
  {
    test: /wedding|bridal|bride|elope/,
    blooms: ["peony", "rose", "anemone"],
    compositions: ["bouquet", "wreath", "flatLay"],
    palettes: ["blush", "cream", "sage"],
  },
  { test: /wreath|holiday|christmas|winter/, compositions: ["wreath"], palettes: ["forest", "sage"] },
  { test: /market|wholesale|buy|bulk|price|cost|budget|vendor|supplier/, compositions: ["buckets"] },
  { test: /event|table|reception|party/, compositions: ["bouquet", "budVases"] },
  { test: /food|water|myth|science/, compositions: ["closeUp", "budVases"] },
  { test: /diy|arrang|centerpiece|bouquet|tutorial|how-to|beginner|grocery/, compositions: ["flatLay", "bouquet", "knolling", "budVases"] },
  { test: /fall|autumn|thanksgiving|harvest/, blooms: ["dahlia", "sunflower"], palettes: ["terracotta", "plum"] },
  { test: /spring|easter/, blooms: ["tulip", "ranunculus", "daffodil"], palettes: ["sage", "blush"] },
  { test: /summer/, blooms: ["sunflower", "daisy", "dahlia"], palettes: ["cream", "terracotta"] },
  { test: /valentine|love|romance/, blooms: ["rose", "ranunculus"], palettes: ["rosewater", "plum"] },
  { test: /mother/, blooms: ["peony", "ranunculus"], palettes: ["blush", "rosewater"] },
  { test: /care|fresh|last|longer|tips|vase|storage/, compositions: ["budVases", "bouquet"] },
  { test: /field|farm/, compositions: ["field"] },
  { test: /garden|show|botanic|conservatory|expo|blooms/, compositions: ["closeUp", "field", "corner"] },
  { test: /parade|carnival|fiesta|celebrat/, compositions: ["field", "corner"] },
];

const ALL_HEADS: readonly HeadKind[] = [
  "rose",
  "peony",
  "daisy",
  "sunflower",
  "anemone",
  "poppy",
  "ranunculus",
  "dahlia",
  "hydrangea",
  "lily",
  "daffodil",
];
const BOUQUET_HEADS: readonly HeadKind[] = ["rose", "peony", "anemone", "ranunculus", "dahlia", "daisy", "hydrangea", "lily"];

/** Compositions per role; an option listed n times may be used n times as often in a set. */
const ROLE_COMPOSITIONS: Record<ImageRole, readonly CompositionName[]> = {
  blog: [
    "bouquet",
    "bouquet",
    "flatLay",
    "flatLay",
    "closeUp",
    "closeUp",
    "budVases",
    "budVases",
    "knolling",
    "wreath",
    "buckets",
    "corner",
  ],
  festival: ["field", "field", "field", "closeUp", "closeUp", "blossomBranches", "corner", "wreath", "buckets", "bouquet", "budVases"],
  hero: ["stall"],
  og: ["bouquet"],
  stock: ["buckets"],
};

/** Bloom hints for the fixed pictures (data images get theirs from keywords). */
const ROLE_BLOOMS: Record<ImageRole, readonly Bloom[]> = {
  blog: [],
  festival: [],
  hero: [],
  og: ["rose", "peony", "ranunculus"],
  stock: ["rose", "sunflower"],
};

const ROLE_PALETTES: Record<ImageRole, readonly PaletteName[]> = {
  blog: ["blush", "cream", "sage", "rosewater", "terracotta", "plum", "forest"],
  festival: ["blush", "cream", "sage", "rosewater", "terracotta", "plum", "forest"],
  hero: ["blush"],
  og: ["blush"],
  stock: ["cream"],
};

/** The two choices that make a card look different from its neighbours. */
interface Look {
  readonly composition: CompositionName;
  readonly palette: PaletteName;
}

interface Preferences {
  readonly rules: readonly KeywordRule[];
  readonly compositions: readonly CompositionName[];
  readonly palettes: readonly PaletteName[];
}

function preferencesFor(name: string, role: ImageRole): Preferences {
  const words = name.toLowerCase();
  const rules = KEYWORD_RULES.filter((rule) => rule.test.test(words));
  return {
    rules,
    compositions: rules.find((r) => r.compositions)?.compositions ?? ROLE_COMPOSITIONS[role],
    palettes: rules.find((r) => r.palettes)?.palettes ?? ROLE_PALETTES[role],
  };
}

/** A look from the name alone (used for one-off pictures). */
function lookFromHash(name: string, role: ImageRole): Look {
  const rnd = new Random(hashString(`look:${name}`));
  const prefs = preferencesFor(name, role);
  return { composition: rnd.pick(prefs.compositions), palette: rnd.pick(prefs.palettes) };
}

/**
 * Looks for a set of cards shown together (all blog posts, all festivals). Each name takes the
 * option that best weighs its keyword preferences against how often the option is already
 * used, so the grid stays varied. Deterministic for a given set of names, whatever its order.
 */
export function assignLooks(names: readonly string[], role: ImageRole): Map<string, Look> {
  const compositionUse = new Map<CompositionName, number>();
  const paletteUse = new Map<PaletteName, number>();
  const looks = new Map<string, Look>();
  // Names whose words ask for few compositions choose first; the rest fill in around them.
  const choices = (name: string): number => new Set(preferencesFor(name, role).compositions).size;
  const ordered = [...new Set(names)].sort((a, b) => choices(a) - choices(b) || hashString(a) - hashString(b) || a.localeCompare(b));
  for (const name of ordered) {
    const prefs = preferencesFor(name, role);
    const composition = leastUsed(name, ROLE_COMPOSITIONS[role], prefs.compositions, compositionUse, 2, [3.5, 2.5, 1.6]);
    const palette = leastUsed(name, ROLE_PALETTES[role], prefs.palettes, paletteUse, 2, [2, 1.5, 1.2]);
    looks.set(name, { composition, palette });
  }
  return looks;
}

/**
 * Picks the option with the lowest score: uses so far (relative to how often the role lists the
 * option) times `weight`, minus a bonus for the name's preferences by rank, plus a small jitter.
 */
function leastUsed<T extends string>(
  name: string,
  roleOptions: readonly T[],
  preferred: readonly T[],
  usage: Map<T, number>,
  weight: number,
  bonuses: readonly number[],
): T {
  let best: T | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const option of new Set([...roleOptions, ...preferred])) {
    const capacity = Math.max(1, roleOptions.filter((o) => o === option).length);
    const rank = preferred.indexOf(option);
    const bonus = rank < 0 ? 0 : (bonuses[Math.min(rank, bonuses.length - 1)] ?? 0);
    const jitter = ((hashString(`${name}:${option}`) % 1000) / 1000) * 0.6;
    const score = ((usage.get(option) ?? 0) / capacity) * weight - bonus + jitter;
    if (score < bestScore) {
      best = option;
      bestScore = score;
    }
  }
  if (best === undefined) throw new Error("no options to choose from");
  usage.set(best, (usage.get(best) ?? 0) + 1);
  return best;
}

function planFor(name: string, role: ImageRole, look: Look): Plan {
  const rnd = new Random(hashString(`plan:${name}`));
  const { rules } = preferencesFor(name, role);
  const fromWords = [...new Set(rules.flatMap((r) => r.blooms ?? []))];
  const hinted = fromWords.length > 0 ? fromWords : ROLE_BLOOMS[role];
  const blooms = bloomList(rnd, hinted);
  const spike = rules.find((r) => r.spike)?.spike ?? (rnd.chance(0.6) ? rnd.pick<SpikeKind>(["lavender", "larkspur", "snapdragon"]) : null);
  return {
    composition: look.composition,
    palette: PALETTES[look.palette],
    blooms,
    spike,
    primaryHue: rules.find((r) => r.hue)?.hue ?? null,
    spikeHue: rules.find((r) => r.spikeHue)?.spikeHue ?? null,
    meadow: rules.some((r) => r.meadow),
    greens: rnd.chance(0.5) ? ["eucalyptus", "leafy"] : [rnd.pick<GreenKind>(["eucalyptus", "leafy"])],
    accent: rnd.chance(0.7) ? rnd.pick<AccentKind>(["babysBreath", "berries", "babysBreath"]) : null,
  };
}

function bloomList(rnd: Random, hinted: readonly Bloom[]): Bloom[] {
  const list: Bloom[] = [...hinted.slice(0, 3)];
  const pool = rnd.shuffle(list.length > 0 ? BOUQUET_HEADS : ALL_HEADS);
  while (list.length < 3) {
    const next = pool.shift();
    if (next === undefined) break;
    if (!list.includes(next)) list.push(next);
  }
  if (!list.some((b) => b !== "tulip")) list.push("ranunculus");
  return list;
}

function createScene(name: string, role: ImageRole, width: number, height: number, look: Look): Scene {
  const plan = planFor(name, role, look);
  const rnd = new Random(hashString(`draw:${name}`));
  const hues = new Map<Bloom, readonly Hue[]>();
  for (const bloom of plan.blooms) hues.set(bloom, huesFor(rnd, bloom, plan.palette));
  const primary = plan.blooms[0];
  if (primary && plan.primaryHue) hues.set(primary, [plan.primaryHue]);
  return { c: new Svg(width, height), rnd, pal: plan.palette, plan, w: width, h: height, hues };
}

function huesFor(rnd: Random, bloom: Bloom, pal: Palette): readonly Hue[] {
  switch (bloom) {
    case "sunflower":
      return [SUNFLOWER];
    case "daffodil":
      return rnd.chance(0.6) ? [HUES.butter] : [HUES.cream, HUES.butter];
    case "daisy":
      return rnd.chance(0.7) ? [HUES.cream] : [HUES.cream, rnd.pick(pal.flowers)];
    case "blossom":
      return [HUES.blush, rnd.pick([HUES.rose, HUES.cream])];
    case "poppy":
      return [rnd.pick([HUES.crimson, HUES.peach, HUES.gold])];
    case "plumeria":
      return [HUES.cream, rnd.pick([HUES.blush, HUES.peach, HUES.rose])];
    default: {
      const options = pal.flowers.filter((h) => h !== HUES.butter);
      return rnd.shuffle(options).slice(0, rnd.int(1, 2));
    }
  }
}

function hueOf(s: Scene, bloom: Bloom): Hue {
  let hues = s.hues.get(bloom);
  if (!hues) {
    hues = huesFor(s.rnd, bloom, s.pal);
    s.hues.set(bloom, hues);
  }
  return s.rnd.pick(hues);
}

function headKinds(s: Scene): HeadKind[] {
  return s.plan.blooms.filter((b): b is HeadKind => b !== "tulip");
}

/** Picks a head kind, favouring the primary bloom. */
function pickHead(s: Scene): HeadKind {
  const kinds = headKinds(s);
  const first = kinds[0] ?? "rose";
  return s.rnd.chance(0.5) ? first : s.rnd.pick(kinds);
}

function greenHue(s: Scene, kind: GreenKind): Hue {
  return kind === "eucalyptus" ? s.rnd.pick([GREENS.eucalyptus, GREENS.sage]) : s.rnd.pick(s.pal.greens);
}

// ───────────────────────────── Scene pieces ─────────────────────────────

/** Soft shadow colour: a radial fade, far cheaper to render than a blur filter. */
function shadowFill(s: Scene, strength: number): string {
  const o = s.pal.dark ? Math.min(0.7, strength * 2) : strength;
  return s.c.radial([
    [0, s.pal.shadow, o],
    [0.6, s.pal.shadow, o * 0.55],
    [1, s.pal.shadow, 0],
  ]);
}

/** A flower head with a soft drop shadow; r is the radius in pixels. */
function headAt(s: Scene, kind: HeadKind, x: number, y: number, r: number, squash = 1): string {
  const scale = r / 100;
  const shadow = at({ x: x + r * 0.05, y: y + r * 0.12, scale, squash }, el.circle(0, 0, 112, { fill: shadowFill(s, 0.3) }));
  return shadow + at({ x, y, scale, squash, rotate: s.rnd.range(0, 360) }, HEADS[kind](s.c, s.rnd, hueOf(s, kind)));
}

function greenery(s: Scene, kind: GreenKind, len: number): string {
  const h = greenHue(s, kind);
  return kind === "eucalyptus" ? eucalyptus(s.c, s.rnd, h, len) : leafyBranch(s.c, s.rnd, h, len);
}

function accent(s: Scene, kind: AccentKind, len: number): string {
  return kind === "babysBreath"
    ? babysBreath(s.rnd, len)
    : berries(s.c, s.rnd, s.rnd.pick([HUES.plum.dark, HUES.crimson.dark, "#2e3a59"]), len);
}

function spikeHue(s: Scene, kind: SpikeKind): Hue {
  if (s.plan.spikeHue) return s.plan.spikeHue;
  if (kind === "lavender") return HUES.lavender;
  return s.rnd.pick([HUES.lavender, HUES.rose, HUES.blush, HUES.plum, HUES.cream]);
}

/** A single stem with a bloom at the top, from (x0, y0) to (x1, y1). */
function flowerOnStem(s: Scene, bloom: Bloom, x0: number, y0: number, x1: number, y1: number, size: number): string {
  const ctrl: Point = { x: lerp(x0, x1, 0.15), y: lerp(y0, y1, 0.6) };
  const green = s.rnd.pick(s.pal.greens);
  let out = stem({ x: x0, y: y0 }, ctrl, { x: x1, y: y1 }, Math.max(2, size * 0.07), green.dark);
  if (s.rnd.chance(0.6)) {
    const t = s.rnd.range(0.3, 0.6);
    const p = quadPoint({ x: x0, y: y0 }, ctrl, { x: x1, y: y1 }, t);
    out += at({ x: p.x, y: p.y, rotate: s.rnd.sign() * s.rnd.range(30, 55) }, leaf(s.c, green, size * 1.2, size * 0.3));
  }
  if (bloom === "tulip") {
    const heading = quadHeading({ x: x0, y: y0 }, ctrl, { x: x1, y: y1 }, 1);
    return out + at({ x: x1, y: y1 + size * 0.1, rotate: heading, scale: size / 100 }, tulipHead(s.c, hueOf(s, "tulip")));
  }
  return out + headAt(s, bloom, x1, y1, size * 0.55, 0.92);
}

function paper(s: Scene): string {
  const { c, pal, w, h, rnd } = s;
  let out = el.rect(0, 0, w, h, {
    fill: c.linear(
      [
        [0, pal.bg[0]],
        [1, pal.bg[1]],
      ],
      0,
      0,
      1,
      1,
    ),
  });
  for (let i = 0; i < 4; i++) {
    const color = rnd.pick(pal.blobs);
    const fill = c.radial([
      [0, color, pal.dark ? 0.45 : 0.7],
      [1, color, 0],
    ]);
    out += el.circle(rnd.range(0, w), rnd.range(0, h), rnd.range(0.25, 0.5) * w, { fill });
  }
  return out;
}

/** Large soft shape behind the subject: a circle or an arch. */
function backdrop(s: Scene, cx: number, cy: number, r: number): string {
  const color = s.pal.dark ? lighten(s.pal.bg[0], 0.1) : s.rnd.pick([lighten(s.pal.bg[1], 0.35), darken(s.pal.bg[1], 0.04), "#ffffff"]);
  if (s.rnd.chance(0.5)) return el.circle(cx, cy, r, { fill: color, opacity: 0.75 });
  const arch = d`M${cx - r * 0.8} ${cy + r * 1.4}V${cy}A${r * 0.8} ${r * 0.8} 0 0 1 ${cx + r * 0.8} ${cy}V${cy + r * 1.4}Z`;
  return el.path(arch, { fill: color, opacity: 0.75 });
}

function tableTop(s: Scene, y: number): string {
  const { c, pal, w, h } = s;
  return (
    el.rect(0, y, w, h - y, {
      fill: c.linear([
        [0, darken(pal.table, 0.08)],
        [1, pal.table],
      ]),
    }) + el.rect(0, y, w, Math.max(3, h * 0.005), { fill: lighten(pal.table, 0.35), opacity: 0.8 })
  );
}

function softShadow(s: Scene, cx: number, cy: number, rx: number, ry: number, strength = 0.35): string {
  return el.ellipse(cx, cy, rx * 1.25, ry * 2, { fill: shadowFill(s, strength) });
}

function looseCurvedPetal(s: Scene, x: number, y: number, size: number): string {
  const kind = s.rnd.pick(s.plan.blooms);
  const h = hueOf(s, kind);
  const fill = petalFill(s.c, h.mid, h.light, lighten(h.light, 0.4));
  return at({ x, y, rotate: s.rnd.range(0, 360) }, el.path(petalPath("round", size, size * 0.55), { fill }));
}

function scatteredPetals(s: Scene, count: number, x: number, y: number, w: number, h: number, size: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    out += looseCurvedPetal(s, x + s.rnd.range(0, w), y + s.rnd.range(0, h), size * s.rnd.range(0.7, 1.2));
  }
  return out;
}

// ───────────────────────────── Bouquets ─────────────────────────────

/**
 * A dome of flowers over greenery, gathered at the origin (the vase mouth or the binding).
 * R is the dome radius. With stemDepth > 0, stems run down to that depth (for glass vases).
 */
function bouquet(s: Scene, R: number, stemDepth: number): Layers {
  const { rnd, plan } = s;
  let back = "";
  const sprigs = rnd.int(7, 10);
  for (let i = 0; i < sprigs; i++) {
    const angle = -82 + (164 * (i + rnd.range(0.2, 0.8))) / sprigs;
    back += at({ x: 0, y: -R * 0.1, rotate: angle }, greenery(s, rnd.pick(plan.greens), R * rnd.range(1.1, 1.55)));
  }
  if (plan.spike) {
    const h = spikeHue(s, plan.spike);
    for (let i = 0; i < rnd.int(2, 4); i++) {
      back += at({ x: 0, y: 0, rotate: rnd.range(-40, 40) }, spike(s.c, rnd, h, R * rnd.range(1.5, 1.9), plan.spike));
    }
  }
  if (plan.accent) {
    for (let i = 0; i < rnd.int(2, 3); i++)
      back += at({ x: 0, y: 0, rotate: rnd.range(-65, 65) }, accent(s, plan.accent, R * rnd.range(1.2, 1.5)));
  }
  if (plan.blooms.includes("tulip")) back += tulipFan(s, R, plan.blooms[0] === "tulip" ? 6 : 3);
  back += domeOfHeads(s, R, stemDepth, plan.blooms[0] === "tulip" ? 6 : rnd.int(11, 14));
  let front = "";
  for (let i = 0; i < rnd.int(2, 3); i++) {
    const side = i % 2 === 0 ? 1 : -1;
    const h = rnd.pick(s.pal.greens);
    front += at(
      { x: side * R * 0.15, y: -R * 0.05, rotate: side * rnd.range(100, 140) },
      leaf(s.c, h, R * rnd.range(0.45, 0.62), R * 0.16),
    );
  }
  return { back, front };
}

function tulipFan(s: Scene, R: number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const angle = rad(-60 + (120 * (i + s.rnd.range(0.2, 0.8))) / count);
    const len = R * s.rnd.range(1.25, 1.6);
    out += flowerOnStem(s, "tulip", 0, 0, Math.sin(angle) * len, -Math.cos(angle) * len, R * 0.42);
  }
  return out;
}

function domeOfHeads(s: Scene, R: number, stemDepth: number, count: number): string {
  const { rnd } = s;
  const points = scatter(count, R * 0.34, () => {
    const p = inEllipse(rnd, 0, -R * 0.95, R * 1.02, R * 0.72);
    return p.y > -R * 0.3 ? { x: p.x, y: -R * 0.3 } : p;
  }).sort((a, b) => a.y - b.y);
  let stems = "";
  let heads = "";
  const green = rnd.pick(s.pal.greens);
  for (const p of points) {
    if (stemDepth > 0) stems += stem(p, { x: p.x * 0.4, y: stemDepth * 0.2 }, { x: p.x * 0.12, y: stemDepth }, R * 0.035, green.dark);
    const kind = pickHead(s);
    const r = R * rnd.range(0.23, 0.31) * (kind === headKinds(s)[0] ? 1.08 : 0.94);
    heads += headAt(s, kind, p.x, p.y, r, rnd.range(0.86, 1));
  }
  return stems + heads;
}

// ───────────────────────────── Compositions ─────────────────────────────

type Composition = (s: Scene) => string;

function bouquetInVase(s: Scene): string {
  const { w, h, rnd } = s;
  const cx = w * rnd.pick([0.5, 0.44, 0.56]);
  const tableY = h * 0.82;
  const vaseH = h * rnd.range(0.28, 0.33);
  const vaseW = vaseH * rnd.range(0.72, 0.92);
  const baseY = tableY + h * 0.065;
  const glass = rnd.chance(0.3);
  const vase = glass
    ? glassVase(s.c, rnd, rnd.pick([GREENS.sage.light, HUES.blush.dark, "#cfe3ea"]), vaseW * 0.8, vaseH)
    : ceramicVase(s.c, rnd, rnd.pick(s.pal.vases), vaseW, vaseH);
  const R = h * 0.28;
  const flowers = bouquet(s, R, glass ? vaseH * 0.9 : 0);
  let out = paper(s) + backdrop(s, cx, h * 0.42, h * 0.4) + tableTop(s, tableY);
  out += softShadow(s, cx + vaseW * 0.2, baseY, vaseW * 0.7, h * 0.022);
  out += at({ x: cx, y: baseY }, vase.back);
  out += at({ x: cx, y: baseY - vaseH + h * 0.01 }, flowers.back);
  out += at({ x: cx, y: baseY }, vase.front);
  out += at({ x: cx, y: baseY - vaseH + h * 0.01 }, flowers.front);
  const side = cx < w / 2 ? 1 : cx > w / 2 ? -1 : rnd.sign();
  if (w / h > 1.6) out += companionBottle(s, cx - side * w * 0.27, baseY);
  if (rnd.chance(0.5) || w / h > 1.6)
    out += headAt(s, pickHead(s), cx + side * w * rnd.range(0.27, 0.33), tableY + h * 0.09, h * 0.065, 0.55);
  out += scatteredPetals(s, rnd.int(3, 6), w * 0.1, tableY + h * 0.04, w * 0.8, h * 0.12, h * 0.035);
  return out;
}

/** A small bottle with a couple of stems, to fill the sides of wide pictures. */
function companionBottle(s: Scene, x: number, baseY: number): string {
  const { h, rnd } = s;
  const vh = h * 0.2;
  const vw = vh * 0.55;
  const vessel = bottle(s.c, rnd.pick([GREENS.sage.mid, HUES.blush.dark, HUES.gold.light]), vw, vh);
  return (
    softShadow(s, x + vw * 0.15, baseY, vw * 0.6, h * 0.018) +
    at({ x, y: baseY }, vessel.back) +
    stemsForBudVase(s, x, baseY - vh * 0.6, h * 0.36) +
    at({ x, y: baseY }, vessel.front)
  );
}

type BucketKind = Bloom | SpikeKind | GreenKind;

/** What goes in each of `count` buckets: the primary bloom first, no kind twice in a row. */
function bucketKinds(s: Scene, count: number): BucketKind[] {
  const { rnd, plan } = s;
  const extras: readonly BucketKind[] = [
    plan.spike ?? "lavender",
    ...(["eucalyptus", "sunflower", "hydrangea", "tulip", "rose", "peony", "daisy", "leafy", "dahlia", "ranunculus", "anemone"] as const),
  ];
  const primary = plan.blooms[0] ?? "rose";
  const others = [...new Set<BucketKind>([...plan.blooms.slice(1), ...rnd.shuffle(extras)])].filter((k) => k !== primary);
  const pool = [primary, ...others.slice(0, Math.max(2, count - 1))];
  return rnd.shuffle(Array.from({ length: count }, (_, i) => pool[i % pool.length] ?? primary));
}

function marketBuckets(s: Scene, count: number, withAwning: boolean): string {
  const { w, h, rnd } = s;
  const floorY = h * 0.9;
  const bw = Math.min((w / (count + 0.6)) * 0.9, h * 0.4);
  const kinds = bucketKinds(s, count);
  let out = paper(s) + tableTop(s, floorY - h * 0.06);
  out += bucketRow(s, kinds, floorY, bw, 0);
  if (withAwning) out += awning(s, h * 0.13);
  out += scatteredPetals(s, rnd.int(3, 6), 0, floorY - h * 0.02, w, h * 0.08, h * 0.03);
  return out;
}

/** A row of buckets across the width, drawn in a shuffled order so the bunches overlap naturally. */
function bucketRow(s: Scene, kinds: readonly BucketKind[], floorY: number, bw: number, offset: number): string {
  const { w, h, rnd } = s;
  const count = kinds.length;
  let out = "";
  for (const i of rnd.shuffle(Array.from({ length: count }, (_, k) => k))) {
    const x = (w * (i + 0.5 + offset)) / count + rnd.range(-0.015, 0.015) * w;
    out += bucketOfFlowers(s, kinds[i] ?? "rose", x, floorY - rnd.range(0, h * 0.015), bw * rnd.range(0.94, 1.05));
  }
  return out;
}

/** Two tiers of buckets under an awning: a lush, full-width flower stall (the home page hero). */
function marketStall(s: Scene): string {
  const { w, h, rnd } = s;
  const back = 6;
  const front = 5;
  const kinds = bucketKinds(s, back + front);
  const shelfY = h * 0.6;
  let out = paper(s) + tableTop(s, h * 0.9);
  // The back tier is slightly out of focus, like a photo taken at the stall (and lighter to encode).
  const backTier = bench(s, shelfY, h * 0.05) + bucketRow(s, kinds.slice(0, back), shelfY, (w / (back + 0.4)) * 0.78, 0);
  out += el.group(backTier, { filter: s.c.blur(h * 0.007) });
  out += scatteredPetals(s, rnd.int(4, 7), 0, h * 0.91, w, h * 0.04, h * 0.022);
  out += bucketRow(s, kinds.slice(back), h * 1.02, (w / (front + 0.3)) * 0.74, 0);
  return out + awning(s, h * 0.11);
}

/** A plank bench: the top at y, the front face `depth` high. */
function bench(s: Scene, y: number, depth: number): string {
  const { w, c } = s;
  const wood = c.linear([
    [0, "#7c4f33"],
    [1, "#b07a52"],
  ]);
  return (
    el.rect(0, y - depth * 0.35, w, depth * 0.35, { fill: "#c99a70" }) +
    el.rect(0, y, w, depth, { fill: wood }) +
    el.rect(0, y, w, depth * 0.12, { fill: "#e2b98f", opacity: 0.7 }) +
    el.rect(0, y + depth, w, depth * 0.5, {
      fill: c.linear(
        [
          [0, s.pal.shadow, 0.25],
          [1, s.pal.shadow, 0],
        ],
        0,
        0,
        0,
        1,
      ),
    })
  );
}

function bucketOfFlowers(s: Scene, kind: BucketKind, x: number, floorY: number, bw: number): string {
  const { rnd } = s;
  const bh = bw * 0.72;
  const style: BucketStyle = rnd.chance(0.75) ? "zinc" : "enamel";
  const vessel = bucket(s.c, style, rnd.pick(s.pal.vases), bw, bh);
  let out = softShadow(s, x + bw * 0.12, floorY, bw * 0.5, bw * 0.05);
  out += at({ x, y: floorY }, vessel.back);
  out += at({ x, y: floorY - bh }, bunch(s, kind, bw));
  out += at({ x, y: floorY }, vessel.front);
  if (rnd.chance(0.5))
    out += at({ x: x + rnd.range(-0.2, 0.1) * bw, y: floorY - bh * 0.55, rotate: rnd.range(-12, 12) }, tag(rnd, bw * 0.22));
  return out;
}

/** Flowers of one kind standing in a bucket whose mouth is at the origin. */
function bunch(s: Scene, kind: BucketKind, bw: number): string {
  const { rnd } = s;
  if (kind === "tulip") return tulipBunch(s, bw);
  if (kind === "lavender" || kind === "larkspur" || kind === "snapdragon") {
    let out = "";
    const h = spikeHue(s, kind);
    for (let i = 0; i < 14; i++)
      out += at({ x: rnd.range(-0.3, 0.3) * bw, y: 0, rotate: rnd.range(-24, 24) }, spike(s.c, rnd, h, bw * rnd.range(1.15, 1.6), kind));
    return out;
  }
  if (kind === "eucalyptus" || kind === "leafy") {
    let out = "";
    for (let i = 0; i < 11; i++)
      out += at({ x: rnd.range(-0.3, 0.3) * bw, y: 0, rotate: rnd.range(-48, 48) }, greenery(s, kind, bw * rnd.range(1, 1.45)));
    return out;
  }
  let out = "";
  const green = rnd.pick(s.pal.greens);
  for (let i = 0; i < 7; i++)
    out += at({ x: 0, y: 0, rotate: -80 + i * 26 + rnd.range(-8, 8) }, leaf(s.c, green, bw * rnd.range(0.6, 0.85), bw * 0.17));
  const big = kind === "sunflower" || kind === "hydrangea";
  const points = scatter(big ? 6 : 10, bw * (big ? 0.27 : 0.21), () => inEllipse(rnd, 0, -bw * 0.56, bw * 0.56, bw * 0.44)).sort(
    (a, b) => a.y - b.y,
  );
  for (const p of points) out += headAt(s, kind, p.x, p.y, bw * rnd.range(big ? 0.2 : 0.16, big ? 0.25 : 0.2), rnd.range(0.85, 1));
  return out;
}

function tulipBunch(s: Scene, bw: number): string {
  const { rnd } = s;
  const green = rnd.pick(s.pal.greens);
  let out = "";
  for (let i = 0; i < 4; i++)
    out += at({ x: rnd.range(-0.2, 0.2) * bw, y: 0, rotate: rnd.range(-35, 35) }, leaf(s.c, green, bw * rnd.range(0.7, 0.95), bw * 0.11));
  const tips = Array.from({ length: 14 }, () => ({ x: rnd.range(-0.6, 0.6) * bw, y: -bw * rnd.range(0.6, 1.2) })).sort((a, b) => a.y - b.y);
  for (const tip of tips) out += flowerOnStem(s, "tulip", tip.x * 0.3, bw * 0.1, tip.x, tip.y, bw * 0.26);
  return out;
}

function awning(s: Scene, depth: number): string {
  const { w, c, rnd } = s;
  const stripes = 12;
  const sw = w / stripes;
  const color = rnd.pick([HUES.crimson.mid, GREENS.forest.dark, HUES.plum.dark, HUES.rose.mid]);
  let out = el.rect(0, depth, w, depth * 0.6, {
    fill: c.linear(
      [
        [0, s.pal.shadow, 0.16],
        [1, s.pal.shadow, 0],
      ],
      0,
      0,
      0,
      1,
    ),
  });
  for (let i = 0; i < stripes; i++) {
    const fill = i % 2 === 0 ? color : "#fdf8f3";
    const x = i * sw;
    out += el.path(d`M${x} 0H${x + sw}V${depth}A${sw / 2} ${sw * 0.32} 0 0 1 ${x} ${depth}Z`, { fill });
  }
  out += el.rect(0, 0, w, depth, {
    fill: c.linear([
      [0, "#000000", 0],
      [1, "#000000", 0.18],
    ]),
  });
  return out + el.rect(0, depth * 0.12, w, depth * 0.06, { fill: "#ffffff", opacity: 0.25 });
}

function flatLay(s: Scene): string {
  const { w, h, rnd } = s;
  let out = paper(s);
  if (rnd.chance(0.6)) {
    const color = rnd.pick(["#e8d3b6", "#ffffff", lighten(s.pal.bg[1], 0.5), "#f3e4d0"]);
    const place = { x: w * rnd.range(0.42, 0.58), y: h * 0.5, rotate: rnd.range(-12, 12) };
    const sheet = (fill: string): string => el.rect(-w * 0.3, -h * 0.44, w * 0.6, h * 0.88, { fill });
    out +=
      at({ ...place, x: place.x + h * 0.008, y: place.y + h * 0.012 }, el.group(sheet(s.pal.shadow), { opacity: 0.08 })) +
      at(place, sheet(color));
  }
  const angle = rnd.sign() * rnd.range(35, 55);
  const R = h * 0.29;
  const heading = rad(angle);
  const toCanvas = (local: number, cx: number, cy: number): Point => ({
    x: cx + Math.sin(heading) * local,
    y: cy - Math.cos(heading) * local,
  });
  // Put the middle of the bouquet (a little above the binding) at the centre of the picture.
  const origin = toCanvas(-R * 0.35, w * 0.5 + rnd.range(-0.04, 0.04) * w, h * 0.5);
  const flowers = bouquet(s, R, 0);
  out += at({ x: origin.x, y: origin.y, rotate: angle }, tiedStems(s, R) + flowers.back + bow(s, R * 0.32));
  const domeCentre = toCanvas(R * 0.95, origin.x, origin.y);
  const stemEnd = toCanvas(-R * 1.2, origin.x, origin.y);
  return out + looseItems(s, (p) => distanceToSegment(p, stemEnd, domeCentre) > R * 1.15);
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const abx = b.x - a.x;
  const aby = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / (abx * abx + aby * aby)));
  return Math.hypot(p.x - (a.x + abx * t), p.y - (a.y + aby * t));
}

function tiedStems(s: Scene, R: number): string {
  const green = s.rnd.pick(s.pal.greens);
  let out = "";
  for (let i = 0; i < 16; i++) {
    const x = s.rnd.range(-0.14, 0.14) * R;
    out += stem(
      { x: x * 0.4, y: -R * 0.25 },
      { x: x * 0.3, y: R * 0.3 },
      { x: x * 1.5, y: R * s.rnd.range(1.1, 1.3) },
      R * 0.032,
      i % 3 === 0 ? green.mid : green.dark,
    );
  }
  return out;
}

function bow(s: Scene, size: number): string {
  const color = s.rnd.pick([HUES.crimson.mid, HUES.plum.mid, "#fdf8f3", HUES.gold.mid, HUES.rose.light]);
  const fill = s.c.across([
    [0, lighten(color, 0.25)],
    [1, darken(color, 0.15)],
  ]);
  const loop = d`M0 0C${size * 0.4} ${-size * 0.55} ${size * 1.05} ${-size * 0.35} ${size * 0.9} ${size * 0.05}C${size * 0.8} ${size * 0.35} ${size * 0.35} ${size * 0.2} 0 0Z`;
  const tail = d`M0 0L${size * 0.35} ${size * 1.1}L${size * 0.55} ${size * 0.95}L${size * 0.15} 0Z`;
  return el.group(
    el.path(tail, { fill }) +
      el.path(tail, { fill, transform: "scale(-1 1) rotate(-8)" }) +
      el.path(loop, { fill }) +
      el.path(loop, { fill, transform: "scale(-1 1)" }) +
      el.ellipse(0, 0, size * 0.16, size * 0.2, { fill: darken(color, 0.1) }),
    { transform: `translate(0 ${num(size * 0.2)})` },
  );
}

/** Loose heads, sprigs, snips and petals strewn where `free` allows. */
function looseItems(s: Scene, free: (p: Point) => boolean): string {
  const { w, h, rnd } = s;
  const margin = h * 0.06;
  const items = scatter(12, h * 0.16, () => ({ x: rnd.range(margin, w - margin), y: rnd.range(margin, h - margin) })).filter(free);
  let out = "";
  items.forEach((p, i) => {
    if (i === 0 && rnd.chance(0.5)) out += at({ x: p.x, y: p.y, rotate: rnd.range(0, 360), scale: h / 700 }, scissors());
    else if (i % 3 === 1)
      out += at({ x: p.x, y: p.y, rotate: rnd.range(0, 360) }, greenery(s, rnd.pick(s.plan.greens), h * rnd.range(0.18, 0.26)));
    else out += headAt(s, pickHead(s), p.x, p.y, h * rnd.range(0.055, 0.085));
  });
  const petals = scatter(rnd.int(6, 10), h * 0.08, () => ({ x: rnd.range(margin, w - margin), y: rnd.range(margin, h - margin) })).filter(
    free,
  );
  return out + petals.map((p) => looseCurvedPetal(s, p.x, p.y, h * rnd.range(0.022, 0.036))).join("");
}

/** Florist's snips, open, about 150 units long, pointing up. */
function scissors(): string {
  const blade = "M-4 14L-4.5 -20L-1 -122L3.5 -20L4 14Z";
  const steel = { stroke: "#7b8794", "stroke-width": 1.5 };
  return (
    el.path(blade, { fill: "#dfe5ea", ...steel, transform: "rotate(-10 0 -6)" }) +
    el.path(blade, { fill: "#c3ccd4", ...steel, transform: "rotate(10 0 -6)" }) +
    el.circle(-14, 28, 13, { fill: "none", stroke: HUES.gold.dark, "stroke-width": 7 }) +
    el.circle(14, 28, 13, { fill: "none", stroke: HUES.gold.dark, "stroke-width": 7 }) +
    el.circle(0, -6, 3.5, { fill: "#4b5563" })
  );
}

/** A spool of twine, `size` across, with a loose end. */
function twine(size: number): string {
  const r = size / 2;
  const color = "#d4b07f";
  let rings = "";
  for (let k = 1; k < 5; k++)
    rings += el.circle(0, 0, r * (0.35 + k * 0.15), { fill: "none", stroke: darken(color, 0.18), "stroke-width": r * 0.025, opacity: 0.5 });
  return (
    stem({ x: r * 0.9, y: r * 0.3 }, { x: r * 1.6, y: r * 0.9 }, { x: r * 2, y: r * 1.6 }, r * 0.07, color) +
    el.circle(0, 0, r, { fill: color }) +
    rings +
    el.circle(0, 0, r * 0.3, { fill: darken(color, 0.45) })
  );
}

/** Florist's tools and flowers laid out in a tidy grid, seen from above. */
function knolling(s: Scene): string {
  const { w, h, rnd } = s;
  const cols = 5;
  const rows = 3;
  const cw = (w * 0.9) / cols;
  const ch = (h * 0.86) / rows;
  const cell = Math.min(cw, ch);
  const cells = rnd.shuffle(Array.from({ length: cols * rows }, (_, i) => i));
  const tools = new Map<number, "scissors" | "twine">([
    [cells[0] ?? 0, "scissors"],
    [cells[1] ?? 1, "twine"],
  ]);
  const slant = rnd.sign() * 35;
  let out = paper(s);
  for (let i = 0; i < cols * rows; i++) {
    const x = w * 0.05 + cw * ((i % cols) + 0.5);
    const y = h * 0.07 + ch * (Math.floor(i / cols) + 0.5);
    const tool = tools.get(i);
    if (tool === "scissors") out += at({ x, y: y + cell * 0.1, rotate: slant, scale: cell / 160 }, scissors());
    else if (tool === "twine") out += at({ x, y }, twine(cell * 0.62));
    else if ((i + Math.floor(i / cols)) % 2 === 1) {
      // A sprig laid across the cell: its base sits below-left of the centre.
      const base = { x: x - Math.sin(rad(slant)) * cell * 0.48, y: y + Math.cos(rad(slant)) * cell * 0.48 };
      out += at({ ...base, rotate: slant }, greenery(s, rnd.pick(s.plan.greens), cell * 1.05));
    } else out += headAt(s, pickHead(s), x, y, cell * 0.4);
  }
  return out;
}

function wreath(s: Scene): string {
  const { w, h, rnd, c } = s;
  const cx = w / 2;
  const cy = h / 2;
  const R = h * 0.34;
  let out =
    paper(s) + el.circle(cx, cy, R * 1.3, { fill: s.pal.dark ? lighten(s.pal.bg[0], 0.08) : "#ffffff", opacity: s.pal.dark ? 0.5 : 0.45 });
  const hoop = rnd.chance(0.55);
  if (hoop) {
    out += el.circle(cx, cy, R, {
      fill: "none",
      stroke: c.linear(
        [
          [0, HUES.gold.dark],
          [0.5, HUES.gold.light],
          [1, HUES.gold.mid],
        ],
        0,
        0,
        1,
        1,
      ),
      "stroke-width": h * 0.011,
    });
    const centre = rnd.pick([125, 90, 55, 200, 330]);
    out += wreathArc(s, cx, cy, R, centre, rnd.range(130, 170), 8);
    if (rnd.chance(0.5)) out += wreathArc(s, cx, cy, R, centre + 180, 50, 2);
  } else {
    out += wreathArc(s, cx, cy, R, rnd.range(0, 360), 360, 12);
  }
  return out + scatteredPetals(s, rnd.int(3, 6), w * 0.05, h * 0.05, w * 0.9, h * 0.9, h * 0.03);
}

/** Greenery and flowers following a circle between centre ± span / 2 (degrees). */
function wreathArc(s: Scene, cx: number, cy: number, R: number, centre: number, span: number, heads: number): string {
  const { rnd, h } = s;
  const full = span >= 360;
  const pointOn = (deg: number, r = R): Point => ({ x: cx + Math.cos(rad(deg)) * r, y: cy + Math.sin(rad(deg)) * r });
  let back = "";
  const sprigs = Math.round(span / (full ? 10 : 8));
  for (let i = 0; i < sprigs; i++) {
    const t = (i + 0.5) / sprigs;
    const deg = centre - span / 2 + span * t;
    const dir = full ? 1 : t < 0.5 ? -1 : 1;
    const p = pointOn(deg, R * rnd.range(0.95, 1.05));
    const heading = headingOf(-Math.sin(rad(deg)) * dir, Math.cos(rad(deg)) * dir) + rnd.range(-25, 25);
    back += at({ x: p.x, y: p.y, rotate: heading }, greenery(s, rnd.pick(s.plan.greens), h * rnd.range(0.16, 0.23)));
  }
  if (s.plan.accent) {
    for (let i = 0; i < Math.max(2, heads / 2); i++) {
      const deg = centre + rnd.range(-0.4, 0.4) * span;
      const p = pointOn(deg);
      back += at({ x: p.x, y: p.y, rotate: deg + 90 + rnd.range(-60, 60) }, accent(s, s.plan.accent, h * 0.13));
    }
  }
  let front = "";
  for (let i = 0; i < heads; i++) {
    const t = full ? i / heads : (i + 0.5) / heads - 0.5;
    const deg = full ? centre + 360 * t + rnd.range(-8, 8) : centre + t * span * 0.55;
    const p = pointOn(deg, R * rnd.range(0.92, 1.08));
    const size = full ? h * rnd.range(0.06, 0.085) : h * lerp(0.1, 0.06, Math.abs(t) * 2) * rnd.range(0.9, 1.1);
    front += headAt(s, pickHead(s), p.x, p.y, size);
  }
  return back + front;
}

function closeUp(s: Scene): string {
  const { w, h, rnd } = s;
  const templates = [
    [
      [0.3, 0.58, 0.46],
      [0.8, 0.26, 0.3],
      [0.88, 0.95, 0.22],
    ],
    [
      [0.52, 0.5, 0.42],
      [0.1, 0.14, 0.24],
      [0.92, 0.86, 0.26],
    ],
    [
      [0.22, 0.3, 0.34],
      [0.64, 0.7, 0.42],
      [0.96, 0.18, 0.2],
    ],
  ] as const;
  const mirror = rnd.chance(0.5);
  const blooms = rnd.pick(templates).map(([x, y, r]) => ({ x: (mirror ? 1 - x : x) * w, y: y * h, r: r * h }));
  let out = paper(s);
  for (const b of blooms) {
    for (let i = 0; i < 4; i++) {
      const green = rnd.pick(s.pal.greens);
      out += at({ x: b.x, y: b.y, rotate: rnd.range(0, 360) }, leaf(s.c, green, b.r * rnd.range(1.5, 1.9), b.r * 0.45));
    }
  }
  for (let i = 0; i < 3; i++)
    out += at(
      { x: rnd.range(0.1, 0.9) * w, y: rnd.range(0.1, 0.9) * h, rotate: rnd.range(0, 360) },
      greenery(s, rnd.pick(s.plan.greens), h * 0.3),
    );
  const kinds = headKinds(s);
  blooms.forEach((b, i) => {
    out += headAt(s, kinds[i % kinds.length] ?? "rose", b.x, b.y, b.r);
  });
  for (let i = 0; i < 3; i++)
    out += headAt(s, pickHead(s), rnd.range(0.05, 0.95) * w, rnd.range(0.05, 0.95) * h, h * rnd.range(0.06, 0.09));
  return out + scatteredPetals(s, rnd.int(3, 6), 0, 0, w, h, h * 0.035);
}

function budVases(s: Scene): string {
  const { w, h, rnd } = s;
  const shelfY = h * 0.8;
  const count = rnd.chance(0.6) ? 3 : 4;
  let out = paper(s) + backdrop(s, w * rnd.range(0.4, 0.6), h * 0.42, h * 0.42) + tableTop(s, shelfY);
  const spread = count === 3 ? 0.25 : 0.32;
  for (let i = 0; i < count; i++) {
    const x = w * (0.5 + lerp(-spread, spread, i / (count - 1))) + rnd.range(-0.02, 0.02) * w;
    const baseY = shelfY + h * rnd.range(0.05, 0.08);
    const vh = h * rnd.range(0.2, 0.34);
    const vw = vh * rnd.range(0.5, 0.72);
    const tint = rnd.pick([GREENS.sage.mid, HUES.blush.dark, "#b9d3dc", HUES.gold.light, HUES.plum.light]);
    const kind = rnd.int(0, 2);
    const vessel =
      kind === 0
        ? bottle(s.c, tint, vw, vh)
        : kind === 1
          ? ceramicVase(s.c, rnd, rnd.pick(s.pal.vases), vw * 1.25, vh)
          : glassVase(s.c, rnd, tint, vw * 1.15, vh);
    out += softShadow(s, x + vw * 0.15, baseY, vw * 0.6, h * 0.018);
    out += at({ x, y: baseY }, vessel.back);
    out += stemsForBudVase(s, x, baseY - vh * 0.55, h * rnd.range(0.36, 0.5));
    out += at({ x, y: baseY }, vessel.front);
  }
  return out + scatteredPetals(s, rnd.int(2, 5), w * 0.1, shelfY + h * 0.09, w * 0.8, h * 0.08, h * 0.03);
}

function stemsForBudVase(s: Scene, x: number, y: number, len: number): string {
  const { rnd, plan } = s;
  let out = at({ x, y, rotate: rnd.sign() * rnd.range(10, 35) }, greenery(s, rnd.pick(plan.greens), len * rnd.range(0.7, 0.9)));
  if (plan.spike && rnd.chance(0.5))
    out += at({ x, y, rotate: rnd.range(-15, 15) }, spike(s.c, rnd, spikeHue(s, plan.spike), len * 1.05, plan.spike));
  if (plan.accent && rnd.chance(0.5)) out += at({ x, y, rotate: rnd.range(-30, 30) }, accent(s, plan.accent, len * 0.8));
  const stems = rnd.int(2, 3);
  const bloom = rnd.pick(plan.blooms);
  for (let i = 0; i < stems; i++) {
    const angle = rad(lerp(-22, 22, i / (stems - 1)) + rnd.range(-6, 6));
    const l = len * rnd.range(0.7, 1);
    out += flowerOnStem(s, bloom, x, y, x + Math.sin(angle) * l, y - Math.cos(angle) * l, len * (bloom === "tulip" ? 0.34 : 0.34));
  }
  return out;
}

// ── Outdoor scenes ──

function sky(s: Scene, horizon: number): string {
  const { c, pal, w, rnd, h } = s;
  const sunX = w * rnd.range(0.2, 0.8);
  const sunY = horizon - h * rnd.range(0.12, 0.26);
  let out = el.rect(0, 0, w, horizon + 2, {
    fill: c.linear(
      [
        [0, pal.sky[0]],
        [1, pal.sky[1]],
      ],
      0,
      0,
      0,
      1,
    ),
  });
  out += el.circle(sunX, sunY, h * 0.2, {
    fill: c.radial([
      [0, HUES.gold.light, 0.6],
      [1, HUES.gold.light, 0],
    ]),
  });
  out += el.circle(sunX, sunY, h * 0.06, { fill: lighten(HUES.gold.light, 0.4), opacity: 0.9 });
  for (let i = 0; i < rnd.int(2, 3); i++) out += cloud(rnd.range(0.05, 0.95) * w, rnd.range(0.08, 0.3) * h, h * rnd.range(0.05, 0.08));
  return out;
}

function cloud(x: number, y: number, size: number): string {
  const body =
    el.circle(x - size * 1.1, y, size * 0.7) +
    el.circle(x - size * 0.3, y - size * 0.45, size) +
    el.circle(x + size * 0.7, y - size * 0.2, size * 0.8) +
    el.rect(x - size * 1.8, y - size * 0.1, size * 3.4, size * 0.8, { rx: size * 0.4 });
  return el.group(body, { fill: "#ffffff", opacity: 0.7 });
}

function hills(s: Scene, y: number, amplitude: number, color: string): string {
  const { w, h, rnd } = s;
  const bumps = rnd.int(2, 4);
  let data = d`M0 ${y + rnd.range(-1, 1) * amplitude}`;
  for (let i = 1; i <= bumps; i++) {
    const x = (w * i) / bumps;
    data += d`Q${x - w / bumps / 2} ${y - amplitude * rnd.range(0.4, 1.4)} ${x} ${y + rnd.range(-0.5, 0.5) * amplitude}`;
  }
  return el.path(data + d`L${w} ${h}L0 ${h}Z`, { fill: color });
}

/** A lavender farm: purple rows and lavender in the foreground. */
function isLavenderFarm(plan: Plan): boolean {
  const primary = plan.blooms[0];
  return plan.spike === "lavender" && primary !== "sunflower" && primary !== "tulip";
}

function fieldColors(s: Scene): string[] {
  const primary = s.plan.blooms[0] ?? "tulip";
  if (s.plan.meadow)
    return [
      s.plan.spikeHue?.mid ?? HUES.lavender.mid,
      HUES.gold.mid,
      "#fdf8f3",
      HUES.crimson.mid,
      HUES.peach.dark,
      s.plan.spikeHue?.dark ?? HUES.rose.mid,
    ];
  if (isLavenderFarm(s.plan)) return [HUES.lavender.mid, HUES.lavender.dark, mix(HUES.lavender.mid, HUES.plum.mid, 0.4)];
  if (primary === "sunflower") return [SUNFLOWER.mid, SUNFLOWER.dark, HUES.gold.light];
  if (primary === "daffodil") return [HUES.butter.dark, HUES.gold.mid, "#fff7d6"];
  if (primary === "poppy") return [HUES.crimson.mid, HUES.peach.dark, HUES.gold.mid];
  if (primary === "tulip") return [HUES.crimson.mid, HUES.gold.mid, HUES.rose.mid, "#fdf8f3", HUES.plum.mid];
  if (primary === "rose") return [HUES.crimson.mid, HUES.rose.mid, HUES.blush.dark, "#fdf8f3", HUES.crimson.dark];
  if (primary === "dahlia") return [HUES.plum.mid, HUES.crimson.mid, HUES.peach.dark, HUES.gold.mid, HUES.plum.light];
  if (primary === "hydrangea" || primary === "lily")
    return [HUES.lavender.mid, HUES.rose.light, HUES.blush.dark, HUES.lavender.dark, "#fdf8f3"];
  return [HUES.rose.mid, HUES.gold.mid, HUES.crimson.mid, HUES.peach.dark, HUES.plum.mid, "#fdf8f3"];
}

function flowerField(s: Scene, horizon: number): string {
  const { w, h, c, rnd } = s;
  const colors = rnd.shuffle(fieldColors(s));
  // Rows run straight away from the viewer, or off to one side.
  const vp: Point = { x: w * rnd.pick([0.5, 0.35, 0.65, -0.4, 1.4]), y: horizon - h * 0.06 };
  const stripes = 22;
  const span = w * 5;
  const stripeW = span / stripes;
  const xAt = (bottomX: number, y: number): number => vp.x + ((bottomX - vp.x) * (y - vp.y)) / (h - vp.y);
  let out = el.rect(0, horizon, w, h - horizon, {
    fill: c.linear(
      [
        [0, GREENS.sage.mid],
        [1, GREENS.forest.mid],
      ],
      0,
      0,
      0,
      1,
    ),
  });
  for (let i = 0; i < stripes; i++) {
    const x0 = vp.x - span / 2 + i * stripeW;
    const x1 = x0 + stripeW * 0.72;
    const color = colors[i % colors.length] ?? HUES.rose.mid;
    out += el.path(d`M${xAt(x0, horizon)} ${horizon}L${xAt(x1, horizon)} ${horizon}L${x1} ${h}L${x0} ${h}Z`, { fill: color });
    for (let k = 3; k < 13; k++) {
      const y = horizon + (h - horizon) * (k / 13) ** 1.6;
      const mid = (xAt(x0, y) + xAt(x1, y)) / 2;
      const size = ((y - horizon) / (h - horizon)) * stripeW * 0.09;
      if (mid > -size && mid < w + size)
        out += el.ellipse(mid + rnd.range(-1, 1) * size * 2, y, size, size * 0.6, { fill: lighten(color, 0.35), opacity: 0.8 });
    }
  }
  out += el.rect(0, horizon, w, (h - horizon) * 0.25, {
    fill: c.linear(
      [
        [0, s.pal.sky[1], 0.55],
        [1, s.pal.sky[1], 0],
      ],
      0,
      0,
      0,
      1,
    ),
  });
  return out;
}

/** Wild flowers dotted through grass, smaller towards the horizon. */
function meadow(s: Scene, horizon: number): string {
  const { w, h, c, rnd } = s;
  const colors = fieldColors(s);
  let out = el.rect(0, horizon, w, h - horizon, {
    fill: c.linear(
      [
        [0, GREENS.sage.mid],
        [1, GREENS.forest.mid],
      ],
      0,
      0,
      0,
      1,
    ),
  });
  const dominant = colors[0] ?? HUES.gold.mid;
  const rows = 20;
  for (let k = 1; k <= rows; k++) {
    const depth = (k / rows) ** 1.8;
    const y = horizon + (h - horizon) * depth;
    const size = h * 0.0028 + depth * h * 0.008;
    const count = Math.round(w / (size * 11));
    for (let i = 0; i < count; i++) {
      const color = rnd.chance(0.4) ? dominant : rnd.pick(colors);
      out += el.ellipse(rnd.range(0, w), y + rnd.range(-1, 1) * size * 2.5, size, size * 0.7, { fill: color, opacity: 0.9 });
    }
  }
  out += el.rect(0, horizon, w, (h - horizon) * 0.25, {
    fill: c.linear(
      [
        [0, s.pal.sky[1], 0.55],
        [1, s.pal.sky[1], 0],
      ],
      0,
      0,
      0,
      1,
    ),
  });
  return out;
}

function windmill(s: Scene, x: number, ground: number, height: number): string {
  const { rnd } = s;
  const body = d`M${x - height * 0.17} ${ground}L${x - height * 0.1} ${ground - height * 0.72}L${x + height * 0.1} ${ground - height * 0.72}L${x + height * 0.17} ${ground}Z`;
  const cap = d`M${x - height * 0.13} ${ground - height * 0.7}Q${x} ${ground - height * 0.95} ${x + height * 0.13} ${ground - height * 0.7}Z`;
  const hubY = ground - height * 0.76;
  const spin = rnd.range(0, 90);
  let blades = "";
  for (let i = 0; i < 4; i++) {
    blades += el.group(
      el.rect(-height * 0.012, -height * 0.55, height * 0.024, height * 0.55, { fill: BARK }) +
        el.rect(height * 0.012, -height * 0.53, height * 0.09, height * 0.42, {
          fill: "#fdf8f3",
          stroke: BARK,
          "stroke-width": height * 0.008,
          opacity: 0.92,
        }),
      { transform: `translate(${num(x)} ${num(hubY)}) rotate(${num(spin + i * 90)})` },
    );
  }
  return (
    el.path(body, {
      fill: s.c.across([
        [0, "#fdf8f3"],
        [0.7, "#efe2d3"],
        [1, "#d9c6b2"],
      ]),
    }) +
    el.path(cap, { fill: HUES.plum.dark }) +
    el.rect(x - height * 0.035, ground - height * 0.16, height * 0.07, height * 0.16, { rx: height * 0.035, fill: BARK }) +
    blades +
    el.circle(x, hubY, height * 0.03, { fill: BARK })
  );
}

function tents(s: Scene, ground: number, height: number): string {
  const { w, rnd } = s;
  const count = rnd.int(3, 5);
  const start = w * rnd.range(0.1, 0.3);
  const gap = height * 1.35;
  let out = "";
  const peaks: Point[] = [];
  for (let i = 0; i < count; i++) {
    const x = start + i * gap;
    const color = rnd.pick([HUES.crimson.mid, HUES.plum.mid, GREENS.forest.mid, HUES.gold.mid, HUES.rose.mid]);
    const half = height * 0.55;
    const roofY = ground - height * 0.55;
    const peakY = ground - height * 1.05;
    out += el.rect(x - half, roofY, half * 2, height * 0.55, { fill: "#fdf8f3" });
    out += el.rect(x - half * 0.3, roofY + height * 0.12, half * 0.6, height * 0.43, { fill: darken(color, 0.25), opacity: 0.55 });
    for (let k = 0; k < 4; k++) {
      const x0 = x - half + (k * half * 2) / 4;
      out += el.path(d`M${x} ${peakY}L${x0} ${roofY}L${x0 + half / 2} ${roofY}Z`, { fill: k % 2 === 0 ? color : "#fdf8f3" });
    }
    out += el.path(d`M${x - half} ${roofY}L${x + half} ${roofY}`, { stroke: darken(color, 0.2), "stroke-width": height * 0.04 });
    peaks.push({ x, y: peakY });
  }
  for (let i = 0; i + 1 < peaks.length; i++) {
    const a = peaks[i];
    const b = peaks[i + 1];
    if (a && b) out += bunting(s, a, b, height * 0.12);
  }
  return out;
}

function bunting(s: Scene, a: Point, b: Point, flag: number): string {
  const sag = Math.abs(b.x - a.x) * 0.18;
  const ctrl: Point = { x: (a.x + b.x) / 2, y: Math.max(a.y, b.y) + sag };
  let out = el.path(d`M${a.x} ${a.y}Q${ctrl.x} ${ctrl.y} ${b.x} ${b.y}`, { fill: "none", stroke: BARK, "stroke-width": flag * 0.08 });
  const colors = [HUES.rose.mid, HUES.gold.mid, GREENS.sage.mid, "#fdf8f3", HUES.plum.mid];
  for (let i = 1; i < 7; i++) {
    const p = quadPoint(a, ctrl, b, i / 7);
    out += el.path(d`M${p.x - flag * 0.5} ${p.y}L${p.x + flag * 0.5} ${p.y}L${p.x} ${p.y + flag * 1.1}Z`, {
      fill: colors[(i + s.rnd.int(0, 4)) % colors.length] ?? HUES.rose.mid,
    });
  }
  return out;
}

function balloon(s: Scene, x: number, y: number, size: number): string {
  const { c, rnd } = s;
  const envelope =
    d`M${-size * 0.3} ${size * 1.3}C${-size * 0.8} ${size * 0.8} ${-size} ${size * 0.4} ${-size} 0` +
    d`A${size} ${size} 0 0 1 ${size} 0C${size} ${size * 0.4} ${size * 0.8} ${size * 0.8} ${size * 0.3} ${size * 1.3}Z`;
  const [a, b] = rnd.shuffle([HUES.rose.mid, HUES.gold.mid, HUES.plum.mid, "#fdf8f3", GREENS.sage.mid, HUES.crimson.mid]);
  const clip = c.clip(`<path d="${envelope}"/>`);
  const gores =
    el.ellipse(0, size * 0.2, size * 0.62, size * 1.4, { fill: b ?? "#fdf8f3" }) +
    el.ellipse(0, size * 0.2, size * 0.24, size * 1.4, { fill: a ?? HUES.rose.mid });
  const shade = el.rect(-size, -size, size * 2, size * 2.4, {
    fill: c.across([
      [0, "#ffffff", 0.25],
      [0.5, "#ffffff", 0],
      [1, "#000000", 0.2],
    ]),
  });
  const body =
    el.path(envelope, { fill: a ?? HUES.rose.mid }) +
    el.group(gores + shade, { "clip-path": clip }) +
    el.path(d`M${-size * 0.28} ${size * 1.3}L${-size * 0.13} ${size * 1.55}M${size * 0.28} ${size * 1.3}L${size * 0.13} ${size * 1.55}`, {
      stroke: BARK,
      "stroke-width": size * 0.03,
    }) +
    el.rect(-size * 0.15, size * 1.55, size * 0.3, size * 0.22, { rx: size * 0.03, fill: "#9a6b4a" });
  return at({ x, y }, body);
}

function tree(s: Scene, x: number, ground: number, size: number): string {
  const color = s.rnd.pick([GREENS.forest.mid, GREENS.sage.dark, GREENS.olive.mid]);
  return (
    el.rect(x - size * 0.06, ground - size * 0.9, size * 0.12, size * 0.9, { fill: BARK }) +
    el.circle(x, ground - size * 1.2, size * 0.55, { fill: color }) +
    el.circle(x - size * 0.35, ground - size * 0.95, size * 0.4, { fill: darken(color, 0.1) }) +
    el.circle(x + size * 0.35, ground - size * 0.98, size * 0.42, { fill: lighten(color, 0.1) })
  );
}

function landmark(s: Scene, horizon: number): string {
  const { w, h, rnd } = s;
  switch (rnd.int(0, 3)) {
    case 0:
      return windmill(s, w * rnd.pick([0.2, 0.78, 0.68]), horizon + h * 0.01, h * 0.3);
    case 1:
      return tents(s, horizon + h * 0.01, h * 0.09);
    case 2: {
      let out = "";
      for (let i = 0; i < rnd.int(2, 4); i++)
        out += balloon(s, w * rnd.range(0.08, 0.92), h * rnd.range(0.08, 0.3), h * rnd.range(0.03, 0.07));
      return out;
    }
    default: {
      let out = "";
      for (let i = 0; i < rnd.int(4, 7); i++) out += tree(s, w * rnd.range(0, 1), horizon + h * 0.01, h * rnd.range(0.05, 0.09));
      return out;
    }
  }
}

function field(s: Scene): string {
  const { w, h, rnd, plan } = s;
  const horizon = h * rnd.range(0.42, 0.5);
  let out = sky(s, horizon);
  out += hills(s, horizon - h * 0.05, h * 0.05, mix(GREENS.sage.light, s.pal.sky[1], 0.4));
  out += landmark(s, horizon);
  out += hills(s, horizon, h * 0.02, GREENS.sage.mid);
  out += plan.meadow ? meadow(s, horizon) : flowerField(s, horizon);
  const primary = plan.blooms[0] ?? "tulip";
  const count = rnd.int(6, 8) + (plan.meadow ? 3 : 0);
  for (let i = 0; i < count; i++) {
    const x = (w * (i + rnd.range(0.1, 0.9))) / count;
    const top = h * rnd.range(0.72, 0.86);
    const spikeHere = plan.spike !== null && (isLavenderFarm(plan) || (plan.meadow && i % 2 === 0));
    if (spikeHere && plan.spike) {
      out += at(
        { x, y: h * 1.02, rotate: rnd.range(-12, 12) },
        spike(s.c, rnd, spikeHue(s, plan.spike), h * rnd.range(0.26, 0.34), plan.spike),
      );
    } else {
      const bloom = plan.meadow ? rnd.pick(plan.blooms) : primary;
      out += flowerOnStem(s, bloom, x + rnd.range(-20, 20), h * 1.05, x, top, h * (bloom === "tulip" ? 0.13 : 0.16));
    }
  }
  return out;
}

function blossomBranches(s: Scene): string {
  const { w, h, rnd, c } = s;
  const horizon = h * rnd.range(0.64, 0.76);
  const water = ["blush", "rosewater", "plum"].includes(s.pal.name);
  let out = sky(s, horizon);
  if (!water) out += hills(s, horizon - h * 0.03, h * 0.04, mix(GREENS.sage.light, s.pal.sky[1], 0.4));
  out += blossomTreeLine(s, horizon);
  if (water) {
    out += el.rect(0, horizon, w, h - horizon, {
      fill: c.linear(
        [
          [0, mix(GREENS.eucalyptus.light, s.pal.sky[1], 0.4)],
          [1, GREENS.eucalyptus.mid],
        ],
        0,
        0,
        0,
        1,
      ),
    });
    out += el.group(blossomTreeLine(s, horizon), { transform: `translate(0 ${num(horizon * 2)}) scale(1 -1)`, opacity: 0.35 });
  } else {
    out += el.rect(0, horizon, w, h - horizon, {
      fill: c.linear(
        [
          [0, GREENS.sage.mid],
          [1, GREENS.forest.mid],
        ],
        0,
        0,
        0,
        1,
      ),
    });
    if (rnd.chance(0.6)) out += tents(s, horizon + h * 0.05, h * 0.07);
  }
  const left = rnd.chance(0.5);
  const main: Point = { x: left ? -w * 0.02 : w * 1.02, y: h * rnd.range(0.04, 0.28) };
  const second: Point = { x: left ? w * 1.02 : -w * 0.02, y: h * rnd.range(0.3, 0.5) };
  out += branch(s, main, (left ? 0 : 180) + (left ? 1 : -1) * rnd.range(0, 22), h * 0.42, h * 0.035);
  out += branch(s, second, (left ? 180 : 0) + (left ? -1 : 1) * rnd.range(5, 30), h * rnd.range(0.26, 0.36), h * 0.028);
  return out + scatteredPetals(s, rnd.int(8, 14), 0, 0, w, h, h * 0.022);
}

function blossomTreeLine(s: Scene, horizon: number): string {
  const { w, h } = s;
  const tones = [HUES.blush.dark, HUES.rose.light, "#fdf0ee", HUES.blush.mid];
  // Its own generator, so the reflection repeats the same trees.
  const pick = new Random(hashString(`trees:${w}:${horizon}`));
  let out = "";
  for (let x = -w * 0.05; x < w * 1.05; x += h * pick.range(0.06, 0.1)) {
    const r = h * pick.range(0.04, 0.07);
    out += el.rect(x - r * 0.08, horizon - r * 0.9, r * 0.16, r * 0.9, { fill: BARK, opacity: 0.6 });
    out += el.circle(x, horizon - r * 1.3, r, { fill: pick.pick(tones) });
  }
  return out;
}

/** A blossoming branch growing from `start` in direction `angle` (degrees, 0 = right). */
function branch(s: Scene, start: Point, angle: number, len: number, width: number): string {
  const segments: string[] = [];
  const tips: Point[] = [];
  growBranch(s, start, angle, len, width, 3, segments, tips);
  let blossoms = "";
  const size = s.h * 0.032;
  for (const tip of tips) {
    for (let k = 0; k < s.rnd.int(1, 3); k++) {
      const x = tip.x + s.rnd.range(-1, 1) * size * 1.3;
      const y = tip.y + s.rnd.range(-1, 1) * size * 1.3;
      const blossomHue = hueOf(s, "blossom");
      if (s.rnd.chance(0.25)) blossoms += el.circle(x, y, size * 0.35, { fill: blossomHue.mid });
      else
        blossoms += at(
          { x, y, rotate: s.rnd.range(0, 72), scale: (size * s.rnd.range(0.75, 1.25)) / 100 },
          blossom(s.c, s.rnd, blossomHue),
        );
    }
  }
  return segments.join("") + blossoms;
}

function growBranch(
  s: Scene,
  from: Point,
  angle: number,
  len: number,
  width: number,
  depth: number,
  segments: string[],
  tips: Point[],
): void {
  const { rnd } = s;
  const to: Point = { x: from.x + Math.cos(rad(angle)) * len, y: from.y + Math.sin(rad(angle)) * len };
  const bend = rnd.range(-0.15, 0.15) * len;
  const ctrl: Point = { x: (from.x + to.x) / 2 - Math.sin(rad(angle)) * bend, y: (from.y + to.y) / 2 + Math.cos(rad(angle)) * bend };
  segments.push(stem(from, ctrl, to, width, BARK));
  if (depth < 3) tips.push(quadPoint(from, ctrl, to, 0.6));
  if (depth === 0) {
    tips.push(to);
    return;
  }
  const children = rnd.int(2, 3);
  for (let i = 0; i < children; i++) {
    const turn = (i - (children - 1) / 2) * rnd.range(28, 42) + rnd.range(-10, 10) + 8;
    growBranch(s, to, angle + turn, len * rnd.range(0.55, 0.75), width * 0.62, depth - 1, segments, tips);
  }
}

function corner(s: Scene): string {
  const { w, h, rnd } = s;
  let out = paper(s) + el.circle(w / 2, h / 2, h * 0.36, { fill: s.pal.dark ? lighten(s.pal.bg[0], 0.08) : "#ffffff", opacity: 0.5 });
  const pairs = rnd.chance(0.5)
    ? [
        { x: 0, y: 0 },
        { x: w, y: h },
      ]
    : [
        { x: w, y: 0 },
        { x: 0, y: h },
      ];
  for (const p of pairs) out += cornerCluster(s, p);
  return out + scatteredPetals(s, rnd.int(5, 9), w * 0.25, h * 0.2, w * 0.5, h * 0.6, h * 0.028);
}

function cornerCluster(s: Scene, p: Point): string {
  const { w, h, rnd } = s;
  const inward = headingOf(w / 2 - p.x, h / 2 - p.y);
  let out = "";
  for (let i = 0; i < 11; i++)
    out += at({ x: p.x, y: p.y, rotate: inward + rnd.range(-75, 75) }, greenery(s, rnd.pick(s.plan.greens), h * rnd.range(0.5, 0.75)));
  if (s.plan.spike) {
    const hue = spikeHue(s, s.plan.spike);
    for (let i = 0; i < 3; i++)
      out += at({ ...p, rotate: inward + rnd.range(-50, 50) }, spike(s.c, rnd, hue, h * rnd.range(0.5, 0.65), s.plan.spike));
  }
  if (s.plan.accent) {
    for (let i = 0; i < 3; i++)
      out += at({ x: p.x, y: p.y, rotate: inward + rnd.range(-60, 60) }, accent(s, s.plan.accent, h * rnd.range(0.45, 0.55)));
  }
  const dir = rad(inward);
  const heads = scatter(9, h * 0.13, () => {
    const a = dir + rnd.range(-1.2, 1.2);
    const r = h * Math.sqrt(rnd.next()) * 0.42;
    return { x: p.x + Math.sin(a) * r, y: p.y - Math.cos(a) * r };
  }).sort((a, b) => Math.hypot(b.x - p.x, b.y - p.y) - Math.hypot(a.x - p.x, a.y - p.y));
  for (const q of heads) {
    const nearness = 1 - Math.hypot(q.x - p.x, q.y - p.y) / (h * 0.42);
    out += headAt(s, pickHead(s), q.x, q.y, h * lerp(0.075, 0.15, nearness) * rnd.range(0.9, 1.1));
  }
  return out;
}

const COMPOSITIONS: Record<CompositionName, Composition> = {
  bouquet: bouquetInVase,
  buckets: (s) => marketBuckets(s, s.w > s.h * 1.7 ? 5 : 3, s.rnd.chance(0.45)),
  stall: marketStall,
  flatLay,
  knolling,
  wreath,
  closeUp,
  budVases,
  field,
  blossomBranches,
  corner,
};

/** Draws the picture for a file name. Exported for previews. */
export function renderSvg(name: string, role: ImageRole, width: number, height: number, look: Look = lookFromHash(name, role)): string {
  const scene = createScene(name, role, width, height, look);
  return scene.c.render(COMPOSITIONS[look.composition](scene));
}

// ───────────────────────────── Output ─────────────────────────────

interface ImageJob {
  /** Path under public/, e.g. "images/blog/peony-centerpiece.webp". */
  readonly file: string;
  readonly role: ImageRole;
  readonly width: number;
  readonly height: number;
  readonly look?: Look;
  /** Smaller widths written beside the file as "<name>-<width>.webp", for srcset. */
  readonly variants?: readonly number[];
  /** WebP quality when not the default (WEBP_OPTIONS). */
  readonly quality?: number;
  /** A centre crop of the full height, this many pixels wide, written as "<name>-portrait.webp" for phones. */
  readonly portraitWidth?: number;
}

interface JobResult {
  readonly bytes: number;
  readonly written: boolean;
}

const CARD_SIZE = { width: 1200, height: 800 } as const;
/**
 * Card images (1200 px) also come 400 and 800 px wide, the widths uploads are stored in;
 * `imageSrcSet` in app/services/images/constants.ts knows these names. The hero has none: it covers a
 * section taller than a phone is wide, so it is drawn well over 1200 CSS px wide on every screen.
 */
const CARD_VARIANTS = [400, 800] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Reads the `image` fields of an exported array in a seed data file, if that file exists. */
async function imagePathsFrom(relativeFile: string, exportName: string): Promise<string[]> {
  const absolute = path.join(ROOT, relativeFile);
  if (!(await exists(absolute))) {
    console.log(`skip ${relativeFile}: file not found`);
    return [];
  }
  let mod: unknown;
  try {
    mod = await import(pathToFileURL(absolute).href);
  } catch (error: unknown) {
    console.log(`skip ${relativeFile}: could not load it (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
    return [];
  }
  const list = isRecord(mod) ? mod[exportName] : undefined;
  if (!Array.isArray(list)) {
    console.log(`skip ${relativeFile}: no "${exportName}" array exported`);
    return [];
  }
  const images = list.flatMap((item: unknown) => (isRecord(item) && typeof item.image === "string" ? [item.image] : []));
  return [...new Set(images)];
}

/** "/images/blog/x.webp" -> "images/blog/x.webp", refusing anything outside public/images. */
function publicPath(imageUrl: string): string | null {
  const relative = path.posix.normalize(imageUrl.replace(/^\/+/, ""));
  const ok = relative.startsWith("images/") && /\.(webp|png|jpe?g)$/i.test(relative) && !relative.includes("..");
  if (!ok) console.log(`skip image path ${JSON.stringify(imageUrl)}: expected /images/<...>.webp`);
  return ok ? relative : null;
}

async function collectJobs(): Promise<ImageJob[]> {
  const blog = await imagePathsFrom("app/db/seed/data/blog-posts.ts", "blogPosts");
  const festivals = await imagePathsFrom("app/db/seed/data/festivals.ts", "festivals");
  const fromData = (urls: readonly string[], role: ImageRole): ImageJob[] => {
    const files = urls.flatMap((url) => publicPath(url) ?? []);
    const looks = assignLooks(files.map(baseName), role);
    return files.map((file) => {
      const look = looks.get(baseName(file));
      const variants = file.endsWith(".webp") ? CARD_VARIANTS : undefined;
      return look ? { file, role, ...CARD_SIZE, look, variants } : { file, role, ...CARD_SIZE, variants };
    });
  };
  return [
    ...fromData(blog, "blog"),
    ...fromData(festivals, "festival"),
    { file: "images/default-flower.webp", role: "stock", ...CARD_SIZE, variants: CARD_VARIANTS },
    // The hero lies under a dark gradient that hides fine detail, so it is kept under 60 KB with a lower quality.
    // On a phone its section is taller than wide and shows only the middle of the picture: the portrait crop
    // (app/components/home/hero.tsx) has the same pixels there in well under half the bytes.
    { file: "images/hero.webp", role: "hero", width: 1600, height: 900, quality: 58, portraitWidth: 640 },
    { file: "images/og-default.webp", role: "og", width: 1200, height: 630 },
  ];
}

/** The picture's pixels, drawn once and shared by the file and its smaller variants. */
interface Raster {
  readonly data: Buffer;
  readonly info: OutputInfo;
}

const fromRaster = ({ data, info }: Raster) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

async function encode(raster: Raster, file: string, quality: number = WEBP_OPTIONS.quality): Promise<Buffer> {
  const image = fromRaster(raster);
  const ext = path.extname(file).toLowerCase();
  if (ext === ".png") return image.png({ compressionLevel: 9, palette: true }).toBuffer();
  if (ext === ".jpg" || ext === ".jpeg") return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return image.webp({ ...WEBP_OPTIONS, quality }).toBuffer();
}

/** "images/blog/peony-care.webp" -> "peony-care" */
function baseName(file: string): string {
  return path.basename(file).replace(/\.[a-z]+$/i, "");
}

/** "images/blog/peony-care.webp", 400 -> "images/blog/peony-care-400.webp" */
const variantFile = (file: string, width: number) => file.replace(/\.webp$/i, `-${width}.webp`);

/** Writes a file unless it already holds exactly these bytes. */
async function writeIfChanged(file: string, data: Buffer): Promise<JobResult> {
  const target = path.join(PUBLIC_DIR, file);
  const previous = await readFile(target).catch(() => null);
  if (previous?.equals(data)) return { bytes: data.length, written: false };
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, data);
  return { bytes: data.length, written: true };
}

async function runJob(job: ImageJob): Promise<JobResult[]> {
  const svg = renderSvg(baseName(job.file), job.role, job.width, job.height, job.look);
  const raster = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const results = [await writeIfChanged(job.file, await encode(raster, job.file, job.quality))];
  for (const width of job.variants ?? []) {
    const height = Math.round((width * job.height) / job.width);
    const data = await fromRaster(raster).resize({ width, height }).webp(WEBP_OPTIONS).toBuffer();
    results.push(await writeIfChanged(variantFile(job.file, width), data));
  }
  if (job.portraitWidth) {
    const crop = { left: Math.round((job.width - job.portraitWidth) / 2), top: 0, width: job.portraitWidth, height: job.height };
    const data = await fromRaster(raster)
      .extract(crop)
      .webp({ ...WEBP_OPTIONS, quality: job.quality ?? WEBP_OPTIONS.quality })
      .toBuffer();
    results.push(await writeIfChanged(job.file.replace(/\.webp$/i, "-portrait.webp"), data));
  }
  return results;
}

async function runAll<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function main(): Promise<void> {
  const started = performance.now();
  const jobs = await collectJobs();
  const results = (await runAll(jobs, Math.max(2, availableParallelism()), runJob)).flat();
  results.push(await writeIfChanged("favicon.ico", await faviconIco(await readFile(path.join(PUBLIC_DIR, "favicon.svg")))));
  const bytes = results.reduce((sum, r) => sum + r.bytes, 0);
  const written = results.filter((r) => r.written).length;
  const elapsed = Math.round(performance.now() - started);
  const unchanged = results.length - written;
  console.log(
    `generated ${results.length} images (${written} written, ${unchanged} unchanged), ${bytes} bytes total (${Math.round(bytes / 1024)} KB), ${elapsed} ms`,
  );
}

/** True when run as a script (not imported, e.g. by a preview tool). */
function invokedDirectly(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(path.resolve(entry)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
