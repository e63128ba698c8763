import { sql, type Kysely } from "kysely";

/**
 * Whether a listing's point is its own (a source or an admin gave its coordinates) or only its zipcode's
 * centroid, so that distances and maps never claim more precision than the data has.
 *
 * Upgrades a database in place: a listing whose coordinates differ from its zipcode's centroid has its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("wholesalers")
    .addColumn("location_exact", "boolean", (col) => col.notNull().defaultTo(sql`false`))
    .execute();
  await sql`update wholesalers set location_exact = ${sql.lit(true)}
    where not exists (
      select 1 from zipcodes
      where zipcodes.zip = wholesalers.zipcode
        and abs(zipcodes.latitude - wholesalers.latitude) < 0.000001
        and abs(zipcodes.longitude - wholesalers.longitude) < 0.000001
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("wholesalers").dropColumn("location_exact").execute();
}
