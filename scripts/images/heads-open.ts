/**
 * Open flower heads: a ring or two of petals around a marked centre (daisy, sunflower, anemone, poppy, lily,
 * daffodil, blossom, plumeria), facing the viewer around the origin with a radius of about 100.
 */
import { darken, HUES, lighten, mix, type Hue } from "./color";
import { rad } from "./geometry";
import { disc, dottedRing, petalFill, petalPath, petalRing, petalRings } from "./petals";
import type { Random } from "./random";
import { d, el, num, type Svg } from "./svg";

/** A petal's length and half width. */
type Petal = readonly [len: number, width: number];

export function daisy(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 20);
  let out = petalRings(rnd, "round", 3, [
    { count: 21, len: 98, width: 11, fill: petalFill(c, h.dark, h.mid, h.mid), offset },
    { count: 19, len: 88, width: 10.5, fill: petalFill(c, h.mid, h.light, lighten(h.light, 0.5)), offset: offset + 9 },
  ]);
  out += disc(c, 25, [
    [0, HUES.gold.light],
    [0.65, HUES.gold.mid],
    [1, "#d97706"],
  ]);
  out += dottedRing(18, "#b45309", 4, 6.5, 0.75) + dottedRing(10, "#b45309", 3.5, 6, 0.6);
  return out;
}

export function sunflower(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 20);
  let out = petalRings(rnd, "point", 4, [
    { count: 24, len: 100, width: 17, fill: petalFill(c, darken(h.dark, 0.15), h.dark, h.mid), offset },
    { count: 22, len: 88, width: 15, fill: petalFill(c, h.dark, h.mid, h.light), offset: offset + 8 },
  ]);
  out += disc(c, 45, [
    [0, "#7a4516"],
    [0.7, "#4a2510"],
    [1, "#2f170a"],
  ]);
  out += dottedRing(38, "#a16207", 5, 9, 0.7) + dottedRing(29, "#854d0e", 5, 8, 0.8);
  out += dottedRing(20, "#a16207", 4.5, 7.5, 0.7) + dottedRing(11, "#ca8a04", 4, 7, 0.6);
  return out;
}

export function anemone(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 60);
  let out = petalRings(rnd, "round", 6, [
    { count: 3, len: 98, width: 64, fill: petalFill(c, mix(h.mid, h.dark, 0.3), h.mid, h.light), offset: offset + 60 },
    { count: 3, len: 94, width: 62, fill: petalFill(c, h.mid, h.light, lighten(h.light, 0.6)), offset, edge: "#ffffff" },
  ]);
  out += el.circle(0, 0, 27, { fill: "#2b1322" });
  out += dottedRing(35, "#2b1322", 5, 8, 0.9) + dottedRing(15, "#6b2147", 4, 6, 0.9);
  return out;
}

export function poppy(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 90);
  let out = petalRings(rnd, "round", 5, [
    { count: 2, len: 100, width: 80, fill: petalFill(c, h.dark, h.mid, h.mid), offset: offset + 90 },
    { count: 2, len: 94, width: 76, fill: petalFill(c, darken(h.dark, 0.1), h.mid, h.light), offset, edge: h.light },
  ]);
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
  out += disc(c, 19, [
    [0, "#a3b18a"],
    [1, "#55683a"],
  ]);
  out += el.path("M-14 0H14M0 -14V14M-10 -10L10 10M-10 10L10 -10", { stroke: "#2b1322", "stroke-width": 2.4, opacity: 0.6 });
  return out;
}

/** Three pointed petals behind and three in front between them (a lily, a daffodil): [length, half width] of each. */
function sixPetals(c: Svg, rnd: Random, h: Hue, offset: number, back: Petal, front: Petal): string {
  return petalRings(rnd, "point", 5, [
    { count: 3, len: back[0], width: back[1], fill: petalFill(c, h.dark, h.mid, h.light), offset: offset + 60 },
    { count: 3, len: front[0], width: front[1], fill: petalFill(c, h.mid, h.light, lighten(h.light, 0.5)), offset, edge: "#ffffff" },
  ]);
}

export function lily(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 60);
  let out = sixPetals(c, rnd, h, offset, [100, 32], [96, 30]);
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

export function daffodil(c: Svg, rnd: Random, h: Hue): string {
  const offset = rnd.range(0, 60);
  let out = sixPetals(c, rnd, h, offset, [98, 40], [96, 38]);
  out += disc(c, 38, [
    [0, "#d97706"],
    [0.75, HUES.gold.mid],
    [1, HUES.gold.light],
  ]);
  out += el.circle(0, 0, 38, { fill: "none", stroke: HUES.gold.light, "stroke-width": 5, "stroke-dasharray": "7 4" });
  out += el.circle(0, 0, 21, { fill: "#c2410c", opacity: 0.55 });
  out += dottedRing(8, "#7c2d12", 3.5, 6);
  return out;
}

export function blossom(c: Svg, rnd: Random, h: Hue): string {
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
export function plumeria(c: Svg, rnd: Random, h: Hue): string {
  const fill = petalFill(c, HUES.gold.mid, lighten(HUES.gold.light, 0.5), h.light);
  const offset = rnd.range(0, 72);
  let out = "";
  for (let i = 0; i < 5; i++) {
    const body = el.path(petalPath("round", 100, 46), { fill, stroke: h.mid, "stroke-width": 1.6, "stroke-opacity": 0.6 });
    out += el.group(body, { transform: `rotate(${num(offset + i * 72)}) translate(14 0) rotate(16)` });
  }
  return out + el.circle(0, 0, 12, { fill: HUES.gold.dark, opacity: 0.85 });
}
