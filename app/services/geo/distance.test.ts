import { describe, expect, it } from "vitest";
import { boundingBox, distanceMiles, roundMiles } from "./distance";

const losAngeles = { latitude: 34.0522, longitude: -118.2437 };
const newYork = { latitude: 40.7128, longitude: -74.006 };

describe("distanceMiles", () => {
  it("measures Los Angeles to New York as about 2,445 miles", () => {
    expect(distanceMiles(losAngeles, newYork)).toBeGreaterThan(2440);
    expect(distanceMiles(losAngeles, newYork)).toBeLessThan(2450);
  });

  it("is zero for the same point and symmetric", () => {
    expect(distanceMiles(newYork, newYork)).toBe(0);
    expect(distanceMiles(losAngeles, newYork)).toBeCloseTo(distanceMiles(newYork, losAngeles), 9);
  });

  it("measures one degree of latitude as about 69 miles", () => {
    expect(distanceMiles({ latitude: 40, longitude: -100 }, { latitude: 41, longitude: -100 })).toBeCloseTo(69.1, 0);
  });
});

describe("boundingBox", () => {
  it("contains every point 25 miles away in any direction", () => {
    const box = boundingBox(newYork, 25);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 24.9 miles away along this bearing (small-distance approximation).
      const radians = (bearing * Math.PI) / 180;
      const latitude = newYork.latitude + (24.9 / 69.05) * Math.cos(radians);
      const longitude = newYork.longitude + ((24.9 / 69.05) * Math.sin(radians)) / Math.cos((newYork.latitude * Math.PI) / 180);
      expect(distanceMiles(newYork, { latitude, longitude })).toBeLessThan(25);
      expect(latitude).toBeGreaterThanOrEqual(box.minLatitude);
      expect(latitude).toBeLessThanOrEqual(box.maxLatitude);
      expect(longitude).toBeGreaterThanOrEqual(box.minLongitude);
      expect(longitude).toBeLessThanOrEqual(box.maxLongitude);
    }
  });
});

describe("roundMiles", () => {
  it("keeps one decimal place", () => {
    expect(roundMiles(3.14159)).toBe(3.1);
    expect(roundMiles(24.96)).toBe(25);
  });
});
