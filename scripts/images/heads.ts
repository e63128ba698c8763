/**
 * The flower heads by kind, and the tulip, the one flower drawn from the side.
 */
import { darken, lighten, type Hue } from "./color";
import { dahlia, hydrangea, peony, ranunculus, rose } from "./heads-layered";
import { anemone, blossom, daffodil, daisy, lily, plumeria, poppy, sunflower } from "./heads-open";
import { petalFill } from "./petals";
import type { Random } from "./random";
import { d, el, type Svg } from "./svg";

export type HeadKind =
  | "rose"
  | "peony"
  | "daisy"
  | "sunflower"
  | "anemone"
  | "poppy"
  | "ranunculus"
  | "dahlia"
  | "hydrangea"
  | "lily"
  | "daffodil"
  | "blossom"
  | "plumeria";

type HeadPainter = (c: Svg, rnd: Random, h: Hue) => string;

export const HEADS: Record<HeadKind, HeadPainter> = {
  rose,
  peony,
  daisy,
  sunflower,
  anemone,
  poppy,
  ranunculus,
  dahlia,
  hydrangea,
  lily,
  daffodil,
  blossom,
  plumeria,
};

/** Side view tulip; the cup sits on the origin and rises to y = -108. */
export function tulipHead(c: Svg, h: Hue): string {
  const back = d`M-40 -30C-44 -70 -34 -96 -22 -104L-6 -84L8 -104L22 -86L30 -102C42 -80 44 -60 40 -30C36 0 -36 0 -40 -30Z`;
  const front = d`M-34 -22C-40 -60 -22 -92 0 -108C22 -92 40 -60 34 -22C28 4 -28 4 -34 -22Z`;
  const shade = d`M0 -108C22 -92 40 -60 34 -22C28 4 0 4 0 4Z`;
  return (
    el.path(back, { fill: petalFill(c, darken(h.dark, 0.2), h.dark, h.mid) }) +
    el.path(front, {
      fill: petalFill(c, h.dark, h.mid, h.light),
      stroke: lighten(h.light, 0.4),
      "stroke-width": 1.6,
      "stroke-opacity": 0.5,
    }) +
    el.path(shade, { fill: darken(h.dark, 0.3), opacity: 0.16 })
  );
}
