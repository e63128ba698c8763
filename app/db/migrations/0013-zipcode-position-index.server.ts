import type { Kysely } from "kysely";

/**
 * The index "Use my location" finds the zipcode nearest a position by (services/geo/nearest-zipcode.server.ts):
 * a band of latitude narrows 41,000 zipcodes to a few hundred, whose longitude and distance are then checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("zipcodes_position_idx").on("zipcodes").columns(["latitude", "longitude"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("zipcodes_position_idx").execute();
}
