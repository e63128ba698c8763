import { describe, expect, it } from "vitest";
import { addressesMatch, describeDuplicate, namesAreSimilar, nameTokens, normalizeStreetAddress } from "./duplicates";

describe("nameTokens", () => {
  it("drops case, punctuation, legal forms and the words every flower business uses", () => {
    expect(nameTokens("Rose Wholesale Florist, Inc.")).toEqual(["rose"]);
    expect(nameTokens("JIM'S FLOWERS & Co. LLC")).toEqual(["jims"]);
    expect(nameTokens("Café Fleur Supply")).toEqual(["cafe", "fleur"]);
  });

  it("keeps every word of a name made of nothing else", () => {
    expect(nameTokens("The Wholesale Flower Co.")).toEqual(["the", "wholesale", "flower", "co"]);
  });
});

describe("namesAreSimilar", () => {
  it.each([
    ["Rose Wholesale Florist, Inc.", "Rose Florist LLC"],
    ["Jim's Flowers", "JIMS FLOWERS & CO"],
    ["Bloom Depot", "Bloom Depot Wholesale Flowers of Fresno"],
    ["Flowerama", "Flower Ama"],
    ["Pacific Coast Greens", "Pacific Coast Floral Greens Supply"],
    ["Mayesh Wholesale Florist", "mayesh"],
  ])("%j and %j may be the same business", (a, b) => {
    expect(namesAreSimilar(a, b)).toBe(true);
    expect(namesAreSimilar(b, a)).toBe(true);
  });

  it.each([
    ["Rose Wholesale", "Lily Wholesale"],
    ["LA Flower Market", "SF Flower Market"],
    ["Green Valley Growers", "Blue Hills Farm"],
    ["Bloom", "Blossom"],
  ])("%j and %j are different businesses", (a, b) => {
    expect(namesAreSimilar(a, b)).toBe(false);
  });
});

describe("normalizeStreetAddress", () => {
  it("spells street words, directions and units the Postal Service's way", () => {
    expect(normalizeStreetAddress("754 Wall Street")).toEqual({ street: "754 wall st", unit: "" });
    expect(normalizeStreetAddress("1200 North Main Avenue, Suite 4B")).toEqual({ street: "1200 n main ave", unit: "4b" });
    expect(normalizeStreetAddress("  9 S. Pier Rd. #12 ")).toEqual({ street: "9 s pier rd", unit: "12" });
  });
});

describe("addressesMatch", () => {
  it("matches the same street address written differently", () => {
    expect(addressesMatch("754 Wall Street", "754 WALL ST.")).toBe(true);
    expect(addressesMatch("1200 North Main Avenue", "1200 N Main Ave")).toBe(true);
    expect(addressesMatch("754 Wall St, Suite 2", "754 Wall St")).toBe(true);
    expect(addressesMatch("754 Wall St Ste 2", "754 Wall Street, Suite 2")).toBe(true);
  });

  it("tells apart another number, another street and another stall of the same building", () => {
    expect(addressesMatch("754 Wall St", "756 Wall St")).toBe(false);
    expect(addressesMatch("754 Wall St", "754 Maple Ave")).toBe(false);
    expect(addressesMatch("754 Wall St, Stall 12", "754 Wall St, Stall 14")).toBe(false);
    expect(addressesMatch("", "")).toBe(false);
  });
});

describe("describeDuplicate", () => {
  it("names the listing, where it is and why it may be a duplicate", () => {
    expect(
      describeDuplicate({
        id: 1,
        name: "Rose Market",
        address: "754 Wall St",
        city: "Los Angeles",
        state: "California",
        zipcode: "90014",
        reasons: ["similar-name", "same-address"],
      }),
    ).toBe("Rose Market, 754 Wall St, Los Angeles, California 90014 (similar name in the same zipcode; same street address)");
  });
});
