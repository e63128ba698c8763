import { PostgresAdapter, type CreateTableBuilder, type Kysely } from "kysely";

/** True when the migration runs on PostgreSQL; the one place migrations ask which dialect they are on. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key named id, in each dialect's own way. */
export function withIdColumn<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement().notNull());
}

/** Floating-point column type: REAL on SQLite, DOUBLE PRECISION on PostgreSQL. */
export function floatType(db: Kysely<unknown>) {
  return isPostgres(db) ? ("double precision" as const) : ("real" as const);
}
