import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createTestDatabase, runPostgres } from "../../../tests/support/postgres";

/** The databases the service tests run on: SQLite always, PostgreSQL where a server answers (always on CI). */
export const TEST_DATABASES = [
  { name: "SQLite", enabled: true },
  { name: "PostgreSQL", enabled: runPostgres },
] as const;

/** A new, migrated database of the given kind, and how to throw it away. */
export async function openTestDatabase(kind: (typeof TEST_DATABASES)[number]["name"], prefix: string): Promise<{ handle: DatabaseHandle; cleanup(): Promise<void> }> {
  if (kind === "PostgreSQL") {
    const created = await createTestDatabase();
    const handle = openDatabase({ DATABASE_URL: created.url, DATA_DIR: os.tmpdir() });
    await migrateToLatest(handle.db);
    return {
      handle,
      async cleanup() {
        await handle.close();
        await created.drop();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wff-${prefix}-`));
  const handle = openDatabase({ DATA_DIR: dataDir });
  await migrateToLatest(handle.db);
  return {
    handle,
    async cleanup() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
