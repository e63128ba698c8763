import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { readNearPageQuery } from "./near-page-query";
import { parseNearApiQuery, wantsResultsMap } from "./near-query";

const page = (query: string) => readNearPageQuery(new URLSearchParams(query));
const api = (query: string) => parseNearApiQuery(new URLSearchParams(query));
const apiError = (query: string) => {
  try {
    api(query);
  } catch (error) {
    if (error instanceof AppError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return "no error";
};

describe("readNearPageQuery", () => {
  it("reads the zipcode and one of the offered radii", () => {
    expect(page("zip=90014&radius=50")).toEqual({ zipcode: "90014", radius: 50 });
    expect(page("zip=%2090014%20")).toEqual({ zipcode: "90014", radius: 25 });
  });

  it("falls back to 25 miles for a radius that is not offered", () => {
    for (const radius of ["", "30", "1000", "ten", "-10"]) expect(page(`zip=90014&radius=${radius}`).radius).toBe(25);
  });

  it("has no zipcode without one, and reports a malformed one", () => {
    expect(page("")).toEqual({ radius: 25 });
    expect(page("zip=")).toEqual({ radius: 25 });
    expect(page("zip=9001&radius=10")).toEqual({ zipcodeError: "A zipcode is exactly 5 digits.", radius: 10 });
  });
});

describe("parseNearApiQuery", () => {
  it("takes a zipcode, or a position, with 25 miles by default", () => {
    expect(api("zip=90014")).toEqual({ origin: { zipcode: "90014" }, radiusMiles: 25 });
    expect(api("lat=34.04&lng=-118.25&radius=10")).toEqual({ origin: { latitude: 34.04, longitude: -118.25 }, radiusMiles: 10 });
    expect(api("lat=-90&lng=180&radius=2.5")).toEqual({ origin: { latitude: -90, longitude: 180 }, radiusMiles: 2.5 });
  });

  it("cuts a radius over 100 miles to 100", () => {
    expect(api("zip=90014&radius=101").radiusMiles).toBe(100);
    expect(api("zip=90014&radius=100").radiusMiles).toBe(100);
  });

  it("refuses what it cannot use with a message that says what to send", () => {
    expect(apiError("")).toBe("bad_request: Give either zip (5 digits) or both lat and lng.");
    expect(apiError("lng=3")).toBe("bad_request: Give either zip (5 digits) or both lat and lng.");
    expect(apiError("zip=90014&lat=1&lng=2")).toBe("bad_request: Give either zip (5 digits) or both lat and lng.");
    expect(apiError("zip=9001")).toBe("bad_request: A zipcode is exactly 5 digits.");
    expect(apiError("lat=&lng=2")).toBe("bad_request: lat must be a number from -90 to 90.");
    expect(apiError("lat=1e2&lng=2")).toBe("bad_request: lat must be a number from -90 to 90.");
    expect(apiError("lat=1&lng=180.01")).toBe("bad_request: lng must be a number from -180 to 180.");
    expect(apiError("zip=90014&radius=0")).toBe("bad_request: radius must be a number of miles above 0 (at most 100 are searched).");
    expect(apiError("zip=90014&radius=Infinity")).toBe("bad_request: radius must be a number of miles above 0 (at most 100 are searched).");
  });
});

describe("wantsResultsMap", () => {
  const wants = (query: string) => wantsResultsMap(new URLSearchParams(query));

  it("adds the map for map=1 only, and refuses what it does not know", () => {
    expect(wants("zip=90014")).toBe(false);
    expect(wants("zip=90014&map=0")).toBe(false);
    expect(wants("zip=90014&map=1")).toBe(true);
    for (const value of ["", "yes", "true", "2"])
      expect(() => wants(`map=${value}`), value).toThrow("map must be 1 (to add the results map) or 0.");
  });
});
