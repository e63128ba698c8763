import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { SUGGESTION_LIMITS, SUGGESTION_MESSAGES, SUGGESTIONS_PER_HOUR } from "./suggestion-form";
import { createLocationSuggestion } from "./suggestions.server";
import { rejection } from "../../../tests/support/test-databases";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-suggestions-"));
const handle = openDatabase({ DATA_DIR: dataDir });
const db = handle.db;

beforeAll(() => migrateToLatest(db));
beforeEach(() => db.deleteFrom("location_suggestions").execute());
afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const valid = { businessName: "  Petal Wholesale  ", businessAddress: "123 Flower St, Los Angeles, CA 90014" };

const rows = () => db.selectFrom("location_suggestions").selectAll().execute();

describe("createLocationSuggestion", () => {
  it("stores a pending suggestion with trimmed fields, empty optional fields as null, the address and the time", async () => {
    const now = new Date("2026-05-01T10:00:00.000Z");
    const result = await createLocationSuggestion(db, { ...valid, contactName: " ", email: "" }, "203.0.113.7", now);
    expect(result).toEqual({ stored: true });
    expect(await rows()).toEqual([
      expect.objectContaining({
        business_name: "Petal Wholesale",
        contact_name: null,
        email: null,
        business_address: "123 Flower St, Los Angeles, CA 90014",
        additional_info: null,
        status: "pending",
        ip: "203.0.113.7",
        created_at: now.toISOString(),
        reviewed_at: null,
      }),
    ]);
  });

  it("keeps every field a visitor fills in", async () => {
    await createLocationSuggestion(
      db,
      { ...valid, contactName: "Ana", email: "ana@example.com", additionalInfo: "Open to the public after 9am" },
      "203.0.113.8",
    );
    expect(await rows()).toEqual([
      expect.objectContaining({ contact_name: "Ana", email: "ana@example.com", additional_info: "Open to the public after 9am" }),
    ]);
  });

  it("requires the business name and address, one message per field", async () => {
    const error = await rejection(createLocationSuggestion(db, { businessName: "  ", email: "ana@example.com" }, "203.0.113.9"));
    expect(error.code).toBe("bad_request");
    expect(error.fieldErrors).toEqual({
      businessName: SUGGESTION_MESSAGES.businessNameRequired,
      businessAddress: SUGGESTION_MESSAGES.businessAddressRequired,
    });
    expect(await rows()).toEqual([]);
  });

  it("rejects an invalid email address and over-long fields", async () => {
    const error = await rejection(
      createLocationSuggestion(
        db,
        { ...valid, email: "not-an-email", additionalInfo: "x".repeat(SUGGESTION_LIMITS.additionalInfo + 1) },
        "203.0.113.10",
      ),
    );
    expect(error.fieldErrors).toEqual({
      email: SUGGESTION_MESSAGES.invalidEmail,
      additionalInfo: `Additional information must be at most ${SUGGESTION_LIMITS.additionalInfo} characters.`,
    });
    expect(await rows()).toEqual([]);
  });

  it("answers a filled honeypot like a success but stores nothing, even for invalid input", async () => {
    expect(await createLocationSuggestion(db, { ...valid, website_url: "https://spam.example" }, "203.0.113.11")).toEqual({
      stored: false,
    });
    expect(await createLocationSuggestion(db, { website_url: "x" }, "203.0.113.11")).toEqual({ stored: false });
    expect(await rows()).toEqual([]);
  });

  it(`accepts ${SUGGESTIONS_PER_HOUR} suggestions per address per hour, then refuses with 429 until the hour has passed`, async () => {
    const start = new Date("2026-05-01T10:00:00.000Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (let i = 0; i < SUGGESTIONS_PER_HOUR; i++) {
      await createLocationSuggestion(db, valid, "198.51.100.1", at(i));
    }
    const error = await rejection(createLocationSuggestion(db, valid, "198.51.100.1", at(30)));
    expect(error.code).toBe("too_many_requests");
    expect(error.message).toBe(SUGGESTION_MESSAGES.tooMany);

    // Another address is not affected, and the first may send again once its oldest suggestion is an hour old.
    expect(await createLocationSuggestion(db, valid, "198.51.100.2", at(30))).toEqual({ stored: true });
    expect(await createLocationSuggestion(db, valid, "198.51.100.1", at(61))).toEqual({ stored: true });
    expect(await rows()).toHaveLength(SUGGESTIONS_PER_HOUR + 2);
  });
});
