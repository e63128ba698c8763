import { describe, expect, it } from "vitest";
import { timeZoneAt } from "./time-zone.server";

describe("timeZoneAt", () => {
  it.each([
    ["Los Angeles", 34.0522, -118.2437, "America/Los_Angeles"],
    ["Honolulu", 21.3069, -157.8583, "Pacific/Honolulu"],
    ["Phoenix", 33.4484, -112.074, "America/Phoenix"],
    ["Indianapolis", 39.7684, -86.1581, "America/Indiana/Indianapolis"],
    ["New York", 40.7128, -74.006, "America/New_York"],
    ["Nashville", 36.1627, -86.7816, "America/Chicago"],
    ["Anchorage", 61.2181, -149.9003, "America/Anchorage"],
    // The Navajo Nation keeps daylight saving time although the rest of Arizona does not.
    ["Window Rock, Arizona", 35.6803, -109.0525, "America/Denver"],
  ])("finds the time zone of %s", (_place, latitude, longitude, zone) => {
    expect(timeZoneAt(latitude, longitude)).toBe(zone);
  });

  it("refuses coordinates that are not on Earth", () => {
    expect(() => timeZoneAt(91, 0)).toThrow("not a point on Earth");
    expect(() => timeZoneAt(40, Number.NaN)).toThrow("not a point on Earth");
  });
});
