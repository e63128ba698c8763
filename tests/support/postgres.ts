import crypto from "node:crypto";
import pg from "pg";

/** The server CI provides (user postgres, trust auth, database test); overridable for other machines. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether the PostgreSQL suites run: always on CI (where an unreachable server is a failure),
 * elsewhere only when a server answers.
 */
export const runPostgres = process.env.CI === "true" || (await postgresAvailable());

/**
 * Creates a database of its own for one test run, empty or, with `template`, a copy of that database (which
 * must have no open connection); `drop` removes it.
 */
export async function createTestDatabase({ template }: { template?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wff_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
