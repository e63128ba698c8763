/** Restoring a backup of a PostgreSQL site: its JSON export, loaded in one transaction into DATABASE_URL's database. */
import fs from "node:fs/promises";
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from "kysely";
import pg from "pg";
import { z } from "zod";
import { migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import { JSON_BACKUP_FORMAT, JSON_EXPORT_ENTRY } from "./backup.server";
import { loadImages, NOT_CONTENT_TABLES, refuseNonEmpty, RestoreError, swapUploads, uploadsPresent } from "./restore-archive.server";
import type { RestoreOptions, RestoreReport, Unpacked } from "./restore-archive.server";

const jsonExportSchema = z.object({
  format: z.literal(JSON_BACKUP_FORMAT),
  version: z.literal(1),
  database: z.literal("postgres"),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});

/**
 * A Kysely dialect on one connection that is already inside a transaction: the transactions Kysely
 * opens on it (the migrator's) become savepoints, so that migrating and loading the rows commit or
 * roll back together.
 */
function pinnedPostgresDialect(connection: DatabaseConnection): Dialect {
  let savepoint = 0;
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw(`savepoint restore_${++savepoint}`))),
    commitTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw(`release savepoint restore_${savepoint--}`))),
    rollbackTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint restore_${savepoint--}`))),
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/** Tables in an order where each comes after every table its foreign keys point at. */
function foreignKeyOrder(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: string) => {
    if (state.get(table) === "done") return;
    if (state.get(table) === "visiting")
      throw new RestoreError(`The tables' foreign keys form a cycle through ${table}; this restore cannot order them.`);
    state.set(table, "visiting");
    for (const { child, parent } of references) if (child === table && parent !== table && tables.includes(parent)) visit(parent);
    state.set(table, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

export async function restorePostgres(
  unpacked: Unpacked,
  options: RestoreOptions & { databaseUrl: string },
  dataDir: string,
  staging: string,
): Promise<RestoreReport> {
  let exported: z.infer<typeof jsonExportSchema>;
  try {
    const parsed = jsonExportSchema.safeParse(JSON.parse(await fs.readFile(unpacked.databaseFile, "utf8")));
    if (!parsed.success) throw new Error(`unexpected ${parsed.error.issues[0]?.path.join(".") || "format"}`);
    exported = parsed.data;
  } catch (error) {
    throw new RestoreError(
      `The backup's ${JSON_EXPORT_ENTRY} is damaged or not an export of this site (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const inDatabase = options.uploadsStorage === "database";
  const existingUploads = inDatabase ? 0 : await uploadsPresent(dataDir);
  const name = new URL(options.databaseUrl).pathname.replace(/^\//, "") || "postgres";

  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 1, connectionTimeoutMillis: 10_000 });
  pool.on("error", () => undefined);
  const driver = new PostgresDriver({ pool });
  // The pool's client, as the driver hands it out (and takes it back).
  let connection: Parameters<PostgresDriver["releaseConnection"]>[0];
  try {
    await driver.init();
    connection = (await driver.acquireConnection()) as typeof connection;
  } catch (error) {
    await driver.destroy().catch(() => undefined);
    throw new RestoreError(
      `Could not connect to the PostgreSQL database ${name}: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }

  let undoUploads: (() => Promise<void>) | undefined;
  try {
    await connection.executeQuery(CompiledQuery.raw("begin"));
    const db = new Kysely<Database>({ dialect: pinnedPostgresDialect(connection) });
    const report = await loadPostgres(db, exported, options.force === true, existingUploads, name);
    if (inDatabase) await loadImages(db, unpacked.uploads);
    else undoUploads = await swapUploads(dataDir, unpacked.uploads, staging);
    await connection.executeQuery(CompiledQuery.raw("commit"));
    return {
      database: "postgres",
      location: name,
      createdAt: unpacked.manifest.createdAt,
      rows: report.rows,
      uploads: Object.keys(unpacked.manifest.uploads).length,
      replaced: report.existingRows > 0 || existingUploads > 0,
      admins: (exported.tables.admin_users ?? []).map((row) => String(row.email)),
      // The export holds rows, not schema: its tables and columns are checked against the migrated schema above.
      schemaDifferences: [],
    };
  } catch (error) {
    await connection.executeQuery(CompiledQuery.raw("rollback")).catch(() => undefined);
    if (undoUploads) await undoUploads();
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `Restoring into PostgreSQL database ${name} failed, and nothing was changed: ${error instanceof Error ? error.message : String(error)}.`,
    );
  } finally {
    await driver.releaseConnection(connection);
    await driver.destroy();
  }
}

/** Inside the open transaction: migrate, check, empty and fill every table, and move the id sequences past the restored ids. */
async function loadPostgres(
  db: Kysely<Database>,
  exported: z.infer<typeof jsonExportSchema>,
  force: boolean,
  existingUploads: number,
  name: string,
) {
  await migrateToLatest(db);
  const current = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name);
  const backedUp = (exported.tables.kysely_migration ?? []).map((row) => String(row.name)).sort();
  if (current.join("\n") !== backedUp.join("\n")) {
    throw new RestoreError(
      `The backup's schema (migrations: ${backedUp.join(", ") || "none"}) is not this version's (${current.join(", ")}): restore it with the version of the site that made it, then update.`,
    );
  }

  const tables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name`.execute(db)
  ).rows.map((row) => row.table_name);
  const missing = tables.filter((table) => !(table in exported.tables));
  const unknown = Object.keys(exported.tables).filter((table) => !tables.includes(table));
  if (missing.length > 0 || unknown.length > 0) {
    throw new RestoreError(
      `The backup's tables do not match the schema (${[...missing.map((t) => `missing ${t}`), ...unknown.map((t) => `unknown ${t}`)].join(", ")}).`,
    );
  }

  let existingRows = 0;
  for (const table of tables) {
    if (NOT_CONTENT_TABLES.has(table)) continue;
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    existingRows += Number(rows[0]?.n ?? 0);
  }
  if ((existingRows > 0 || existingUploads > 0) && !force)
    refuseNonEmpty(`The PostgreSQL database ${name} (with its data folder)`, existingRows, existingUploads);

  const columns = new Map<string, Set<string>>();
  for (const row of (
    await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = current_schema()`.execute(db)
  ).rows) {
    columns.set(row.table_name, (columns.get(row.table_name) ?? new Set()).add(row.column_name));
  }
  const references = (
    await sql<{ child: string; parent: string }>`
      select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db)
  ).rows;

  // Emptied in one statement (the migrator's own bookkeeping too: it comes back from the backup as it was).
  await sql`truncate table ${sql.join(tables.map((table) => sql.table(table)))} restart identity`.execute(db);

  const counts: Record<string, number> = {};
  const anyDb = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const table of foreignKeyOrder(tables, references)) {
    const rows = exported.tables[table] ?? [];
    const known = columns.get(table) ?? new Set<string>();
    const strange = new Set(rows.flatMap((row) => Object.keys(row).filter((column) => !known.has(column))));
    if (strange.size > 0)
      throw new RestoreError(`The backup's ${table} rows have columns the schema does not (${[...strange].join(", ")}).`);
    const width = Math.max(1, known.size);
    // PostgreSQL takes at most 65,535 parameters per statement.
    const batch = Math.max(1, Math.floor(30_000 / width));
    for (let start = 0; start < rows.length; start += batch) {
      await anyDb
        .insertInto(table)
        .values(rows.slice(start, start + batch))
        .execute();
    }
    if (!NOT_CONTENT_TABLES.has(table)) counts[table] = rows.length;
  }

  const serials = (
    await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db)
  ).rows;
  for (const { table_name: table, column_name: column } of serials) {
    await sql`select setval(pg_get_serial_sequence(quote_ident(${table}), ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false) from ${sql.table(table)}`.execute(
      db,
    );
  }
  return { rows: counts, existingRows };
}
