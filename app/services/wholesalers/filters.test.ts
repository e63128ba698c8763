import { describe, expect, it } from "vitest";
import { filterListings, NO_FILTERS, onlyFiltersChanged, readListingFilters, withListingFilters, type ListingFilters } from "./filters";
import type { WeeklyHours } from "./opening-hours";
import type { Wholesaler } from "./types";

const weekdays6to14: WeeklyHours = {
  mon: [{ open: "06:00", close: "14:00" }],
  tue: [{ open: "06:00", close: "14:00" }],
  wed: [{ open: "06:00", close: "14:00" }],
  thu: [{ open: "06:00", close: "14:00" }],
  fri: [{ open: "06:00", close: "14:00" }],
  sat: [],
  sun: [],
};

type Listing = Pick<Wholesaler, "type" | "access" | "openingHours" | "timeZone"> & { name: string };
const listings: Listing[] = [
  { name: "trade market", type: "Wholesale", access: "trade-only", openingHours: weekdays6to14, timeZone: "America/Los_Angeles" },
  { name: "open mart", type: "Both", access: "public-welcome", openingHours: weekdays6to14, timeZone: "America/New_York" },
  { name: "public hours", type: "Both", access: "public-hours", openingHours: null, timeZone: "America/Chicago" },
  { name: "farm stand", type: "Retail", access: null, openingHours: null, timeZone: null },
  { name: "unknown wholesaler", type: "Wholesale", access: null, openingHours: null, timeZone: null },
];
// Wednesday 2026-11-25 at 12:00 in New York is 09:00 in Los Angeles: both schedules are open.
const wednesdayNoonEastern = new Date("2026-11-25T17:00:00Z");
// Wednesday 15:00 in New York (closed there) is 12:00 in Los Angeles (open there).
const wednesdayAfternoonEastern = new Date("2026-11-25T20:00:00Z");
// Saturday: both closed.
const saturday = new Date("2026-11-28T17:00:00Z");

const filtered = (filters: Partial<ListingFilters>, now = wednesdayNoonEastern) => {
  const result = filterListings(listings, { ...NO_FILTERS, ...filters }, now);
  return { matches: result.matches.map((l) => l.name), unknown: result.unknown.map((l) => l.name), counts: result.counts };
};
const names = (filters: Partial<ListingFilters>, now = wednesdayNoonEastern) => filtered(filters, now).matches;
const unknownNames = (filters: Partial<ListingFilters>, now = wednesdayNoonEastern) => filtered(filters, now).unknown;

describe("filterListings", () => {
  it("keeps every listing without a filter, none set apart", () => {
    expect(names({})).toEqual(listings.map((listing) => listing.name));
    expect(unknownNames({})).toEqual([]);
  });

  it("keeps only the types ticked (a type is always known)", () => {
    expect(names({ types: ["Wholesale"] })).toEqual(["trade market", "unknown wholesaler"]);
    expect(names({ types: ["Both", "Retail"] })).toEqual(["open mart", "public hours", "farm stand"]);
    expect(unknownNames({ types: ["Wholesale"] })).toEqual([]);
  });

  it("'Public welcome' matches public-welcome and public-at-set-hours, sets the unknown apart and leaves trade-only out", () => {
    expect(names({ publicWelcome: true })).toEqual(["open mart", "public hours"]);
    expect(unknownNames({ publicWelcome: true })).toEqual(["farm stand", "unknown wholesaler"]);
  });

  it("'Open now' judges each schedule on its own clock; a listing without one is not yet known, never a no", () => {
    expect(names({ openNow: true }, wednesdayNoonEastern)).toEqual(["trade market", "open mart"]);
    expect(names({ openNow: true }, wednesdayAfternoonEastern)).toEqual(["trade market"]);
    expect(names({ openNow: true }, saturday)).toEqual([]);
    expect(unknownNames({ openNow: true }, saturday)).toEqual(["public hours", "farm stand", "unknown wholesaler"]);
  });

  it("combines filters: a known no on any leaves a listing out; an unknown on one sets it apart", () => {
    expect(filtered({ types: ["Both"], publicWelcome: true, openNow: true })).toMatchObject({
      matches: ["open mart"],
      unknown: ["public hours"],
    });
    expect(filtered({ types: ["Wholesale"], publicWelcome: true })).toMatchObject({ matches: [], unknown: ["unknown wholesaler"] });
  });

  it("counts, among the listings of the chosen types, those known to welcome the public and those with known hours", () => {
    expect(filtered({}).counts).toEqual({ publicWelcome: { known: 2, unknown: 2 }, openNow: { known: 2, unknown: 3 } });
    // The hours' count does not depend on the moment (trade market is closed on Saturday, its hours are known).
    expect(filtered({ types: ["Wholesale"] }, saturday).counts).toEqual({
      publicWelcome: { known: 0, unknown: 1 },
      openNow: { known: 1, unknown: 1 },
    });
  });
});

describe("readListingFilters and withListingFilters", () => {
  const read = (query: string) => readListingFilters(new URLSearchParams(query));

  it("reads the page's own form (type=a,b) and a form of checkboxes (type=a&type=b) alike", () => {
    const expected = { types: ["Wholesale", "Both"], publicWelcome: true, openNow: true };
    expect(read("type=wholesale,both&public=1&open=1")).toEqual(expected);
    expect(read("type=both&type=wholesale&public=on&open=true")).toEqual(expected);
  });

  it("drops what it does not know, and reads every type as no type filter", () => {
    expect(read("type=florist,RETAIL&public=yes&open=0")).toEqual({ types: ["Retail"], publicWelcome: false, openNow: false });
    expect(read("type=wholesale,both,retail")).toEqual(NO_FILTERS);
  });

  it("writes the filters after the other parameters, and removes them when none is on", () => {
    const params = new URLSearchParams("zip=90014&radius=50&open=1");
    expect(withListingFilters(params, { types: ["Both", "Retail"], publicWelcome: true, openNow: false }).toString()).toBe(
      "zip=90014&radius=50&type=both%2Cretail&public=1",
    );
    expect(withListingFilters(params, NO_FILTERS).toString()).toBe("zip=90014&radius=50");
  });

  it("tells a change of filters alone from a new search", () => {
    const url = (query: string) => new URL(`https://example.test/near?${query}`);
    expect(onlyFiltersChanged(url("zip=90014"), url("zip=90014&open=1"))).toBe(true);
    expect(onlyFiltersChanged(url("zip=90014&open=1"), url("zip=90015&open=1"))).toBe(false);
    expect(onlyFiltersChanged(url("zip=90014"), new URL("https://example.test/state/texas?zip=90014"))).toBe(false);
  });
});
