/**
 * Scene pieces: paper, table, shadows, loose petals, and flowers and greenery placed in a scene.
 */
import { darken, HUES, lighten, type Hue } from "./color";
import { babysBreath, berries, eucalyptus, leaf, leafyBranch, stem, type SpikeKind } from "./foliage";
import { lerp, quadHeading, quadPoint } from "./geometry";
import { HEADS, tulipHead, type HeadKind } from "./heads";
import type { AccentKind, Bloom, GreenKind } from "./keywords";
import { petalFill, petalPath } from "./petals";
import { greenHue, hueOf, type Scene } from "./plan";
import { at, d, el, type Point } from "./svg";

/** Soft shadow colour: a radial fade, far cheaper to render than a blur filter. */
function shadowFill(s: Scene, strength: number): string {
  const o = s.pal.dark ? Math.min(0.7, strength * 2) : strength;
  return s.c.radial([
    [0, s.pal.shadow, o],
    [0.6, s.pal.shadow, o * 0.55],
    [1, s.pal.shadow, 0],
  ]);
}

/** A flower head with a soft drop shadow; r is the radius in pixels. */
export function headAt(s: Scene, kind: HeadKind, x: number, y: number, r: number, squash = 1): string {
  const scale = r / 100;
  const shadow = at({ x: x + r * 0.05, y: y + r * 0.12, scale, squash }, el.circle(0, 0, 112, { fill: shadowFill(s, 0.3) }));
  return shadow + at({ x, y, scale, squash, rotate: s.rnd.range(0, 360) }, HEADS[kind](s.c, s.rnd, hueOf(s, kind)));
}

export function greenery(s: Scene, kind: GreenKind, len: number): string {
  const h = greenHue(s, kind);
  return kind === "eucalyptus" ? eucalyptus(s.c, s.rnd, h, len) : leafyBranch(s.c, s.rnd, h, len);
}

export function accent(s: Scene, kind: AccentKind, len: number): string {
  return kind === "babysBreath"
    ? babysBreath(s.rnd, len)
    : berries(s.c, s.rnd, s.rnd.pick([HUES.plum.dark, HUES.crimson.dark, "#2e3a59"]), len);
}

export function spikeHue(s: Scene, kind: SpikeKind): Hue {
  if (s.plan.spikeHue) return s.plan.spikeHue;
  if (kind === "lavender") return HUES.lavender;
  return s.rnd.pick([HUES.lavender, HUES.rose, HUES.blush, HUES.plum, HUES.cream]);
}

/** A single stem with a bloom at the top, from (x0, y0) to (x1, y1). */
export function flowerOnStem(s: Scene, bloom: Bloom, x0: number, y0: number, x1: number, y1: number, size: number): string {
  const ctrl: Point = { x: lerp(x0, x1, 0.15), y: lerp(y0, y1, 0.6) };
  const green = s.rnd.pick(s.pal.greens);
  let out = stem({ x: x0, y: y0 }, ctrl, { x: x1, y: y1 }, Math.max(2, size * 0.07), green.dark);
  if (s.rnd.chance(0.6)) {
    const t = s.rnd.range(0.3, 0.6);
    const p = quadPoint({ x: x0, y: y0 }, ctrl, { x: x1, y: y1 }, t);
    out += at({ x: p.x, y: p.y, rotate: s.rnd.sign() * s.rnd.range(30, 55) }, leaf(s.c, green, size * 1.2, size * 0.3));
  }
  if (bloom === "tulip") {
    const heading = quadHeading({ x: x0, y: y0 }, ctrl, { x: x1, y: y1 }, 1);
    return out + at({ x: x1, y: y1 + size * 0.1, rotate: heading, scale: size / 100 }, tulipHead(s.c, hueOf(s, "tulip")));
  }
  return out + headAt(s, bloom, x1, y1, size * 0.55, 0.92);
}

export function paper(s: Scene): string {
  const { c, pal, w, h, rnd } = s;
  let out = el.rect(0, 0, w, h, {
    fill: c.linear(
      [
        [0, pal.bg[0]],
        [1, pal.bg[1]],
      ],
      0,
      0,
      1,
      1,
    ),
  });
  for (let i = 0; i < 4; i++) {
    const color = rnd.pick(pal.blobs);
    const fill = c.radial([
      [0, color, pal.dark ? 0.45 : 0.7],
      [1, color, 0],
    ]);
    out += el.circle(rnd.range(0, w), rnd.range(0, h), rnd.range(0.25, 0.5) * w, { fill });
  }
  return out;
}

/** Large soft shape behind the subject: a circle or an arch. */
export function backdrop(s: Scene, cx: number, cy: number, r: number): string {
  const color = s.pal.dark ? lighten(s.pal.bg[0], 0.1) : s.rnd.pick([lighten(s.pal.bg[1], 0.35), darken(s.pal.bg[1], 0.04), "#ffffff"]);
  if (s.rnd.chance(0.5)) return el.circle(cx, cy, r, { fill: color, opacity: 0.75 });
  const arch = d`M${cx - r * 0.8} ${cy + r * 1.4}V${cy}A${r * 0.8} ${r * 0.8} 0 0 1 ${cx + r * 0.8} ${cy}V${cy + r * 1.4}Z`;
  return el.path(arch, { fill: color, opacity: 0.75 });
}

export function tableTop(s: Scene, y: number): string {
  const { c, pal, w, h } = s;
  return (
    el.rect(0, y, w, h - y, {
      fill: c.linear([
        [0, darken(pal.table, 0.08)],
        [1, pal.table],
      ]),
    }) + el.rect(0, y, w, Math.max(3, h * 0.005), { fill: lighten(pal.table, 0.35), opacity: 0.8 })
  );
}

export function softShadow(s: Scene, cx: number, cy: number, rx: number, ry: number, strength = 0.35): string {
  return el.ellipse(cx, cy, rx * 1.25, ry * 2, { fill: shadowFill(s, strength) });
}

export function looseCurvedPetal(s: Scene, x: number, y: number, size: number): string {
  const kind = s.rnd.pick(s.plan.blooms);
  const h = hueOf(s, kind);
  const fill = petalFill(s.c, h.mid, h.light, lighten(h.light, 0.4));
  return at({ x, y, rotate: s.rnd.range(0, 360) }, el.path(petalPath("round", size, size * 0.55), { fill }));
}

export function scatteredPetals(s: Scene, count: number, x: number, y: number, w: number, h: number, size: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    out += looseCurvedPetal(s, x + s.rnd.range(0, w), y + s.rnd.range(0, h), size * s.rnd.range(0.7, 1.2));
  }
  return out;
}
