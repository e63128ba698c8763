/**
 * Bouquets: a dome of flowers over greenery, in a vase; and stems in small bud vases.
 */
import { GREENS, HUES } from "./color";
import { leaf, spike, stem } from "./foliage";
import { inEllipse, lerp, rad, scatter } from "./geometry";
import { headKinds, pickHead, type Scene } from "./plan";
import { accent, backdrop, flowerOnStem, greenery, headAt, paper, scatteredPetals, softShadow, spikeHue, tableTop } from "./scene";
import { at } from "./svg";
import { bottle, ceramicVase, glassVase, type Layers } from "./vessels";

/**
 * A dome of flowers over greenery, gathered at the origin (the vase mouth or the binding).
 * R is the dome radius. With stemDepth > 0, stems run down to that depth (for glass vases).
 */
export function bouquet(s: Scene, R: number, stemDepth: number): Layers {
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

export function bouquetInVase(s: Scene): string {
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

export function budVases(s: Scene): string {
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
