/**
 * Plans: what a picture shows (composition, palette, blooms, greens) and the scene it is drawn in, with the
 * colours fixed per picture so its flowers look coherent.
 */
import { GREENS, HUES, SUNFLOWER, type Hue } from "./color";
import type { SpikeKind } from "./foliage";
import type { HeadKind } from "./heads";
import {
  ALL_HEADS,
  BOUQUET_HEADS,
  KEYWORD_RULES,
  ROLE_BLOOMS,
  ROLE_COMPOSITIONS,
  ROLE_PALETTES,
  type AccentKind,
  type Bloom,
  type CompositionName,
  type GreenKind,
  type ImageRole,
  type KeywordRule,
} from "./keywords";
import { PALETTES, type Palette, type PaletteName } from "./palettes";
import { hashString, Random } from "./random";
import { Svg } from "./svg";

export interface Plan {
  readonly composition: CompositionName;
  readonly palette: Palette;
  /** Primary bloom first. Always contains at least one head kind. */
  readonly blooms: readonly Bloom[];
  readonly spike: SpikeKind | null;
  /** Fixed colours from the file name (a lilac is lavender, a bluebonnet blue). */
  readonly primaryHue: Hue | null;
  readonly spikeHue: Hue | null;
  /** Outdoor scenes: a wild meadow rather than planted rows. */
  readonly meadow: boolean;
  readonly greens: readonly GreenKind[];
  readonly accent: AccentKind | null;
}

export interface Scene {
  readonly c: Svg;
  readonly rnd: Random;
  readonly pal: Palette;
  readonly plan: Plan;
  readonly w: number;
  readonly h: number;
  /** One or two colour ramps per bloom kind, fixed per image so the flowers look coherent. */
  readonly hues: Map<Bloom, readonly Hue[]>;
}

/** The two choices that make a card look different from its neighbours. */
export interface Look {
  readonly composition: CompositionName;
  readonly palette: PaletteName;
}

interface Preferences {
  readonly rules: readonly KeywordRule[];
  readonly compositions: readonly CompositionName[];
  readonly palettes: readonly PaletteName[];
}

function preferencesFor(name: string, role: ImageRole): Preferences {
  const words = name.toLowerCase();
  const rules = KEYWORD_RULES.filter((rule) => rule.test.test(words));
  return {
    rules,
    compositions: rules.find((r) => r.compositions)?.compositions ?? ROLE_COMPOSITIONS[role],
    palettes: rules.find((r) => r.palettes)?.palettes ?? ROLE_PALETTES[role],
  };
}

/** A look from the name alone (used for one-off pictures). */
export function lookFromHash(name: string, role: ImageRole): Look {
  const rnd = new Random(hashString(`look:${name}`));
  const prefs = preferencesFor(name, role);
  return { composition: rnd.pick(prefs.compositions), palette: rnd.pick(prefs.palettes) };
}

/**
 * Looks for a set of cards shown together (all blog posts, all festivals). Each name takes the
 * option that best weighs its keyword preferences against how often the option is already
 * used, so the grid stays varied. Deterministic for a given set of names, whatever its order.
 */
export function assignLooks(names: readonly string[], role: ImageRole): Map<string, Look> {
  const compositionUse = new Map<CompositionName, number>();
  const paletteUse = new Map<PaletteName, number>();
  const looks = new Map<string, Look>();
  // Names whose words ask for few compositions choose first; the rest fill in around them.
  const choices = (name: string): number => new Set(preferencesFor(name, role).compositions).size;
  const ordered = [...new Set(names)].sort((a, b) => choices(a) - choices(b) || hashString(a) - hashString(b) || a.localeCompare(b));
  for (const name of ordered) {
    const prefs = preferencesFor(name, role);
    const composition = leastUsed(name, ROLE_COMPOSITIONS[role], prefs.compositions, compositionUse, 2, [3.5, 2.5, 1.6]);
    const palette = leastUsed(name, ROLE_PALETTES[role], prefs.palettes, paletteUse, 2, [2, 1.5, 1.2]);
    looks.set(name, { composition, palette });
  }
  return looks;
}

/**
 * Picks the option with the lowest score: uses so far (relative to how often the role lists the
 * option) times `weight`, minus a bonus for the name's preferences by rank, plus a small jitter.
 */
function leastUsed<T extends string>(
  name: string,
  roleOptions: readonly T[],
  preferred: readonly T[],
  usage: Map<T, number>,
  weight: number,
  bonuses: readonly number[],
): T {
  let best: T | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const option of new Set([...roleOptions, ...preferred])) {
    const capacity = Math.max(1, roleOptions.filter((o) => o === option).length);
    const rank = preferred.indexOf(option);
    const bonus = rank < 0 ? 0 : (bonuses[Math.min(rank, bonuses.length - 1)] ?? 0);
    const jitter = ((hashString(`${name}:${option}`) % 1000) / 1000) * 0.6;
    const score = ((usage.get(option) ?? 0) / capacity) * weight - bonus + jitter;
    if (score < bestScore) {
      best = option;
      bestScore = score;
    }
  }
  if (best === undefined) throw new Error("no options to choose from");
  usage.set(best, (usage.get(best) ?? 0) + 1);
  return best;
}

function planFor(name: string, role: ImageRole, look: Look): Plan {
  const rnd = new Random(hashString(`plan:${name}`));
  const { rules } = preferencesFor(name, role);
  const fromWords = [...new Set(rules.flatMap((r) => r.blooms ?? []))];
  const hinted = fromWords.length > 0 ? fromWords : ROLE_BLOOMS[role];
  const blooms = bloomList(rnd, hinted);
  const spike = rules.find((r) => r.spike)?.spike ?? (rnd.chance(0.6) ? rnd.pick<SpikeKind>(["lavender", "larkspur", "snapdragon"]) : null);
  return {
    composition: look.composition,
    palette: PALETTES[look.palette],
    blooms,
    spike,
    primaryHue: rules.find((r) => r.hue)?.hue ?? null,
    spikeHue: rules.find((r) => r.spikeHue)?.spikeHue ?? null,
    meadow: rules.some((r) => r.meadow),
    greens: rnd.chance(0.5) ? ["eucalyptus", "leafy"] : [rnd.pick<GreenKind>(["eucalyptus", "leafy"])],
    accent: rnd.chance(0.7) ? rnd.pick<AccentKind>(["babysBreath", "berries", "babysBreath"]) : null,
  };
}

function bloomList(rnd: Random, hinted: readonly Bloom[]): Bloom[] {
  const list: Bloom[] = [...hinted.slice(0, 3)];
  const pool = rnd.shuffle(list.length > 0 ? BOUQUET_HEADS : ALL_HEADS);
  while (list.length < 3) {
    const next = pool.shift();
    if (next === undefined) break;
    if (!list.includes(next)) list.push(next);
  }
  if (!list.some((b) => b !== "tulip")) list.push("ranunculus");
  return list;
}

export function createScene(name: string, role: ImageRole, width: number, height: number, look: Look): Scene {
  const plan = planFor(name, role, look);
  const rnd = new Random(hashString(`draw:${name}`));
  const hues = new Map<Bloom, readonly Hue[]>();
  for (const bloom of plan.blooms) hues.set(bloom, huesFor(rnd, bloom, plan.palette));
  const primary = plan.blooms[0];
  if (primary && plan.primaryHue) hues.set(primary, [plan.primaryHue]);
  return { c: new Svg(width, height), rnd, pal: plan.palette, plan, w: width, h: height, hues };
}

function huesFor(rnd: Random, bloom: Bloom, pal: Palette): readonly Hue[] {
  switch (bloom) {
    case "sunflower":
      return [SUNFLOWER];
    case "daffodil":
      return rnd.chance(0.6) ? [HUES.butter] : [HUES.cream, HUES.butter];
    case "daisy":
      return rnd.chance(0.7) ? [HUES.cream] : [HUES.cream, rnd.pick(pal.flowers)];
    case "blossom":
      return [HUES.blush, rnd.pick([HUES.rose, HUES.cream])];
    case "poppy":
      return [rnd.pick([HUES.crimson, HUES.peach, HUES.gold])];
    case "plumeria":
      return [HUES.cream, rnd.pick([HUES.blush, HUES.peach, HUES.rose])];
    default: {
      const options = pal.flowers.filter((h) => h !== HUES.butter);
      return rnd.shuffle(options).slice(0, rnd.int(1, 2));
    }
  }
}

export function hueOf(s: Scene, bloom: Bloom): Hue {
  let hues = s.hues.get(bloom);
  if (!hues) {
    hues = huesFor(s.rnd, bloom, s.pal);
    s.hues.set(bloom, hues);
  }
  return s.rnd.pick(hues);
}

export function headKinds(s: Scene): HeadKind[] {
  return s.plan.blooms.filter((b): b is HeadKind => b !== "tulip");
}

/** Picks a head kind, favouring the primary bloom. */
export function pickHead(s: Scene): HeadKind {
  const kinds = headKinds(s);
  const first = kinds[0] ?? "rose";
  return s.rnd.chance(0.5) ? first : s.rnd.pick(kinds);
}

export function greenHue(s: Scene, kind: GreenKind): Hue {
  return kind === "eucalyptus" ? s.rnd.pick([GREENS.eucalyptus, GREENS.sage]) : s.rnd.pick(s.pal.greens);
}
