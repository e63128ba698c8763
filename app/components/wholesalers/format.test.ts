import { describe, expect, it } from "vitest";
import { citiesPhrase, directionsUrl, formatDistance } from "./format";

describe("directionsUrl", () => {
  it("searches the maps service for name, address, city and state, encoded as one query", () => {
    const url = directionsUrl({ name: "Mellano & Company", address: "766 Wall St", city: "Los Angeles", state: "California" });
    expect(url).toBe(
      "https://www.google.com/maps/search/?api=1&query=Mellano%20%26%20Company%2C%20766%20Wall%20St%2C%20Los%20Angeles%2C%20California",
    );
    expect(new URL(url).searchParams.get("query")).toBe("Mellano & Company, 766 Wall St, Los Angeles, California");
  });
});

describe("formatDistance", () => {
  it("shows one decimal place at most", () => {
    expect(formatDistance(2.3)).toBe("2.3 miles away");
    expect(formatDistance(0.1)).toBe("0.1 miles away");
    expect(formatDistance(12)).toBe("12 miles away");
  });

  it("groups thousands for far-away suggestions", () => {
    expect(formatDistance(1432.6)).toBe("1,432.6 miles away");
  });

  it("does not claim a distance of zero", () => {
    expect(formatDistance(0)).toBe("less than 0.1 miles away");
  });

  it("says mile for exactly one", () => {
    expect(formatDistance(1)).toBe("1 mile away");
  });
});

describe("citiesPhrase", () => {
  it("names every city", () => {
    expect(citiesPhrase([{ name: "Miami" }])).toBe("Miami");
    expect(citiesPhrase([{ name: "Miami" }, { name: "Tampa" }, { name: "Orlando" }])).toBe("Miami, Tampa, and Orlando");
  });

  it("falls back to 'major cities' when the state lists none", () => {
    expect(citiesPhrase([])).toBe("major cities");
  });
});
