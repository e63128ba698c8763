import { describe, expect, it } from "vitest";
import { formatConjunction, formatLongDateUtc, formatMonthYearUtc, formatNumber } from "./en-us";

describe("US English wording without Intl says what Intl says", () => {
  it("numbers, whole and to one decimal, from 0 to 2 million", () => {
    const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
    const values = [0, 0.04, 0.05, 0.1, 0.95, 0.96, 1, 1.05, 1.25, 1.45, 9.95, 99.99, 999, 999.96, 1000, 1234.56, 12_345.6, 675, 2_000_000];
    for (let n = 0; n < 3000; n++) values.push(n * 0.37, n * 13.7, n ** 2 / 7);
    for (const value of values) {
      expect(formatNumber(value), `${value}`).toBe(whole.format(value));
      expect(formatNumber(value, 1), `${value}`).toBe(oneDecimal.format(value));
    }
  });

  it("dates and months, every day from 1999 to 2031", () => {
    const long = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
    const monthYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
    for (let day = Date.UTC(1999, 0, 1); day <= Date.UTC(2031, 11, 31); day += 86_400_000) {
      const date = new Date(day);
      expect(formatLongDateUtc(date)).toBe(long.format(date));
      expect(formatMonthYearUtc(date)).toBe(monthYear.format(date));
    }
  });

  it("lists of none to five", () => {
    const list = new Intl.ListFormat("en-US", { style: "long", type: "conjunction" });
    const names = ["Los Angeles", "San Diego", "Fresno", "San Jose", "Sacramento"];
    for (let n = 0; n <= names.length; n++) expect(formatConjunction(names.slice(0, n))).toBe(list.format(names.slice(0, n)));
  });
});
