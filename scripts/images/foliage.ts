/**
 * Foliage, stems and spikes. These grow from the origin upwards, with sizes in the caller's units.
 */
import { darken, GREENS, lighten, mix, type Hue } from "./color";
import { lerp, quadHeading, quadPoint, rad } from "./geometry";
import { petalFill, petalRing } from "./petals";
import type { Random } from "./random";
import { at, d, el, type Point, type Svg } from "./svg";

export function stem(p0: Point, p1: Point, p2: Point, width: number, color: string): string {
  return el.path(d`M${p0.x} ${p0.y}Q${p1.x} ${p1.y} ${p2.x} ${p2.y}`, {
    fill: "none",
    stroke: color,
    "stroke-width": width,
    "stroke-linecap": "round",
  });
}

/** A leaf from its base at the origin to its tip at (0, -len). */
export function leaf(c: Svg, h: Hue, len: number, width: number): string {
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

export function leafyBranch(c: Svg, rnd: Random, h: Hue, len: number): string {
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

export function eucalyptus(c: Svg, rnd: Random, h: Hue, len: number): string {
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

export function babysBreath(rnd: Random, len: number): string {
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

export function berries(c: Svg, rnd: Random, color: string, len: number): string {
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

export type SpikeKind = "lavender" | "larkspur" | "snapdragon";

/** A flowering spike (lavender, larkspur, snapdragon) of the given length. */
export function spike(c: Svg, rnd: Random, h: Hue, len: number, kind: SpikeKind): string {
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
