import { describe, expect, it } from "vitest";
import { listingPath, slugify } from "./slug";

describe("slugify", () => {
  it("lowercases the name and joins its words with hyphens", () => {
    expect(slugify("Original Los Angeles Flower Market")).toBe("original-los-angeles-flower-market");
  });

  it("reads & as 'and', drops apostrophes and folds accents", () => {
    expect(slugify("Mellano & Company")).toBe("mellano-and-company");
    expect(slugify("Bloomin' Brothers’ Flowers")).toBe("bloomin-brothers-flowers");
    expect(slugify("Café Fleurs Élégantes")).toBe("cafe-fleurs-elegantes");
  });

  it("never starts or ends with a hyphen, and never repeats one", () => {
    expect(slugify("  --The   Flower -- Exchange!!  ")).toBe("the-flower-exchange");
  });

  it("keeps at most 80 characters without a trailing hyphen", () => {
    const slug = slugify(`${"Flower ".repeat(20)}Market`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });

  it("gives a name without letters or digits, or the reserved word 'report', a slug of its own", () => {
    expect(slugify("!!!")).toBe("listing-page");
    expect(slugify("Report")).toBe("listing-report");
  });
});

describe("listingPath", () => {
  it("is /wholesalers/{id}/{slug}", () => {
    expect(listingPath({ id: 7, name: "Mellano & Company" })).toBe("/wholesalers/7/mellano-and-company");
  });
});
