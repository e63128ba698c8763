/**
 * Full flower heads of many layered petals or florets (rose, peony, ranunculus, dahlia, hydrangea), facing the
 * viewer around the origin with a radius of about 100.
 */
import { darken, HUES, lighten, mix, type Hue } from "./color";
import { rad } from "./geometry";
import { disc, petalFill, petalRing, type PetalShape } from "./petals";
import type { Random } from "./random";
import { at, d, el, num, type Svg } from "./svg";

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

/** A head's rings of petals, outside in: how many petals each has, how long and how wide (half width) they are. */
interface Rings {
  readonly counts: readonly number[];
  readonly lens: readonly number[];
  readonly widths: readonly number[];
}

/**
 * How a head's rings lie: the first turned at random up to `start` degrees, each next one half a petal further and up
 * to `twist` degrees either way at random.
 */
interface Layering {
  readonly shape: PetalShape;
  readonly jitter: number;
  readonly edge: string;
  readonly start: number;
  readonly twist: number;
}

/** Rings of petals from the outside in; `fill(i)` colours ring i. */
function layeredRings(rnd: Random, rings: Rings, layering: Layering, fill: (i: number) => string): string {
  const { shape, jitter, edge, twist } = layering;
  let offset = rnd.range(0, layering.start);
  let out = "";
  rings.counts.forEach((count, i) => {
    const len = rings.lens[i];
    const width = rings.widths[i];
    if (len === undefined || width === undefined) throw new Error("a ring of petals without a length or a width");
    out += petalRing(rnd, { count, len, width, shape, fill: fill(i), offset, jitter, edge });
    offset += 180 / count + (twist > 0 ? rnd.range(-twist, twist) : 0);
  });
  return out;
}

const ROSE: Rings = { counts: [5, 5, 4, 3], lens: [100, 80, 60, 40], widths: [64, 54, 44, 32] };
const PEONY: Rings = { counts: [9, 8, 8, 7, 6, 5], lens: [100, 86, 71, 56, 41, 27], widths: [44, 42, 38, 32, 26, 19] };
const DAHLIA: Rings = { counts: [16, 16, 14, 12, 10, 8], lens: [100, 86, 72, 58, 44, 30], widths: [15, 14, 13, 12, 11, 9] };

export function rose(c: Svg, rnd: Random, h: Hue): string {
  const layering: Layering = { shape: "round", jitter: 8, edge: lighten(h.light, 0.4), start: 72, twist: 12 };
  let out = layeredRings(rnd, ROSE, layering, (i) => {
    const t = i / ROSE.counts.length;
    return petalFill(c, darken(h.dark, 0.1 + t * 0.25), mix(h.mid, h.dark, t * 0.5), mix(h.light, h.mid, t * 0.45));
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

export function peony(c: Svg, rnd: Random, h: Hue): string {
  const layering: Layering = { shape: "ruffle", jitter: 10, edge: lighten(h.light, 0.6), start: 40, twist: 15 };
  let out = layeredRings(rnd, PEONY, layering, (i) => {
    const t = i / (PEONY.counts.length - 1);
    return petalFill(c, mix(h.mid, h.dark, 0.25 + t * 0.45), mix(h.light, h.mid, 0.2 + t * 0.6), lighten(h.light, 0.5 - t * 0.4));
  });
  for (let i = 0; i < 6; i++) {
    const a = rad(rnd.range(0, 360));
    out += el.circle(Math.cos(a) * 9, Math.sin(a) * 9, 3.2, { fill: HUES.gold.mid });
  }
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

export function ranunculus(c: Svg, rnd: Random, h: Hue): string {
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

export function dahlia(c: Svg, rnd: Random, h: Hue): string {
  const layering: Layering = { shape: "point", jitter: 2, edge: lighten(h.light, 0.5), start: 22, twist: 0 };
  let out = layeredRings(rnd, DAHLIA, layering, (i) => {
    const t = i / (DAHLIA.counts.length - 1);
    return petalFill(c, darken(h.dark, 0.1 + t * 0.2), mix(h.mid, h.dark, t * 0.4), mix(h.light, h.mid, t * 0.5));
  });
  out += disc(c, 11, [
    [0, HUES.gold.mid],
    [1, darken(h.dark, 0.3)],
  ]);
  return out;
}

export function hydrangea(c: Svg, rnd: Random, h: Hue): string {
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
