import { describe, expect, it } from "vitest";
import {
  generatePassword,
  HashingBusyError,
  hashPassword,
  PASSWORD_HASHES_AT_ONCE,
  PASSWORD_HASHES_WAITING,
  PASSWORD_TOO_SHORT_MESSAGE,
  UNMATCHABLE_HASH,
  verifyPassword,
} from "./password.server";

describe("password hashing", () => {
  it("stores scrypt N=2^17, r=8, p=1 with a 16-byte salt and a 64-byte key in the hash string", async () => {
    const hash = await hashPassword("correct horse battery");
    const [scheme, log2N, r, p, salt, key] = hash.split("$");
    expect([scheme, log2N, r, p]).toEqual(["scrypt", "17", "8", "1"]);
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64")).toHaveLength(64);
    expect(hash).not.toContain("correct horse battery");
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("tulips-and-peonies");
    expect(await verifyPassword("tulips-and-peonies", hash)).toBe(true);
    expect(await verifyPassword("tulips-and-peonieS", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts every hash, so the same password never hashes the same twice", async () => {
    const [first, second] = await Promise.all([hashPassword("same password 1"), hashPassword("same password 1")]);
    expect(first).not.toBe(second);
  });

  it("refuses passwords shorter than 12 characters", async () => {
    await expect(hashPassword("elevenchars")).rejects.toMatchObject({ code: "bad_request", message: PASSWORD_TOO_SHORT_MESSAGE });
  });

  it("never matches a malformed hash, a hash with absurd parameters, or the unmatchable hash", async () => {
    expect(await verifyPassword("anything at all", "plain-text-password")).toBe(false);
    expect(await verifyPassword("anything at all", "scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA")).toBe(false);
    expect(await verifyPassword("anything at all", UNMATCHABLE_HASH)).toBe(false);
  });

  it("generates long random passwords", () => {
    const password = generatePassword();
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(generatePassword()).not.toBe(password);
  });

  it("runs at most two hashes at once and keeps at most eight waiting: the rest are refused", async () => {
    const sent = PASSWORD_HASHES_AT_ONCE + PASSWORD_HASHES_WAITING + 6;
    const checks = Array.from({ length: sent }, () =>
      verifyPassword("a guessed password", UNMATCHABLE_HASH).then(
        () => "checked",
        (error: unknown) => (error instanceof HashingBusyError ? "busy" : "failed"),
      ),
    );
    const outcomes = await Promise.all(checks);
    expect(outcomes.filter((outcome) => outcome === "checked")).toHaveLength(PASSWORD_HASHES_AT_ONCE + PASSWORD_HASHES_WAITING);
    expect(outcomes.filter((outcome) => outcome === "busy")).toHaveLength(6);
    // Once the queue is empty, a check is taken again.
    expect(await verifyPassword("a guessed password", UNMATCHABLE_HASH)).toBe(false);
  }, 60_000);
});
