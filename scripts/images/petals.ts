/**
 * Petals and rings of petals. Flower heads are drawn facing the viewer around the origin with a radius of
 * about 100.
 */
import type { Random } from "./random";
import { d, el, num, type Stop, type Svg } from "./svg";

export type PetalShape = "round" | "point" | "ruffle" | "notch";

/** A petal from its base at the origin to its tip at (0, -len); `w` is its half width. */
export function petalPath(shape: PetalShape, len: number, w: number): string {
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

export function petalRing(rnd: Random, ring: RingSpec): string {
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

/** Rings of petals of one shape and jitter, the first behind the next. */
export function petalRings(rnd: Random, shape: PetalShape, jitter: number, rings: readonly Omit<RingSpec, "shape" | "jitter">[]): string {
  return rings.map((ring) => petalRing(rnd, { ...ring, shape, jitter })).join("");
}

/** Petal gradient: shadowed base, lit tip. */
export function petalFill(c: Svg, base: string, middle: string, tip: string): string {
  return c.linear([
    [0, base],
    [0.55, middle],
    [1, tip],
  ]);
}

/** Dotted ring (stamens, seeds) drawn with a dash pattern. */
export function dottedRing(r: number, color: string, size: number, gap: number, opacity = 1): string {
  return el.circle(0, 0, r, {
    fill: "none",
    stroke: color,
    "stroke-width": size,
    "stroke-dasharray": `0.1 ${gap}`,
    "stroke-linecap": "round",
    opacity,
  });
}

/** A disc at the centre filled with a radial gradient: the heart of a flower. */
export function disc(c: Svg, r: number, stops: readonly Stop[]): string {
  return el.circle(0, 0, r, { fill: c.radial(stops) });
}
