/**
 * Vessels: vases, buckets, bottles and a price tag. Vessels stand on the origin; `back` goes behind the stems,
 * `front` in front of them.
 */
import { darken, GREENS, HUES, lighten, mix, type Hue } from "./color";
import { lerp } from "./geometry";
import type { Random } from "./random";
import { d, el, type Svg } from "./svg";

export interface Layers {
  readonly back: string;
  readonly front: string;
}

type VaseDecor = "plain" | "band" | "dots" | "ribs";

export function ceramicVase(c: Svg, rnd: Random, h: Hue, w: number, height: number): Layers {
  const mw = w * rnd.range(0.18, 0.26);
  const bw = w * 0.5;
  const fw = w * rnd.range(0.24, 0.32);
  const shoulder = height * rnd.range(0.38, 0.55);
  const body =
    d`M${-mw} ${-height}C${-mw} ${-height * 0.86} ${-bw} ${-shoulder - height * 0.28} ${-bw} ${-shoulder}` +
    d`C${-bw} ${-height * 0.12} ${-fw * 1.15} ${-height * 0.04} ${-fw} 0L${fw} 0` +
    d`C${fw * 1.15} ${-height * 0.04} ${bw} ${-height * 0.12} ${bw} ${-shoulder}` +
    d`C${bw} ${-shoulder - height * 0.28} ${mw} ${-height * 0.86} ${mw} ${-height}Z`;
  const fill = c.across([
    [0, lighten(h.light, 0.2)],
    [0.3, h.mid],
    [0.75, mix(h.mid, h.dark, 0.6)],
    [1, darken(h.dark, 0.15)],
  ]);
  const clip = c.clip(`<path d="${body}"/>`);
  const decor = vaseDecor(rnd, h, rnd.pick<VaseDecor>(["plain", "band", "dots", "ribs"]), w, height, shoulder);
  const highlight = el.path(d`M${-bw * 0.55} ${-shoulder - height * 0.12}Q${-bw * 0.7} ${-shoulder} ${-bw * 0.5} ${-height * 0.18}`, {
    fill: "none",
    stroke: "#ffffff",
    "stroke-width": w * 0.06,
    "stroke-linecap": "round",
    opacity: 0.35,
  });
  const back = el.ellipse(0, -height, mw * 1.05, mw * 0.28, { fill: darken(h.dark, 0.45) });
  const front =
    el.path(body, { fill }) +
    el.group(decor, { "clip-path": clip }) +
    highlight +
    el.ellipse(0, -height, mw * 1.05, mw * 0.28, { fill: "none", stroke: lighten(h.light, 0.3), "stroke-width": w * 0.025 });
  return { back, front };
}

function vaseDecor(rnd: Random, h: Hue, decor: VaseDecor, w: number, height: number, shoulder: number): string {
  const accent = rnd.pick([HUES.gold.mid, HUES.crimson.mid, GREENS.forest.dark, HUES.plum.dark, "#ffffff"]);
  switch (decor) {
    case "plain":
      return "";
    case "band":
      return (
        el.rect(-w, -shoulder - height * 0.05, w * 2, height * 0.1, { fill: accent, opacity: 0.75 }) +
        el.rect(-w, -shoulder + height * 0.08, w * 2, height * 0.025, { fill: accent, opacity: 0.6 })
      );
    case "dots": {
      let out = "";
      const step = w * 0.14;
      for (let y = -height + step; y < 0; y += step) {
        for (let x = -w / 2; x < w / 2; x += step) {
          out += el.circle(x + ((y / step) % 2 === 0 ? 0 : step / 2), y, w * 0.022, { fill: accent, opacity: 0.55 });
        }
      }
      return out;
    }
    case "ribs": {
      let out = "";
      for (let x = -w / 2; x < w / 2; x += w * 0.09) {
        out += el.path(d`M${x} ${-height}Q${x * 1.3} ${-shoulder} ${x * 0.8} 0`, {
          fill: "none",
          stroke: darken(h.dark, 0.2),
          "stroke-width": w * 0.012,
          opacity: 0.25,
        });
      }
      return out;
    }
  }
}

export function glassVase(c: Svg, rnd: Random, tint: string, w: number, height: number): Layers {
  const round = rnd.chance(0.4);
  const body = round
    ? d`M${-w * 0.22} ${-height}C${-w * 0.22} ${-height * 0.8} ${-w * 0.5} ${-height * 0.75} ${-w * 0.5} ${-height * 0.4}` +
      d`C${-w * 0.5} ${-height * 0.1} ${-w * 0.3} 0 0 0C${w * 0.3} 0 ${w * 0.5} ${-height * 0.1} ${w * 0.5} ${-height * 0.4}` +
      d`C${w * 0.5} ${-height * 0.75} ${w * 0.22} ${-height * 0.8} ${w * 0.22} ${-height}Z`
    : d`M${-w * 0.4} ${-height}L${-w * 0.34} ${-w * 0.06}Q${-w * 0.33} 0 ${-w * 0.26} 0L${w * 0.26} 0Q${w * 0.33} 0 ${w * 0.34} ${-w * 0.06}L${w * 0.4} ${-height}Z`;
  const clip = c.clip(`<path d="${body}"/>`);
  const waterY = -height * 0.62;
  const front =
    el.path(body, { fill: lighten(tint, 0.5), opacity: 0.32 }) +
    el.group(
      el.rect(-w, waterY, w * 2, height, { fill: tint, opacity: 0.22 }) +
        el.rect(-w, waterY - 2, w * 2, 4, { fill: "#ffffff", opacity: 0.5 }),
      { "clip-path": clip },
    ) +
    el.path(body, { fill: "none", stroke: "#ffffff", "stroke-width": w * 0.022, opacity: 0.75 }) +
    glint(d`M${-w * 0.24} ${-height * 0.85}L${-w * 0.2} ${-height * 0.15}`, w * 0.045, 0.45);
  return { back: "", front };
}

/** A streak of light on glass. */
function glint(data: string, width: number, opacity: number): string {
  return el.path(data, { stroke: "#ffffff", "stroke-width": width, "stroke-linecap": "round", opacity });
}

export type BucketStyle = "zinc" | "enamel";

export function bucket(c: Svg, style: BucketStyle, h: Hue, w: number, height: number): Layers {
  const top = w / 2;
  const bottom = w * 0.39;
  const body = d`M${-top} ${-height}L${top} ${-height}L${bottom} 0Q0 ${height * 0.04} ${-bottom} 0Z`;
  const fill =
    style === "zinc"
      ? c.across([
          [0, "#8c97a3"],
          [0.22, "#e8ecef"],
          [0.5, "#b9c2cb"],
          [0.8, "#8a95a1"],
          [1, "#c6ced6"],
        ])
      : c.across([
          [0, lighten(h.light, 0.3)],
          [0.3, h.mid],
          [0.8, mix(h.mid, h.dark, 0.6)],
          [1, h.dark],
        ]);
  const rim =
    style === "zinc"
      ? c.across([
          [0, "#a7b1bb"],
          [0.25, "#f4f6f8"],
          [1, "#98a3ae"],
        ])
      : c.across([
          [0, "#f4f6f8"],
          [0.5, "#d9dee3"],
          [1, "#a7b1bb"],
        ]);
  let ribs = "";
  for (const t of [0.3, 0.66]) {
    const y = -height * t;
    const half = lerp(bottom, top, t);
    ribs += el.path(d`M${-half} ${y}L${half} ${y}`, { stroke: "#ffffff", "stroke-width": w * 0.012, opacity: 0.45 });
    ribs += el.path(d`M${-half} ${y + w * 0.014}L${half} ${y + w * 0.014}`, { stroke: "#1f2937", "stroke-width": w * 0.01, opacity: 0.15 });
  }
  const back = el.ellipse(0, -height, top, w * 0.07, { fill: "#3b3f45" });
  const ears =
    el.circle(-top * 0.98, -height * 0.82, w * 0.035, { fill: "#8a95a1" }) +
    el.circle(top * 0.98, -height * 0.82, w * 0.035, { fill: "#8a95a1" });
  const front =
    el.path(body, { fill }) + ribs + ears + el.rect(-top * 1.03, -height - w * 0.03, top * 2.06, w * 0.06, { rx: w * 0.03, fill: rim });
  return { back, front };
}

export function bottle(c: Svg, tint: string, w: number, height: number): Layers {
  const neck = w * 0.14;
  const body =
    d`M${-neck} ${-height}L${-neck} ${-height * 0.72}C${-neck} ${-height * 0.6} ${-w * 0.5} ${-height * 0.58} ${-w * 0.5} ${-height * 0.42}` +
    d`L${-w * 0.5} ${-w * 0.08}Q${-w * 0.5} 0 ${-w * 0.42} 0L${w * 0.42} 0Q${w * 0.5} 0 ${w * 0.5} ${-w * 0.08}` +
    d`L${w * 0.5} ${-height * 0.42}C${w * 0.5} ${-height * 0.58} ${neck} ${-height * 0.6} ${neck} ${-height * 0.72}L${neck} ${-height}Z`;
  const front =
    el.path(body, {
      fill: c.across([
        [0, lighten(tint, 0.4)],
        [0.35, tint],
        [1, darken(tint, 0.25)],
      ]),
      opacity: 0.78,
    }) +
    el.path(body, { fill: "none", stroke: "#ffffff", "stroke-width": w * 0.025, opacity: 0.55 }) +
    glint(d`M${-w * 0.33} ${-height * 0.4}L${-w * 0.33} ${-height * 0.1}`, w * 0.06, 0.4);
  return { back: "", front };
}

/** A blank kraft price tag on a string. */
export function tag(rnd: Random, size: number): string {
  const color = rnd.pick(["#d9b78c", "#f3e6d3", "#e9c9a4"]);
  const body = d`M0 0L${size * 0.3} ${-size * 0.32}H${size * 1.3}V${size * 0.32}H${size * 0.3}Z`;
  return (
    el.path(body, { fill: color, stroke: darken(color, 0.2), "stroke-width": size * 0.03 }) +
    el.circle(size * 0.3, 0, size * 0.07, { fill: "#5b4636" }) +
    el.path(d`M${size * 0.55} ${-size * 0.08}H${size * 1.15}M${size * 0.55} ${size * 0.1}H${size * 0.95}`, {
      stroke: darken(color, 0.35),
      "stroke-width": size * 0.05,
      "stroke-linecap": "round",
      opacity: 0.35,
    })
  );
}
