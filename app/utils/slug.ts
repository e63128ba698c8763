/**
 * A name as an address segment: "Trader Joe's" → "trader-joes", "Original Los Angeles Flower Market" →
 * "original-los-angeles-flower-market"; accents folded, "&" read as "and", apostrophes dropped, at most 80
 * characters. Empty when the name has no letter or digit.
 */
export function slugText(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** The slug for `name` that none of `taken` has: "costco", else "costco-2", "costco-3"…; "store" for a name without letters. */
export function uniqueSlug(name: string, taken: ReadonlySet<string>): string {
  const base = slugText(name) || "store";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
