import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, letting later Tailwind utilities override earlier ones of the same kind, under the same
 * variants: `cn("h-11 px-4", "h-12")` is "px-4 h-12".
 *
 * This is tailwind-merge's algorithm (v3) with only the utility groups this site overrides one another with
 * (sizes, spacing, position, text size and colour, borders, rings, backgrounds, layout), written out here: its
 * engine with that configuration weighed 3.3 KB gzip on every page, this 1 KB (issue #13,
 * docs/decisions/018 and 030). Classes outside these groups are kept as they are, never merged. cn.test.ts holds
 * it to tailwind-merge with the same configuration on every class the app's source names, alone and in
 * combinations, and to full tailwind-merge on the overrides the pages rely on.
 */

type Test = (value: string) => boolean;
/** A class part: the parts that may follow it, the tests of what may follow it (in order), its own group. */
interface Part {
  next: Map<string, Part>;
  tests: [group: string, test: Test][];
  group?: string;
}

const any: Test = () => true;
const isNumber: Test = (value) => !!value && !Number.isNaN(Number(value));
const isTshirtSize: Test = (value) => /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(value);
/** An arbitrary length such as `[3px]` or `[length:var(--x)]` (not a colour function with a percentage). */
const isArbitraryLength: Test = (value) => {
  const match = /^\[(?:(\w[\w-]*):)?(.+)\]$/i.exec(value);
  if (!match) return false;
  if (match[1]) return match[1] === "length";
  const inner = match[2] ?? "";
  return (
    /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/.test(
      inner,
    ) && !/^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark)\(.+\)$/.test(inner)
  );
};
const width = ["", isNumber, isArbitraryLength];

/**
 * The groups, in tailwind-merge's configuration order (which settles which test is tried first): a group's
 * id, the class prefix, then what may follow it: a word (`""`: the prefix alone) or a test of the rest. A prefix
 * of `""` lists whole classes. The first list is of groups whose prefix is their id and that take any value.
 */
const GROUPS: [group: string, prefix: string, ...values: (string | Test)[]][] = [
  [
    "display",
    "",
    "block",
    "inline-block",
    "inline",
    "flex",
    "inline-flex",
    "grid",
    "inline-grid",
    "contents",
    "hidden",
    "table",
    "flow-root",
  ],
  ["position", "", "static", "fixed", "absolute", "relative", "sticky"],
  ...(
    "inset inset-x inset-y top right bottom left z size w min-w max-w h min-h max-h p px py pt pr pb pl m mx my mt mr mb ml " +
    "gap gap-x gap-y"
  )
    .split(" ")
    .map((prefix): [string, string, Test] => [prefix, prefix, any]),
  ["flex-direction", "flex", "row", "row-reverse", "col", "col-reverse"],
  ["flex-wrap", "flex", "wrap", "wrap-reverse", "nowrap"],
  ["flex", "flex", any],
  ["align-items", "items", any],
  ["justify-content", "justify", any],
  ["grid-cols", "grid-cols", any],
  ["col-span", "col", any],
  ["text-alignment", "text", "left", "center", "right", "justify", "start", "end"],
  ["text-wrap", "text", "wrap", "nowrap", "balance", "pretty"],
  ["font-size", "text", "base", isTshirtSize, isArbitraryLength],
  ["text-color", "text", any],
  ["font-weight", "font", "thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"],
  ["font-family", "font", any],
  ..."leading tracking line-clamp whitespace overflow overflow-x overflow-y"
    .split(" ")
    .map((prefix): [string, string, Test] => [prefix, prefix, any]),
  ["bg-image", "bg-gradient-to", any],
  ["bg-image", "bg-linear-to", any],
  ["bg-color", "bg", any],
  ["rounded", "rounded", "", any],
  ["border-w", "border", ...width],
  ...["x", "y", "t", "r", "b", "l"].map((side): [string, string, ...(string | Test)[]] => [`border-w-${side}`, `border-${side}`, ...width]),
  ["border-color", "border", any],
  ["ring-w-inset", "", "ring-inset"],
  ["ring-w", "ring", ...width],
  ["ring-color", "ring", any],
  ["shadow", "shadow", "", "2xs", "xs", "sm", "md", "lg", "xl", "2xl", "none", "inner"],
  ["shadow-color", "shadow", any],
  ..."opacity appearance cursor aspect".split(" ").map((prefix): [string, string, Test] => [prefix, prefix, any]),
];

/** A class of the first group overrides those of the others before it, under the same variants. */
const CONFLICTS: Record<string, string[]> = {
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  size: ["w", "h"],
  p: ["px", "py", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  gap: ["gap-x", "gap-y"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  overflow: ["overflow-x", "overflow-y"],
  "font-size": ["leading"],
};

/** Variants whose order changes what they select (`before:`, `*:`): not sorted past. */
const ORDERED = new Set([
  "*",
  "**",
  "after",
  "backdrop",
  "before",
  "details-content",
  "file",
  "first-letter",
  "first-line",
  "marker",
  "placeholder",
  "selection",
]);

const newPart = (): Part => ({ next: new Map(), tests: [] });
const root = newPart();
const partAt = (from: Part, path: string) => {
  let part = from;
  for (const word of path.split("-")) {
    let next = part.next.get(word);
    if (!next) part.next.set(word, (next = newPart()));
    part = next;
  }
  return part;
};
for (const [group, prefix, ...values] of GROUPS) {
  const base = prefix ? partAt(root, prefix) : root;
  for (const value of values) {
    if (typeof value === "function") base.tests.push([group, value]);
    else (value ? partAt(base, value) : base).group = group;
  }
}

/** The group of a class without its variants: the longest known prefix first, then the tests where it stops. */
function groupOf(name: string): string | undefined {
  if (name.startsWith("[") && name.endsWith("]")) {
    const property = name.slice(1, -1).split(":")[0];
    return name.includes(":") && property ? `arbitrary..${property}` : undefined;
  }
  const words = name.split("-");
  const find = (part: Part, index: number): string | undefined => {
    if (index === words.length) return part.group;
    const next = part.next.get(words[index] as string);
    const found = next && find(next, index + 1);
    if (found) return found;
    const rest = words.slice(index).join("-");
    return part.tests.find(([, test]) => test(rest))?.[0];
  };
  return find(root, words[0] === "" && words.length > 1 ? 1 : 0);
}

function merge(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index--) {
    const original = classes[index] as string;
    // Variants (`md:`, `hover:`) end at colons outside brackets; a slash there may start a modifier (`/40`).
    const variants: string[] = [];
    let depth = 0;
    let start = 0;
    let slash: number | undefined;
    for (let at = 0; at < original.length; at++) {
      const character = original[at];
      if (depth === 0 && character === ":") {
        variants.push(original.slice(start, at));
        start = at + 1;
      } else if (depth === 0 && character === "/") slash = at;
      else if (character === "[" || character === "(") depth++;
      else if (character === "]" || character === ")") depth--;
    }
    let name = original.slice(start);
    const important = name.endsWith("!") || name.startsWith("!");
    if (name.endsWith("!")) name = name.slice(0, -1);
    else if (name.startsWith("!")) name = name.slice(1);
    const modifierAt = slash !== undefined && slash > start ? slash - start : undefined;
    let group = modifierAt ? groupOf(name.slice(0, modifierAt)) : groupOf(name);
    if (!group && modifierAt) group = groupOf(name);
    if (!group) {
      kept.push(original);
      continue;
    }
    let sorted = variants;
    if (variants.length > 1) {
      sorted = [];
      let segment: string[] = [];
      for (const variant of variants) {
        if (variant[0] === "[" || ORDERED.has(variant)) {
          sorted.push(...segment.sort(), variant);
          segment = [];
        } else segment.push(variant);
      }
      sorted.push(...segment.sort());
    }
    const scope = sorted.join(":") + (important ? "!" : "");
    if (taken.has(scope + group)) continue;
    taken.add(scope + group);
    for (const other of CONFLICTS[group] ?? []) taken.add(scope + other);
    kept.push(original);
  }
  return kept.reverse().join(" ");
}

const merged = new Map<string, string>();

/** Joins class names, letting later Tailwind utilities override earlier ones of the same kind. */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  let result = merged.get(classes);
  if (result === undefined) {
    result = merge(classes);
    if (merged.size >= 500) merged.clear();
    merged.set(classes, result);
  }
  return result;
}
