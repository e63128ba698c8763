/**
 * What stands on a festival's horizon: a windmill, market tents with bunting, hot-air balloons or trees.
 */
import { BARK, darken, GREENS, HUES, lighten } from "./color";
import { quadPoint } from "./geometry";
import type { Scene } from "./plan";
import { at, d, el, num, type Point } from "./svg";

function windmill(s: Scene, x: number, ground: number, height: number): string {
  const { rnd } = s;
  const body = d`M${x - height * 0.17} ${ground}L${x - height * 0.1} ${ground - height * 0.72}L${x + height * 0.1} ${ground - height * 0.72}L${x + height * 0.17} ${ground}Z`;
  const cap = d`M${x - height * 0.13} ${ground - height * 0.7}Q${x} ${ground - height * 0.95} ${x + height * 0.13} ${ground - height * 0.7}Z`;
  const hubY = ground - height * 0.76;
  const spin = rnd.range(0, 90);
  let blades = "";
  for (let i = 0; i < 4; i++) {
    blades += el.group(
      el.rect(-height * 0.012, -height * 0.55, height * 0.024, height * 0.55, { fill: BARK }) +
        el.rect(height * 0.012, -height * 0.53, height * 0.09, height * 0.42, {
          fill: "#fdf8f3",
          stroke: BARK,
          "stroke-width": height * 0.008,
          opacity: 0.92,
        }),
      { transform: `translate(${num(x)} ${num(hubY)}) rotate(${num(spin + i * 90)})` },
    );
  }
  return (
    el.path(body, {
      fill: s.c.across([
        [0, "#fdf8f3"],
        [0.7, "#efe2d3"],
        [1, "#d9c6b2"],
      ]),
    }) +
    el.path(cap, { fill: HUES.plum.dark }) +
    el.rect(x - height * 0.035, ground - height * 0.16, height * 0.07, height * 0.16, { rx: height * 0.035, fill: BARK }) +
    blades +
    el.circle(x, hubY, height * 0.03, { fill: BARK })
  );
}

export function tents(s: Scene, ground: number, height: number): string {
  const { w, rnd } = s;
  const count = rnd.int(3, 5);
  const start = w * rnd.range(0.1, 0.3);
  const gap = height * 1.35;
  let out = "";
  const peaks: Point[] = [];
  for (let i = 0; i < count; i++) {
    const x = start + i * gap;
    const color = rnd.pick([HUES.crimson.mid, HUES.plum.mid, GREENS.forest.mid, HUES.gold.mid, HUES.rose.mid]);
    const half = height * 0.55;
    const roofY = ground - height * 0.55;
    const peakY = ground - height * 1.05;
    out += el.rect(x - half, roofY, half * 2, height * 0.55, { fill: "#fdf8f3" });
    out += el.rect(x - half * 0.3, roofY + height * 0.12, half * 0.6, height * 0.43, { fill: darken(color, 0.25), opacity: 0.55 });
    for (let k = 0; k < 4; k++) {
      const x0 = x - half + (k * half * 2) / 4;
      out += el.path(d`M${x} ${peakY}L${x0} ${roofY}L${x0 + half / 2} ${roofY}Z`, { fill: k % 2 === 0 ? color : "#fdf8f3" });
    }
    out += el.path(d`M${x - half} ${roofY}L${x + half} ${roofY}`, { stroke: darken(color, 0.2), "stroke-width": height * 0.04 });
    peaks.push({ x, y: peakY });
  }
  for (let i = 0; i + 1 < peaks.length; i++) {
    const a = peaks[i];
    const b = peaks[i + 1];
    if (a && b) out += bunting(s, a, b, height * 0.12);
  }
  return out;
}

function bunting(s: Scene, a: Point, b: Point, flag: number): string {
  const sag = Math.abs(b.x - a.x) * 0.18;
  const ctrl: Point = { x: (a.x + b.x) / 2, y: Math.max(a.y, b.y) + sag };
  let out = el.path(d`M${a.x} ${a.y}Q${ctrl.x} ${ctrl.y} ${b.x} ${b.y}`, { fill: "none", stroke: BARK, "stroke-width": flag * 0.08 });
  const colors = [HUES.rose.mid, HUES.gold.mid, GREENS.sage.mid, "#fdf8f3", HUES.plum.mid];
  for (let i = 1; i < 7; i++) {
    const p = quadPoint(a, ctrl, b, i / 7);
    out += el.path(d`M${p.x - flag * 0.5} ${p.y}L${p.x + flag * 0.5} ${p.y}L${p.x} ${p.y + flag * 1.1}Z`, {
      fill: colors[(i + s.rnd.int(0, 4)) % colors.length] ?? HUES.rose.mid,
    });
  }
  return out;
}

function balloon(s: Scene, x: number, y: number, size: number): string {
  const { c, rnd } = s;
  const envelope =
    d`M${-size * 0.3} ${size * 1.3}C${-size * 0.8} ${size * 0.8} ${-size} ${size * 0.4} ${-size} 0` +
    d`A${size} ${size} 0 0 1 ${size} 0C${size} ${size * 0.4} ${size * 0.8} ${size * 0.8} ${size * 0.3} ${size * 1.3}Z`;
  const [a, b] = rnd.shuffle([HUES.rose.mid, HUES.gold.mid, HUES.plum.mid, "#fdf8f3", GREENS.sage.mid, HUES.crimson.mid]);
  const clip = c.clip(`<path d="${envelope}"/>`);
  const gores =
    el.ellipse(0, size * 0.2, size * 0.62, size * 1.4, { fill: b ?? "#fdf8f3" }) +
    el.ellipse(0, size * 0.2, size * 0.24, size * 1.4, { fill: a ?? HUES.rose.mid });
  const shade = el.rect(-size, -size, size * 2, size * 2.4, {
    fill: c.across([
      [0, "#ffffff", 0.25],
      [0.5, "#ffffff", 0],
      [1, "#000000", 0.2],
    ]),
  });
  const body =
    el.path(envelope, { fill: a ?? HUES.rose.mid }) +
    el.group(gores + shade, { "clip-path": clip }) +
    el.path(d`M${-size * 0.28} ${size * 1.3}L${-size * 0.13} ${size * 1.55}M${size * 0.28} ${size * 1.3}L${size * 0.13} ${size * 1.55}`, {
      stroke: BARK,
      "stroke-width": size * 0.03,
    }) +
    el.rect(-size * 0.15, size * 1.55, size * 0.3, size * 0.22, { rx: size * 0.03, fill: "#9a6b4a" });
  return at({ x, y }, body);
}

function tree(s: Scene, x: number, ground: number, size: number): string {
  const color = s.rnd.pick([GREENS.forest.mid, GREENS.sage.dark, GREENS.olive.mid]);
  return (
    el.rect(x - size * 0.06, ground - size * 0.9, size * 0.12, size * 0.9, { fill: BARK }) +
    el.circle(x, ground - size * 1.2, size * 0.55, { fill: color }) +
    el.circle(x - size * 0.35, ground - size * 0.95, size * 0.4, { fill: darken(color, 0.1) }) +
    el.circle(x + size * 0.35, ground - size * 0.98, size * 0.42, { fill: lighten(color, 0.1) })
  );
}

export function landmark(s: Scene, horizon: number): string {
  const { w, h, rnd } = s;
  switch (rnd.int(0, 3)) {
    case 0:
      return windmill(s, w * rnd.pick([0.2, 0.78, 0.68]), horizon + h * 0.01, h * 0.3);
    case 1:
      return tents(s, horizon + h * 0.01, h * 0.09);
    case 2: {
      let out = "";
      for (let i = 0; i < rnd.int(2, 4); i++)
        out += balloon(s, w * rnd.range(0.08, 0.92), h * rnd.range(0.08, 0.3), h * rnd.range(0.03, 0.07));
      return out;
    }
    default: {
      let out = "";
      for (let i = 0; i < rnd.int(4, 7); i++) out += tree(s, w * rnd.range(0, 1), horizon + h * 0.01, h * rnd.range(0.05, 0.09));
      return out;
    }
  }
}
