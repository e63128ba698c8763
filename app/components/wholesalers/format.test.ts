import { describe, expect, it } from "vitest";
import { citiesPhrase, directionsUrl, farAwayMessage, formatDistance, listingDistance } from "./format";

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

describe("listingDistance", () => {
  const centroid = { zipcode: "90014", locationExact: false };
  const exact = { zipcode: "90014", locationExact: true };

  it("says 'In 90014' for a centroid listing in the zipcode searched, never a fraction of a mile", () => {
    expect(listingDistance(centroid, 0, "90014")).toBe("In 90014");
  });

  it("gives a centroid listing elsewhere whole miles, with 'about', never under one mile", () => {
    expect(listingDistance(centroid, 3.4, "90021")).toBe("about 3 miles away");
    expect(listingDistance(centroid, 0.04, "90021")).toBe("about 1 mile away");
    expect(listingDistance(centroid, 1.4, "90021")).toBe("about 1 mile away");
    expect(listingDistance(centroid, 1.5, "90021")).toBe("about 2 miles away");
    expect(listingDistance(centroid, 1009.4)).toBe("about 1,009 miles away");
  });

  it("words a centroid listing from a position (no zipcode searched) in whole miles too", () => {
    expect(listingDistance(centroid, 0)).toBe("about 1 mile away");
    expect(listingDistance(centroid, 12.6)).toBe("about 13 miles away");
  });

  it("gives a listing with its own coordinates the exact distance, even in the zipcode searched", () => {
    expect(listingDistance(exact, 3.2, "90014")).toBe("3.2 miles away");
    expect(listingDistance(exact, 0.04, "90014")).toBe("less than 0.1 miles away");
  });
});

describe("farAwayMessage", () => {
  it("names the nearest distance in whole miles", () => {
    expect(farAwayMessage(675.4)).toBe("The nearest wholesaler we list is 675 miles away.");
    expect(farAwayMessage(1009.6)).toBe("The nearest wholesaler we list is 1,010 miles away.");
  });
});
