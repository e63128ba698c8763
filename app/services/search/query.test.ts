import { describe, expect, it } from "vitest";
import { excerptAround, ftsMatchExpression, highlightParts, zipcodeOf } from "./query";

const marked = (text: string, terms: string[]) =>
  highlightParts(text, terms)
    .filter((part) => part.match)
    .map((part) => part.text);

describe("highlightParts", () => {
  it("marks whole words, never a word inside another", () => {
    expect(marked("A primrose, a Rose and two roses.", ["rose"])).toEqual(["Rose", "roses"]);
    expect(marked("Primroses by the rosebush", ["rose"])).toEqual(["rosebush"]);
  });

  it("keeps every character of the text, in order", () => {
    const text = "Rose City — roses & more (rose)";
    expect(
      highlightParts(text, ["rose"])
        .map((part) => part.text)
        .join(""),
    ).toBe(text);
    expect(highlightParts(text, [])).toEqual([{ text, match: false }]);
  });

  it("matches accents and case as the search does, and one letter only as a whole word", () => {
    expect(marked("Café de Flore", ["cafe"])).toEqual(["Café"]);
    expect(marked("a big bunch of asters", ["a"])).toEqual(["a"]);
  });
});

describe("excerptAround", () => {
  const long = `${"Tulips and greenery fill the bucket. ".repeat(10)}Then one rose goes in the middle. ${"More stems follow. ".repeat(10)}`;

  it("cuts a long text around its first matching word at word boundaries", () => {
    const excerpt = excerptAround(long, ["rose"], 120) ?? "";
    expect(excerpt).toMatch(/^….*rose goes in the middle\..*…$/);
    expect(excerpt.length).toBeLessThanOrEqual(122);
    // Whole words only: the excerpt starts and ends on a word of the text.
    expect(long).toContain(excerpt.slice(1, -1));
  });

  it("shows a short text whole, and nothing when no word matches", () => {
    expect(excerptAround("Fresh roses daily.", ["rose"])).toBe("Fresh roses daily.");
    expect(excerptAround("A primrose path.", ["rose"])).toBeNull();
  });
});

describe("ftsMatchExpression", () => {
  it("quotes each word and matches the last as a prefix", () => {
    expect(ftsMatchExpression(["rose", "market"])).toBe(`"rose" "market"*`);
  });
});

describe("zipcodeOf", () => {
  it("knows a five-digit query for a zipcode", () => {
    expect(zipcodeOf("90014")).toBe("90014");
    expect(zipcodeOf("9001")).toBeNull();
    expect(zipcodeOf("90014 roses")).toBeNull();
  });
});
