/**
 * Pictures seen from above: a tied bouquet laid on the table, florist's tools and flowers in a grid, and a
 * close-up of large blooms.
 */
import { darken, HUES, lighten } from "./color";
import { bouquet } from "./bouquets";
import { leaf, stem } from "./foliage";
import { rad, scatter } from "./geometry";
import { headKinds, pickHead, type Scene } from "./plan";
import { greenery, headAt, looseCurvedPetal, paper, scatteredPetals } from "./scene";
import { at, d, el, num, type Point } from "./svg";

export function flatLay(s: Scene): string {
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
export function knolling(s: Scene): string {
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

export function closeUp(s: Scene): string {
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
