/**
 * What a picture shows, from its file name and its role: the keyword hints (most specific first) and the options
 * each role chooses among.
 */
import { HUES, type Hue } from "./color";
import type { SpikeKind } from "./foliage";
import type { HeadKind } from "./heads";
import type { PaletteName } from "./palettes";

export type Bloom = HeadKind | "tulip";
export type GreenKind = "eucalyptus" | "leafy";
export type AccentKind = "babysBreath" | "berries";

export type CompositionName =
  "bouquet" | "buckets" | "stall" | "flatLay" | "knolling" | "wreath" | "closeUp" | "budVases" | "field" | "blossomBranches" | "corner";

export type ImageRole = "blog" | "festival" | "hero" | "og" | "stock";

export interface KeywordRule {
  readonly test: RegExp;
  readonly blooms?: readonly Bloom[];
  readonly compositions?: readonly CompositionName[];
  readonly palettes?: readonly PaletteName[];
  readonly spike?: SpikeKind;
  readonly hue?: Hue;
  readonly spikeHue?: Hue;
  readonly meadow?: true;
}

/** File-name hints, most specific first. */
export const KEYWORD_RULES: readonly KeywordRule[] = [
  { test: /tulip/, blooms: ["tulip", "daffodil"], compositions: ["field", "field", "buckets", "budVases"] },
  {
    test: /sunflower/,
    blooms: ["sunflower", "daisy"],
    compositions: ["field", "closeUp", "field", "buckets"],
    palettes: ["cream", "terracotta", "forest"],
  },
  { test: /lavender/, spike: "lavender", blooms: ["daisy", "rose"], compositions: ["field", "flatLay"], palettes: ["sage", "cream"] },
  {
    test: /lilac/,
    spike: "lavender",
    blooms: ["hydrangea", "rose"],
    hue: HUES.lavender,
    compositions: ["bouquet", "corner", "closeUp", "wreath"],
    palettes: ["sage", "cream", "blush"],
  },
  {
    test: /bluebonnet|lupin/,
    spike: "larkspur",
    spikeHue: HUES.bluebonnet,
    blooms: ["poppy", "daisy"],
    compositions: ["field"],
    palettes: ["cream", "sage"],
    meadow: true,
  },
  {
    test: /wildflower|meadow|prairie/,
    spike: "larkspur",
    blooms: ["daisy", "poppy", "anemone"],
    compositions: ["field", "field", "corner"],
    meadow: true,
  },
  {
    test: /cherry|blossom|sakura|apple/,
    blooms: ["blossom"],
    compositions: ["blossomBranches", "blossomBranches", "corner"],
    palettes: ["blush", "sage", "rosewater"],
  },
  {
    test: /lei|hawaii|plumeria|frangipani|hibiscus/,
    blooms: ["plumeria", "anemone"],
    compositions: ["wreath", "closeUp"],
    palettes: ["rosewater", "terracotta", "forest"],
  },
  {
    test: /poppy|poppies/,
    blooms: ["poppy", "daisy"],
    compositions: ["field", "closeUp"],
    palettes: ["cream", "terracotta"],
    meadow: true,
  },
  { test: /daffodil|narciss/, blooms: ["daffodil", "tulip"], compositions: ["field", "budVases", "bouquet"], palettes: ["sage", "cream"] },
  { test: /flower-fields|ranuncul/, blooms: ["ranunculus", "anemone"] },
  { test: /peony|peonies/, blooms: ["peony", "ranunculus"] },
  { test: /dahlia|mum|chrysanth/, blooms: ["dahlia", "ranunculus"] },
  { test: /hydrangea|azalea|rhodod/, blooms: ["hydrangea", "rose"] },
  { test: /lily|lilies|magnolia/, blooms: ["lily", "rose"] },
  { test: /orchid|anemone/, blooms: ["anemone", "ranunculus"] },
  { test: /daisy|daisies/, blooms: ["daisy", "ranunculus"] },
  { test: /rose/, blooms: ["rose", "peony"], palettes: ["rosewater", "blush", "plum"] },
  { test: /hand-tied|bridal-bouquet/, compositions: ["flatLay"] },
  { test: /stem|condition|cutting|trim|tool/, compositions: ["knolling", "flatLay"] },
  { test: /dry|dried/, blooms: ["dahlia", "daisy", "sunflower"], compositions: ["wreath", "flatLay"], palettes: ["terracotta", "cream"] },
  {
    test: /wedding|bridal|bride|elope/,
    blooms: ["peony", "rose", "anemone"],
    compositions: ["bouquet", "wreath", "flatLay"],
    palettes: ["blush", "cream", "sage"],
  },
  { test: /wreath|holiday|christmas|winter/, compositions: ["wreath"], palettes: ["forest", "sage"] },
  { test: /market|wholesale|buy|bulk|price|cost|budget|vendor|supplier/, compositions: ["buckets"] },
  { test: /event|table|reception|party/, compositions: ["bouquet", "budVases"] },
  { test: /food|water|myth|science/, compositions: ["closeUp", "budVases"] },
  { test: /diy|arrang|centerpiece|bouquet|tutorial|how-to|beginner|grocery/, compositions: ["flatLay", "bouquet", "knolling", "budVases"] },
  { test: /fall|autumn|thanksgiving|harvest/, blooms: ["dahlia", "sunflower"], palettes: ["terracotta", "plum"] },
  { test: /spring|easter/, blooms: ["tulip", "ranunculus", "daffodil"], palettes: ["sage", "blush"] },
  { test: /summer/, blooms: ["sunflower", "daisy", "dahlia"], palettes: ["cream", "terracotta"] },
  { test: /valentine|love|romance/, blooms: ["rose", "ranunculus"], palettes: ["rosewater", "plum"] },
  { test: /mother/, blooms: ["peony", "ranunculus"], palettes: ["blush", "rosewater"] },
  { test: /care|fresh|last|longer|tips|vase|storage/, compositions: ["budVases", "bouquet"] },
  { test: /field|farm/, compositions: ["field"] },
  { test: /garden|show|botanic|conservatory|expo|blooms/, compositions: ["closeUp", "field", "corner"] },
  { test: /parade|carnival|fiesta|celebrat/, compositions: ["field", "corner"] },
];

export const ALL_HEADS: readonly HeadKind[] = [
  "rose",
  "peony",
  "daisy",
  "sunflower",
  "anemone",
  "poppy",
  "ranunculus",
  "dahlia",
  "hydrangea",
  "lily",
  "daffodil",
];
export const BOUQUET_HEADS: readonly HeadKind[] = ["rose", "peony", "anemone", "ranunculus", "dahlia", "daisy", "hydrangea", "lily"];

/** Compositions per role; an option listed n times may be used n times as often in a set. */
export const ROLE_COMPOSITIONS: Record<ImageRole, readonly CompositionName[]> = {
  blog: [
    "bouquet",
    "bouquet",
    "flatLay",
    "flatLay",
    "closeUp",
    "closeUp",
    "budVases",
    "budVases",
    "knolling",
    "wreath",
    "buckets",
    "corner",
  ],
  festival: ["field", "field", "field", "closeUp", "closeUp", "blossomBranches", "corner", "wreath", "buckets", "bouquet", "budVases"],
  hero: ["stall"],
  og: ["bouquet"],
  stock: ["buckets"],
};

/** Bloom hints for the fixed pictures (data images get theirs from keywords). */
export const ROLE_BLOOMS: Record<ImageRole, readonly Bloom[]> = {
  blog: [],
  festival: [],
  hero: [],
  og: ["rose", "peony", "ranunculus"],
  stock: ["rose", "sunflower"],
};

export const ROLE_PALETTES: Record<ImageRole, readonly PaletteName[]> = {
  blog: ["blush", "cream", "sage", "rosewater", "terracotta", "plum", "forest"],
  festival: ["blush", "cream", "sage", "rosewater", "terracotta", "plum", "forest"],
  hero: ["blush"],
  og: ["blush"],
  stock: ["cream"],
};
