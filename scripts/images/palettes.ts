/**
 * The palettes a picture is painted in: paper, table, shadow, sky and the colours its flowers, leaves and vases
 * are picked from.
 */
import { GREENS, HUES, type Hue } from "./color";

export type PaletteName = "blush" | "cream" | "sage" | "rosewater" | "terracotta" | "plum" | "forest";

export interface Palette {
  readonly name: PaletteName;
  /** Background gradient, top-left to bottom-right. */
  readonly bg: readonly [string, string];
  /** Soft light patches on the paper. */
  readonly blobs: readonly string[];
  readonly table: string;
  readonly shadow: string;
  readonly dark: boolean;
  readonly flowers: readonly Hue[];
  readonly greens: readonly Hue[];
  readonly vases: readonly Hue[];
  /** Sky gradient for outdoor scenes, top to horizon. */
  readonly sky: readonly [string, string];
}

export const PALETTES: Record<PaletteName, Palette> = {
  blush: {
    name: "blush",
    bg: ["#fdf8f3", "#fde4e1"],
    blobs: ["#ffffff", "#fbd3cd", "#fff0e6"],
    table: "#f4d9d1",
    shadow: "#7a3b4f",
    dark: false,
    flowers: [HUES.rose, HUES.blush, HUES.cream, HUES.plum, HUES.crimson],
    greens: [GREENS.sage, GREENS.forest, GREENS.eucalyptus],
    vases: [HUES.cream, HUES.plum, GREENS.sage, HUES.rose],
    sky: ["#fbd9d4", "#fdf3e9"],
  },
  cream: {
    name: "cream",
    bg: ["#fffaf3", "#f6e9d8"],
    blobs: ["#ffffff", "#fde9c6", "#fde4e1"],
    table: "#ead8c2",
    shadow: "#6b4a2f",
    dark: false,
    flowers: [HUES.gold, HUES.cream, HUES.rose, HUES.peach, HUES.butter],
    greens: [GREENS.forest, GREENS.olive, GREENS.sage],
    vases: [HUES.rose, GREENS.sage, HUES.plum, HUES.cream],
    sky: ["#fde7c8", "#fff8ee"],
  },
  sage: {
    name: "sage",
    bg: ["#f1f5ec", "#dce8da"],
    blobs: ["#ffffff", "#eef3e6", "#cfe0cf"],
    table: "#c9d8c6",
    shadow: "#2c4a36",
    dark: false,
    flowers: [HUES.rose, HUES.blush, HUES.cream, HUES.crimson, HUES.peach],
    greens: [GREENS.forest, GREENS.sage, GREENS.olive],
    vases: [HUES.cream, HUES.blush, HUES.plum],
    sky: ["#dbe8dc", "#f7f5ea"],
  },
  rosewater: {
    name: "rosewater",
    bg: ["#fff1f2", "#fdcdd3"],
    blobs: ["#ffffff", "#ffe4e6", "#fbb6c0"],
    table: "#f6bac3",
    shadow: "#7f1d3a",
    dark: false,
    flowers: [HUES.cream, HUES.crimson, HUES.plum, HUES.gold, HUES.blush],
    greens: [GREENS.forest, GREENS.sage],
    vases: [HUES.cream, HUES.plum, HUES.gold],
    sky: ["#fecdd3", "#fff1f2"],
  },
  terracotta: {
    name: "terracotta",
    bg: ["#fcefe4", "#f4d4bd"],
    blobs: ["#fff8f1", "#fde4e1", "#f6c8a8"],
    table: "#e9bea0",
    shadow: "#6e3520",
    dark: false,
    flowers: [HUES.peach, HUES.crimson, HUES.gold, HUES.plum, HUES.cream],
    greens: [GREENS.olive, GREENS.forest, GREENS.sage],
    vases: [HUES.cream, HUES.plum, GREENS.sage],
    sky: ["#f8d2b8", "#fdf1e4"],
  },
  plum: {
    name: "plum",
    bg: ["#7a2752", "#3f1029"],
    blobs: ["#8f3563", "#5a1a3b", "#a14a76"],
    table: "#55193a",
    shadow: "#14040c",
    dark: true,
    flowers: [HUES.blush, HUES.rose, HUES.gold, HUES.cream, HUES.peach],
    greens: [GREENS.sage, GREENS.eucalyptus, GREENS.olive],
    vases: [HUES.cream, HUES.gold, HUES.blush],
    sky: ["#5a1a3b", "#c0587f"],
  },
  forest: {
    name: "forest",
    bg: ["#235f3f", "#0f3a24"],
    blobs: ["#2f7350", "#124429", "#3d7f5a"],
    table: "#174a2f",
    shadow: "#03140a",
    dark: true,
    flowers: [HUES.rose, HUES.cream, HUES.gold, HUES.blush, HUES.crimson],
    greens: [GREENS.sage, GREENS.eucalyptus, GREENS.olive],
    vases: [HUES.cream, HUES.rose, HUES.blush],
    sky: ["#1f5a3a", "#9cc5a4"],
  },
};
