/**
 * When a new listing may be one the directory already has: a similar name in the same zipcode, or the same
 * street address. Browser-safe: the admin screens show the reasons; duplicates.server.ts runs the query.
 */

export type DuplicateReason = "similar-name" | "same-address";

export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  "similar-name": "similar name in the same zipcode",
  "same-address": "same street address",
};

/** A listing that may be the one about to be added. */
export interface PossibleDuplicate {
  id: number;
  name: string;
  address: string;
  city: string;
  /** The state's name. */
  state: string;
  zipcode: string;
  reasons: DuplicateReason[];
}

/** The answer when a listing is about to be created next to possible duplicates the admin has not confirmed. */
export const POSSIBLE_DUPLICATES_MESSAGE =
  "This business may already be listed. Check the possible duplicates; if it is a different business, confirm to add it anyway.";

/** The form field that confirms the admin has seen the possible duplicates ("1"). */
export const CONFIRM_DUPLICATES_FIELD = "confirm";

/** One line per duplicate, as the admin reads it: "Rose Market, 754 Wall St, Los Angeles, California 90014 (same street address)". */
export const describeDuplicate = (duplicate: PossibleDuplicate) =>
  `${duplicate.name}, ${duplicate.address}, ${duplicate.city}, ${duplicate.state} ${duplicate.zipcode} (${duplicate.reasons
    .map((reason) => DUPLICATE_REASON_LABELS[reason])
    .join("; ")})`;

/**
 * Words that say what kind of business it is or its legal form rather than which business it is: "Rose
 * Wholesale Florist, Inc." and "Rose Florist LLC" are both "rose".
 */
const GENERIC_NAME_WORDS = new Set([
  "a",
  "and",
  "co",
  "company",
  "corp",
  "corporation",
  "distributor",
  "distributors",
  "floral",
  "florist",
  "florists",
  "flower",
  "flowers",
  "inc",
  "incorporated",
  "llc",
  "ltd",
  "of",
  "supplies",
  "supply",
  "the",
  "wholesale",
  "wholesaler",
  "wholesalers",
]);

/** Lowercase words without punctuation: "Jim's Flowers & Co." → ["jims", "flowers", "and", "co"]. */
function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The words that tell one business from another; all of them when the name has nothing but generic words. */
export function nameTokens(name: string): string[] {
  const all = words(name);
  const distinctive = all.filter((word) => !GENERIC_NAME_WORDS.has(word));
  return distinctive.length > 0 ? distinctive : all;
}

/**
 * Whether two business names may name the same business: their distinctive words are the same, one's are all
 * in the other's, one contains the other once spaces are gone ("Flowerama" and "Flower Ama"), or they
 * share at least half of their distinct words.
 */
export function namesAreSimilar(a: string, b: string): boolean {
  const spelledTogether = words(a).join("");
  if (spelledTogether && spelledTogether === words(b).join("")) return true;
  const left = nameTokens(a);
  const right = nameTokens(b);
  if (left.length === 0 || right.length === 0) return false;
  const leftSet = new Set(left);
  const rightSet = new Set(right);
  const [smaller, larger] = leftSet.size <= rightSet.size ? [leftSet, rightSet] : [rightSet, leftSet];
  if ([...smaller].every((word) => larger.has(word))) return true;
  const [short, long] = [left.join(""), right.join("")].sort((x, y) => x.length - y.length) as [string, string];
  if (short.length >= 4 && long.includes(short)) return true;
  const shared = [...smaller].filter((word) => larger.has(word)).length;
  const union = new Set([...leftSet, ...rightSet]).size;
  return shared / union >= 0.5;
}

/** The Postal Service's abbreviations, so "754 Wall Street" and "754 Wall St." read the same. */
const ADDRESS_ABBREVIATIONS: Record<string, string> = {
  avenue: "ave",
  av: "ave",
  boulevard: "blvd",
  circle: "cir",
  court: "ct",
  drive: "dr",
  expressway: "expy",
  freeway: "fwy",
  highway: "hwy",
  lane: "ln",
  parkway: "pkwy",
  place: "pl",
  road: "rd",
  square: "sq",
  street: "st",
  terrace: "ter",
  trail: "trl",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  northeast: "ne",
  northwest: "nw",
  southeast: "se",
  southwest: "sw",
};

/** Words that start the unit within a building: "Suite 2", "Stall 14", "#5". */
const UNIT_WORDS = new Set([
  "apt",
  "bldg",
  "booth",
  "building",
  "fl",
  "floor",
  "room",
  "rm",
  "space",
  "spc",
  "stall",
  "ste",
  "suite",
  "unit",
]);

export interface NormalizedAddress {
  /** "754 wall st" */
  street: string;
  /** "2" for "Suite 2", "" when none is given. */
  unit: string;
}

/** A street address in one spelling: lowercase, no punctuation, USPS abbreviations, the unit apart. */
export function normalizeStreetAddress(address: string): NormalizedAddress {
  const tokens = words(address.replace(/#/g, " unit ")).map((word) => ADDRESS_ABBREVIATIONS[word] ?? word);
  const unitAt = tokens.findIndex((word) => UNIT_WORDS.has(word));
  if (unitAt === -1) return { street: tokens.join(" "), unit: "" };
  return {
    street: tokens.slice(0, unitAt).join(" "),
    unit: tokens
      .slice(unitAt)
      .filter((word) => !UNIT_WORDS.has(word))
      .join(" "),
  };
}

/**
 * Whether two street addresses are the same place: the same street and number, and not two different units
 * of one building (a flower mart's stalls are separate businesses; an address without a unit may be any).
 */
export function addressesMatch(a: string, b: string): boolean {
  const left = normalizeStreetAddress(a);
  const right = normalizeStreetAddress(b);
  if (!left.street || left.street !== right.street) return false;
  return !left.unit || !right.unit || left.unit === right.unit;
}
