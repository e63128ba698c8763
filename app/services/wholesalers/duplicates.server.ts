import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { AppError } from "../errors";
import {
  addressesMatch,
  CONFIRM_DUPLICATES_FIELD,
  describeDuplicate,
  namesAreSimilar,
  POSSIBLE_DUPLICATES_MESSAGE,
  type DuplicateReason,
  type PossibleDuplicate,
} from "./duplicates";

export type { PossibleDuplicate };

export interface NewListing {
  name: string;
  address: string;
  zipcode: string;
  /** With a city, the same street address in another zipcode of that city counts too (a mistyped zipcode). */
  city?: string;
}

/**
 * Listings that may be the one about to be added: in the same zipcode with a similar name, or at the same
 * street address in the same zipcode or city (see duplicates.ts for what "similar" and "same" mean).
 * By name, then id.
 */
export async function findPossibleDuplicates(db: Kysely<Database>, listing: NewListing): Promise<PossibleDuplicate[]> {
  const city = listing.city?.trim().toLowerCase();
  const rows = await db
    .selectFrom("wholesalers")
    .innerJoin("states", "states.id", "wholesalers.state_id")
    .select([
      "wholesalers.id",
      "wholesalers.name",
      "wholesalers.address",
      "wholesalers.city",
      "wholesalers.zipcode",
      "states.name as state",
    ])
    .where((eb) =>
      eb.or([
        eb("wholesalers.zipcode", "=", listing.zipcode.trim()),
        ...(city ? [sql<boolean>`lower(trim(wholesalers.city)) = ${city}`] : []),
      ]),
    )
    .orderBy("wholesalers.name")
    .orderBy("wholesalers.id")
    .execute();

  return rows.flatMap((row) => {
    const reasons: DuplicateReason[] = [];
    if (row.zipcode === listing.zipcode.trim() && namesAreSimilar(row.name, listing.name)) reasons.push("similar-name");
    if (addressesMatch(row.address, listing.address)) reasons.push("same-address");
    return reasons.length > 0 ? [{ ...row, reasons }] : [];
  });
}

/**
 * Refuses to go on while there are possible duplicates the admin has not confirmed (409): the field error
 * of the confirmation lists them, one a line. Without any, or once confirmed, it lets the creation go on.
 */
export async function refuseUnconfirmedDuplicates(db: Kysely<Database>, listing: NewListing, confirmed: boolean): Promise<void> {
  if (confirmed) return;
  const duplicates = await findPossibleDuplicates(db, listing);
  if (duplicates.length === 0) return;
  throw new AppError("conflict", POSSIBLE_DUPLICATES_MESSAGE, {
    [CONFIRM_DUPLICATES_FIELD]: duplicates.map(describeDuplicate).join("\n"),
  });
}
