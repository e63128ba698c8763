/**
 * US English number, date and list wording without Intl. A page's first Intl formatter costs a phone 15-60 ms
 * of its main thread while the page loads (its locale data; docs/decisions/024-no-intl-while-loading.md), so the
 * public pages' code uses these instead. Each gives what Intl's en-US formatter named beside it gives
 * (en-us.test.ts compares them over many values).
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "1,234": `Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })` of an integer. */
function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * `value` to `digits` decimals, halves rounded away from zero, as Intl rounds: on the shortest decimal that reads
 * back as `value` ("0.95", so 1.0), not on its binary value as toFixed does (0.9499…, so 0.9).
 */
function roundHalfExpand(value: number, digits: number): { whole: string; fraction: string } {
  const text = String(value);
  if (/e/i.test(text)) {
    const [whole = "0", fraction = ""] = value.toFixed(digits).split(".");
    return { whole, fraction };
  }
  const [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length <= digits || (fraction[digits] ?? "0") < "5") return { whole, fraction: fraction.slice(0, digits) };
  const scaled = `${whole}${fraction.slice(0, digits)}`;
  const bumped = (BigInt(scaled) + 1n).toString().padStart(scaled.length, "0");
  return { whole: bumped.slice(0, bumped.length - digits) || "0", fraction: bumped.slice(bumped.length - digits) };
}

/** "1,234.5": `Intl.NumberFormat("en-US", { maximumFractionDigits })` of a number that is not negative. */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  const { whole, fraction } = roundHalfExpand(value, maximumFractionDigits);
  const kept = fraction.replace(/0+$/, "");
  return `${groupDigits(Number(whole))}${kept ? `.${kept}` : ""}`;
}

/** "November 27, 2026": `Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" })`. */
export const formatLongDateUtc = (date: Date) => `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;

/** "Nov 2026": `Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" })`. */
export const formatMonthYearUtc = (date: Date) => `${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCFullYear()}`;

/** "a, b, and c": `Intl.ListFormat("en-US", { style: "long", type: "conjunction" })`. */
export function formatConjunction(items: readonly string[]): string {
  if (items.length <= 2) return items.join(" and ");
  return `${items.slice(0, -1).join(", ")}, and ${items.at(-1)}`;
}
