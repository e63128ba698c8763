/**
 * Colours: mixing, and the flower and foliage colour ramps the pictures are painted with.
 */
type Rgb = readonly [number, number, number];

function hexToRgb(hex: string): Rgb {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function rgbToHex(rgb: Rgb): string {
  const channel = (c: number): string =>
    Math.round(Math.min(255, Math.max(0, c)))
      .toString(16)
      .padStart(2, "0");
  return `#${rgb.map(channel).join("")}`;
}

export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  return rgbToHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

export const lighten = (color: string, t: number): string => mix(color, "#ffffff", t);
export const darken = (color: string, t: number): string => mix(color, "#24101b", t);

/** A flower or foliage colour ramp, from highlight to shadow. */
export interface Hue {
  readonly light: string;
  readonly mid: string;
  readonly dark: string;
}

const hue = (light: string, mid: string, dark: string): Hue => ({ light, mid, dark });

export const HUES = {
  rose: hue("#fecdd3", "#fb7185", "#e11d48"),
  crimson: hue("#fb7185", "#e11d48", "#9f1239"),
  blush: hue("#fff6f4", "#fde4e1", "#f2aaa3"),
  plum: hue("#e3a6c4", "#a8447a", "#6b2147"),
  gold: hue("#fde68a", "#fbbf24", "#f59e0b"),
  butter: hue("#fffbe6", "#fdeeb0", "#f3cb5a"),
  cream: hue("#ffffff", "#fdf8f3", "#e6d3bf"),
  peach: hue("#ffe9de", "#fdbb9c", "#ec8767"),
  lavender: hue("#ece2f8", "#b9a2dc", "#7d5aa8"),
  bluebonnet: hue("#dbe4ff", "#7b93e0", "#3f56b0"),
} as const satisfies Record<string, Hue>;

export const GREENS = {
  forest: hue("#5f9c6e", "#2f7d49", "#166534"),
  sage: hue("#c6d8c8", "#84a98c", "#58806a"),
  eucalyptus: hue("#d3e3dc", "#9ebfb3", "#6a9385"),
  olive: hue("#bcc790", "#8b9b5c", "#5c6b3a"),
} as const satisfies Record<string, Hue>;

export const SUNFLOWER = hue("#fde68a", "#fbbf24", "#e48a0b");
export const BARK = "#5b3a3a";
