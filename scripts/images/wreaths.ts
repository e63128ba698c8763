/**
 * Round and corner arrangements: a wreath (full, or on a brass hoop) and clusters growing in from two corners.
 */
import { HUES, lighten } from "./color";
import { spike } from "./foliage";
import { headingOf, lerp, rad, scatter } from "./geometry";
import { pickHead, type Scene } from "./plan";
import { accent, greenery, headAt, paper, scatteredPetals, spikeHue } from "./scene";
import { at, el, type Point } from "./svg";

export function wreath(s: Scene): string {
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

export function corner(s: Scene): string {
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
