/**
 * Festival pictures outdoors: a flower field under the sky, and blossoming branches over a park or water.
 */
import { BARK, GREENS, HUES, mix } from "./color";
import { flowerField, hills, isLavenderFarm, meadow, sky } from "./countryside";
import { spike, stem } from "./foliage";
import { quadPoint, rad } from "./geometry";
import { blossom } from "./heads-open";
import { landmark, tents } from "./landmarks";
import { hueOf, type Scene } from "./plan";
import { hashString, Random } from "./random";
import { flowerOnStem, scatteredPetals, spikeHue } from "./scene";
import { at, el, num, type Point } from "./svg";

export function field(s: Scene): string {
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

export function blossomBranches(s: Scene): string {
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
