import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { badRequest } from "../errors";

export const ZIPCODE_LENGTH = 5;
export const ZIPCODE_PATTERN = /^\d{5}$/;
export const INVALID_ZIPCODE_MESSAGE = "A zipcode is exactly 5 digits.";

/** What the finder's input keeps of what was typed: digits only, at most 5. */
export function sanitizeZipcodeInput(input: string): string {
  return input.replace(/\D/g, "").slice(0, ZIPCODE_LENGTH);
}

export function isValidZipcode(value: string): boolean {
  return ZIPCODE_PATTERN.test(value);
}

export function assertZipcode(value: string): string {
  if (!isValidZipcode(value)) throw badRequest(INVALID_ZIPCODE_MESSAGE);
  return value;
}

export function findZipcode(db: Kysely<Database>, zip: string) {
  return db.selectFrom("zipcodes").selectAll().where("zip", "=", zip).executeTakeFirst();
}
