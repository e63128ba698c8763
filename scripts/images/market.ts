/**
 * Market pictures: buckets of flowers in a row, and a two-tier flower stall under an awning.
 */
import { GREENS, HUES } from "./color";
import { leaf, spike, type SpikeKind } from "./foliage";
import { inEllipse, scatter } from "./geometry";
import type { Bloom, GreenKind } from "./keywords";
import type { Scene } from "./plan";
import { flowerOnStem, greenery, headAt, paper, scatteredPetals, softShadow, spikeHue, tableTop } from "./scene";
import { at, d, el } from "./svg";
import { bucket, tag, type BucketStyle } from "./vessels";

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

export function marketBuckets(s: Scene, count: number, withAwning: boolean): string {
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
export function marketStall(s: Scene): string {
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
