import { describe, expect, it } from "vitest";
import { assertZipcode, isValidZipcode, sanitizeZipcodeInput } from "./zipcode";

describe("zipcode input", () => {
  it("strips non-digits and keeps at most 5 characters", () => {
    expect(sanitizeZipcodeInput("9a0-2 1x4")).toBe("90214");
    expect(sanitizeZipcodeInput("123456789")).toBe("12345");
    expect(sanitizeZipcodeInput("abc")).toBe("");
  });

  it("accepts exactly 5 digits only", () => {
    expect(isValidZipcode("90210")).toBe(true);
    expect(isValidZipcode("00501")).toBe(true);
    for (const bad of ["9021", "902100", "9021a", " 90210", "90210\n", "", "٩٠٢١٠"]) {
      expect(isValidZipcode(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("rejects a malformed zipcode with a clear message", () => {
    expect(() => assertZipcode("123")).toThrow("A zipcode is exactly 5 digits.");
    expect(assertZipcode("10001")).toBe("10001");
  });
});
