/**
 * Outdoor backgrounds: sky, hills, planted flower fields and wild meadows.
 */
import { GREENS, HUES, lighten, mix, SUNFLOWER } from "./color";
import type { Plan, Scene } from "./plan";
import { d, el, type Point } from "./svg";

export function sky(s: Scene, horizon: number): string {
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

export function hills(s: Scene, y: number, amplitude: number, color: string): string {
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
export function isLavenderFarm(plan: Plan): boolean {
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

export function flowerField(s: Scene, horizon: number): string {
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
export function meadow(s: Scene, horizon: number): string {
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
