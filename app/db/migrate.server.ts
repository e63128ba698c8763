import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as initial from "./migrations/0001-initial.server";
import * as listingTrust from "./migrations/0002-listing-trust.server";
import * as listingLocation from "./migrations/0003-listing-location.server";
import * as searchIndex from "./migrations/0004-search-index.server";
import * as rateLimits from "./migrations/0005-rate-limits.server";
import * as imageBlobs from "./migrations/0006-image-blobs.server";
import * as jobs from "./migrations/0007-jobs.server";
import * as queryIndexes from "./migrations/0008-query-indexes.server";
import * as loginAttempts from "./migrations/0009-login-attempts.server";
import * as mail from "./migrations/0010-mail.server";
import * as festivalRules from "./migrations/0011-festival-rules.server";
import * as groceryPages from "./migrations/0012-grocery-pages.server";
import * as zipcodePositionIndex from "./migrations/0013-zipcode-position-index.server";
import * as specialHours from "./migrations/0014-special-hours.server";
import * as demand from "./migrations/0015-demand.server";
import * as owners from "./migrations/0016-owners.server";
import * as adminTotp from "./migrations/0017-admin-totp.server";
import type { Database } from "./schema";

/** Every migration, in order. Imported statically so that the server bundle carries them. */
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-listing-trust": listingTrust,
  "0003-listing-location": listingLocation,
  "0004-search-index": searchIndex,
  "0005-rate-limits": rateLimits,
  "0006-image-blobs": imageBlobs,
  "0007-jobs": jobs,
  "0008-query-indexes": queryIndexes,
  "0009-login-attempts": loginAttempts,
  "0010-mail": mail,
  "0011-festival-rules": festivalRules,
  "0012-grocery-pages": groceryPages,
  "0013-zipcode-position-index": zipcodePositionIndex,
  "0014-special-hours": specialHours,
  "0015-demand": demand,
  "0016-owners": owners,
  "0017-admin-totp": adminTotp,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations' names, in order. */
export const MIGRATION_NAMES = Object.keys(migrations);

/** Applies the migrations up to and including `last` (a database as an older version of the site left it). */
export async function migrateThrough(db: Kysely<Database>, last: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(last);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
