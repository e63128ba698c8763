import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import * as initial from "~/db/migrations/0001-initial.server";
import { fromDbBool } from "~/db/schema";
import { searchSite } from "~/services/search/search.server";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { TEST_DATABASES } from "../support/test-databases";

/** Column types in families: what the application can store and read back the same on both databases. */
const TYPE_FAMILIES: Record<string, string> = {
  // SQLite (declared types as the migrations write them)
  integer: "integer",
  bigint: "bigint",
  real: "float",
  text: "text",
  boolean: "boolean",
  blob: "bytes",
  // PostgreSQL (udt names)
  int4: "integer",
  int8: "bigint",
  float8: "float",
  bool: "boolean",
  bytea: "bytes",
};

function typeFamily(dataType: string): string {
  const family = TYPE_FAMILIES[dataType.toLowerCase()];
  // A type outside the decision's list (docs/decisions/002) must be mapped here on purpose.
  if (!family) throw new Error(`No type family for the column type ${dataType}`);
  return family;
}

interface IndexFacts {
  table: string;
  name: string;
  columns: string[];
  unique: boolean;
  /** Made by CREATE INDEX (named by us), as opposed to one behind a primary key or UNIQUE constraint. */
  explicit: boolean;
  primary: boolean;
}

interface ForeignKeyFacts {
  table: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
  onDelete: string;
}

/** How an index column that is an expression (lower(city)) is described on both databases. */
const EXPRESSION = "(expression)";

const ON_DELETE_BY_PG_CODE: Record<string, string> = { a: "no action", r: "restrict", c: "cascade", n: "set null", d: "set default" };

async function sqliteKeys(handle: DatabaseHandle, tables: string[]): Promise<{ indexes: IndexFacts[]; foreignKeys: ForeignKeyFacts[] }> {
  const indexes: IndexFacts[] = [];
  const foreignKeys: ForeignKeyFacts[] = [];
  for (const table of tables) {
    const list = await sql<{
      name: string;
      unique: number;
      origin: string;
    }>`select name, "unique", origin from pragma_index_list(${table})`.execute(handle.db);
    for (const index of list.rows) {
      const columns = await sql<{ name: string | null }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(
        handle.db,
      );
      indexes.push({
        table,
        name: index.name,
        columns: columns.rows.map((c) => c.name ?? EXPRESSION),
        unique: index.unique === 1,
        explicit: index.origin === "c",
        primary: index.origin === "pk",
      });
    }
    // An INTEGER PRIMARY KEY is the rowid and has no index of its own; its key comes from table_info.
    if (!list.rows.some((index) => index.origin === "pk")) {
      const pk = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(handle.db);
      if (pk.rows.length > 0)
        indexes.push({ table, name: "(rowid)", columns: pk.rows.map((c) => c.name), unique: true, explicit: false, primary: true });
    }
    const fks = await sql<{ id: number; table: string; from: string; to: string; on_delete: string }>`
      select id, "table", "from", "to", on_delete from pragma_foreign_key_list(${table}) order by id, seq`.execute(handle.db);
    for (const id of new Set(fks.rows.map((fk) => fk.id))) {
      const parts = fks.rows.filter((fk) => fk.id === id);
      foreignKeys.push({
        table,
        columns: parts.map((fk) => fk.from),
        references: parts[0]!.table,
        referencedColumns: parts.map((fk) => fk.to),
        onDelete: parts[0]!.on_delete.toLowerCase(),
      });
    }
  }
  return { indexes, foreignKeys };
}

async function postgresKeys(handle: DatabaseHandle): Promise<{ indexes: IndexFacts[]; foreignKeys: ForeignKeyFacts[] }> {
  const indexes = await sql<{
    table: string;
    name: string;
    columns: string;
    unique: boolean;
    primary: boolean;
    constraint_backed: boolean;
    method: string;
  }>`
    select t.relname as "table", i.relname as name, ix.indisunique as "unique", ix.indisprimary as "primary", am.amname as method,
      (select string_agg(coalesce(a.attname, ${EXPRESSION}), ',' order by k.ord)
         from unnest(ix.indkey) with ordinality as k(attnum, ord)
         left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum and k.attnum <> 0) as columns,
      exists (select 1 from pg_constraint c where c.conindid = i.oid and c.contype in ('p', 'u')) as constraint_backed
    from pg_index ix
    join pg_class i on i.oid = ix.indexrelid
    join pg_class t on t.oid = ix.indrelid
    join pg_am am on am.oid = i.relam
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname not like 'kysely_%'`.execute(handle.db);
  // Full-text search is each database's own machinery (migration 0004): its GIN indexes have no SQLite
  // counterpart and are checked on their own below.
  const compared = indexes.rows.filter((row) => row.method !== "gin");
  const foreignKeys = await sql<{ table: string; columns: string; references: string; referenced_columns: string; on_delete: string }>`
    select t.relname as "table", r.relname as "references", c.confdeltype as on_delete,
      (select string_agg(a.attname, ',' order by k.ord) from unnest(c.conkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns,
      (select string_agg(a.attname, ',' order by k.ord) from unnest(c.confkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum) as referenced_columns
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(handle.db);
  return {
    indexes: compared.map((row) => ({
      table: row.table,
      name: row.name,
      columns: row.columns.split(","),
      unique: row.unique,
      explicit: !row.constraint_backed,
      primary: row.primary,
    })),
    foreignKeys: foreignKeys.rows.map((row) => ({
      table: row.table,
      columns: row.columns.split(","),
      references: row.references,
      referencedColumns: row.referenced_columns.split(","),
      onDelete: ON_DELETE_BY_PG_CODE[row.on_delete] ?? `unknown (${row.on_delete})`,
    })),
  };
}

/**
 * Each table as both databases can be compared: columns with their type family, nullability, default
 * and auto-increment; the primary key; indexes made by CREATE INDEX by name, columns and uniqueness;
 * UNIQUE constraints by their columns (SQLite does not keep a constraint's name); foreign keys.
 */
async function describeSchema(handle: DatabaseHandle, dialect: "sqlite" | "postgres") {
  await migrateToLatest(handle.db);
  // SQLite's FTS5 tables (and the shadow tables that hold their index) are its full-text search, which
  // PostgreSQL does with GIN indexes instead (migration 0004): left out here and checked on their own.
  const fullText =
    dialect === "sqlite"
      ? new Set(
          (await sql<{ name: string }>`select name from pragma_table_list where type in ('virtual', 'shadow')`.execute(handle.db)).rows.map(
            (row) => row.name,
          ),
        )
      : new Set<string>();
  const tables = (await handle.db.introspection.getTables()).filter((table) => !fullText.has(table.name));
  const keys =
    dialect === "sqlite"
      ? await sqliteKeys(
          handle,
          tables.map((t) => t.name),
        )
      : await postgresKeys(handle);
  return Object.fromEntries(
    tables
      .map((table) => {
        const indexes = keys.indexes.filter((index) => index.table === table.name);
        return [
          table.name,
          {
            columns: Object.fromEntries(
              table.columns
                .map((column) => {
                  const facts = [typeFamily(column.dataType), column.isNullable ? "null" : "not null"];
                  if (column.isAutoIncrementing) facts.push("auto-increment");
                  else if (column.hasDefaultValue) facts.push("default");
                  return [column.name, facts.join(" ")] as const;
                })
                .sort(([a], [b]) => a.localeCompare(b)),
            ),
            primaryKey: indexes.filter((index) => index.primary).map((index) => index.columns),
            indexes: indexes
              .filter((index) => index.explicit)
              .map((index) => `${index.name} on (${index.columns.join(", ")})${index.unique ? " unique" : ""}`)
              .sort(),
            unique: indexes
              .filter((index) => !index.explicit && !index.primary)
              .map((index) => `(${index.columns.join(", ")})${index.unique ? "" : " NOT UNIQUE"}`)
              .sort(),
            foreignKeys: keys.foreignKeys
              .filter((fk) => fk.table === table.name)
              .map((fk) => `(${fk.columns.join(", ")}) -> ${fk.references}(${fk.referencedColumns.join(", ")}) on delete ${fk.onDelete}`)
              .sort(),
          },
        ] as const;
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(runPostgres)("migrations on both databases", () => {
  it("leave SQLite and PostgreSQL with the same tables, column types, nullability, keys and indexes", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-schema-"));
    const sqlite = openDatabase({ DATA_DIR: dataDir });
    cleanups.push(async () => {
      await sqlite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const postgres = openDatabase({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    cleanups.push(() => postgres.close());

    const [sqliteSchema, postgresSchema] = await Promise.all([describeSchema(sqlite, "sqlite"), describeSchema(postgres, "postgres")]);

    expect(Object.keys(sqliteSchema)).toEqual(
      [
        "admin_recovery_codes",
        "admin_second_factors",
        "admin_sign_in_challenges",
        "admin_users",
        "audit_log",
        "blog_posts",
        "business_submissions",
        "cities",
        "demand_requests",
        "empty_searches",
        "festivals",
        "image_blobs",
        "jobs",
        "listing_owners",
        "listing_reports",
        "location_suggestions",
        "login_attempts",
        "mail_outbox",
        "mail_undeliverable",
        "newsletter_issues",
        "newsletter_subscribers",
        "owner_changes",
        "owner_claims",
        "owner_links",
        "owner_sessions",
        "password_resets",
        "rate_limits",
        "sessions",
        "settings",
        "states",
        "wholesalers",
        "zipcodes",
        "grocery_stores",
      ].sort(),
    );
    // What each side reads, so that two empty descriptions cannot pass for equal ones.
    for (const [name, schema] of [
      ["SQLite", sqliteSchema],
      ["PostgreSQL", postgresSchema],
    ] as const) {
      expect(schema.wholesalers?.columns, name).toMatchObject({
        id: "integer not null auto-increment",
        name: "text not null",
        phone: "text null",
        latitude: "float not null",
        featured: "boolean not null default",
        hours: "text not null default",
        access: "text null",
        opening_hours: "text null",
        time_zone: "text null",
        verified_at: "text null",
        location_approximate: "boolean not null default",
      });
      expect(schema.wholesalers?.primaryKey, name).toEqual([["id"]]);
      expect(schema.wholesalers?.indexes, name).toEqual([
        "wholesalers_lat_lng_idx on (latitude, longitude)",
        "wholesalers_name_address_idx on (name, address)",
        "wholesalers_name_idx on (name)",
        "wholesalers_state_featured_name_idx on (state_id, featured, name)",
        "wholesalers_state_name_idx on (state_id, name)",
        "wholesalers_verified_idx on (verified_at)",
      ]);
      expect(schema.wholesalers?.foreignKeys, name).toEqual(["(state_id) -> states(id) on delete no action"]);
      expect(schema.newsletter_subscribers?.unique, name).toEqual(["(email_normalized)", "(unsubscribe_token)"]);
      expect(schema.cities?.unique, name).toEqual(["(state_id, name)"]);
      expect(schema.states?.primaryKey, name).toEqual([["id"]]);
      expect(schema.grocery_stores?.columns, name).toMatchObject({ slug: "text not null default", tips: "text not null default" });
      expect(schema.grocery_stores?.indexes, name).toContain("grocery_stores_slug_idx on (slug) unique");
      expect(schema.sessions?.foreignKeys, name).toEqual(["(admin_id) -> admin_users(id) on delete cascade"]);
      expect(schema.audit_log?.foreignKeys, name).toEqual(["(admin_id) -> admin_users(id) on delete set null"]);
      expect(schema.listing_reports?.foreignKeys, name).toEqual(["(wholesaler_id) -> wholesalers(id) on delete cascade"]);
      expect(schema.location_suggestions?.foreignKeys, name).toEqual(["(wholesaler_id) -> wholesalers(id) on delete set null"]);
    }
    expect(postgresSchema).toEqual(sqliteSchema);
    expect(sqliteSchema.zipcodes?.indexes).toEqual([
      `zipcodes_city_idx on (${EXPRESSION})`,
      "zipcodes_position_idx on (latitude, longitude)",
    ]);

    // Full-text search: FTS5 tables kept by triggers on SQLite, GIN indexes on PostgreSQL.
    const searched = ["blog_posts", "festivals", "grocery_stores", "states", "wholesalers"];
    const virtual = await sql<{
      name: string;
      sql: string;
    }>`select name, sql from sqlite_master where sql like 'create virtual table%' order by name`.execute(sqlite.db);
    expect(virtual.rows.map((row) => row.name)).toEqual(searched.map((table) => `${table}_search`));
    expect(virtual.rows.every((row) => row.sql.includes("using fts5"))).toBe(true);
    const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' order by name`.execute(sqlite.db);
    expect(triggers.rows.map((row) => row.name)).toEqual(
      searched.flatMap((table) => ["delete", "insert", "update"].map((event) => `${table}_search_${event}`)),
    );
    const gin = await sql<{ name: string }>`
      select i.relname as name from pg_index ix join pg_class i on i.oid = ix.indexrelid join pg_am am on am.oid = i.relam
      where am.amname = 'gin' order by 1`.execute(postgres.db);
    expect(gin.rows.map((row) => row.name)).toEqual(searched.map((table) => `${table}_search_idx`));
  });
});

describe("migrations", () => {
  it("sorts column types into families and refuses a type it has no family for", () => {
    expect(["INTEGER", "int4"].map(typeFamily)).toEqual(["integer", "integer"]);
    expect(["REAL", "float8"].map(typeFamily)).toEqual(["float", "float"]);
    expect(["boolean", "bool"].map(typeFamily)).toEqual(["boolean", "boolean"]);
    expect(() => typeFamily("jsonb")).toThrow("No type family for the column type jsonb");
  });

  it("are idempotent: a second run applies nothing", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-schema-"));
    const sqlite = openDatabase({ DATA_DIR: dataDir });
    cleanups.push(async () => {
      await sqlite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    expect(await migrateToLatest(sqlite.db)).toEqual([
      "0001-initial",
      "0002-listing-trust",
      "0003-listing-location",
      "0004-search-index",
      "0005-rate-limits",
      "0006-image-blobs",
      "0007-jobs",
      "0008-query-indexes",
      "0009-login-attempts",
      "0010-mail",
      "0011-festival-rules",
      "0012-grocery-pages",
      "0013-zipcode-position-index",
      "0014-special-hours",
      "0015-demand",
      "0016-owners",
      "0017-admin-totp",
    ]);
    expect(await migrateToLatest(sqlite.db)).toEqual([]);
  });

  it.each(TEST_DATABASES.filter((kind) => kind.enabled).map((kind) => kind.name))(
    "upgrade a %s database of the first schema in place: its listings stay, each with the time zone of its coordinates, and search finds its rows by their text",
    async (kind) => {
      let handle: DatabaseHandle;
      if (kind === "PostgreSQL") {
        const database = await createTestDatabase();
        cleanups.push(database.drop);
        handle = openDatabase({ DATA_DIR: os.tmpdir(), DATABASE_URL: database.url });
      } else {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-upgrade-"));
        cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
        handle = openDatabase({ DATA_DIR: dataDir });
      }
      cleanups.push(() => handle.close());
      const db = handle.db;
      const first = await new Migrator({ db, provider: { getMigrations: async () => ({ "0001-initial": initial }) } }).migrateToLatest();
      expect(first.error).toBeUndefined();
      const now = new Date().toISOString();
      await db
        .insertInto("states")
        .values({ id: "hawaii", name: "Hawaii", code: "HI", region: "West", created_at: now, updated_at: now })
        .execute();
      await sql`insert into wholesalers (name, address, city, state_id, zipcode, type, hours, description, latitude, longitude, featured, created_at, updated_at)
        values ('Lei Stand', '1 Main St', 'Honolulu', 'hawaii', '96813', 'Both', 'Daily 6AM-2PM', 'Leis.', 21.31, -157.86, ${sql.lit(false)}, ${now}, ${now})`.execute(
        db,
      );

      await sql`insert into blog_posts (title, excerpt, content, category, date, status, created_at, updated_at)
        values ('Market Morning', 'An early start.', 'We came home with garden roses and peonies.', 'Tips', '2026-01-01', 'published', ${now}, ${now})`.execute(
        db,
      );
      for (const [name, position] of [
        ["Trader Joe's", 0],
        ["Costco", 1],
        ["Costco", 2],
      ] as const) {
        await sql`insert into grocery_stores (name, description, price_range, best_for, position, created_at, updated_at)
          values (${name}, 'Bouquets and potted orchids.', '$4-$15', 'Bouquets', ${position}, ${now}, ${now})`.execute(db);
      }
      await sql`insert into festivals (name, description, start_date, end_date, location, city, state, featured, created_at, updated_at)
        values ('Aloha Blooms', 'Orchids everywhere.', '2026-05-01', '2026-05-02', 'Park', 'Hilo', 'Hawaii', ${sql.lit(false)}, ${now}, ${now})`.execute(
        db,
      );

      expect(await migrateToLatest(db)).toEqual([
        "0002-listing-trust",
        "0003-listing-location",
        "0004-search-index",
        "0005-rate-limits",
        "0006-image-blobs",
        "0007-jobs",
        "0008-query-indexes",
        "0009-login-attempts",
        "0010-mail",
        "0011-festival-rules",
        "0012-grocery-pages",
        "0013-zipcode-position-index",
        "0014-special-hours",
        "0015-demand",
        "0016-owners",
        "0017-admin-totp",
      ]);
      // The chains stored before their pages existed get an address each, unique in the home page's order.
      expect(
        (await db.selectFrom("grocery_stores").select(["name", "slug"]).orderBy("position").orderBy("id").execute()).map((g) => g.slug),
      ).toEqual(["trader-joes", "costco", "costco-2"]);
      const everything = { blog: true, festivals: true };
      expect((await searchSite(db, "leis", everything)).wholesalers.items.map((w) => w.name)).toEqual(["Lei Stand"]);
      expect((await searchSite(db, "honolulu hawaii", everything)).wholesalers.items.map((w) => w.name)).toEqual(["Lei Stand"]);
      expect((await searchSite(db, "rose", everything)).posts?.items.map((p) => p.title)).toEqual(["Market Morning"]);
      expect((await searchSite(db, "orchids", everything)).festivals?.items.map((f) => f.name)).toEqual(["Aloha Blooms"]);
      expect((await searchSite(db, "hawaii", everything)).states.items.map((s) => s.id)).toEqual(["hawaii"]);
      expect((await searchSite(db, "Trader Joe", everything)).groceryStores.items.map((g) => g.slug)).toEqual(["trader-joes"]);
      const row = await db.selectFrom("wholesalers").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: "Lei Stand",
        hours: "Daily 6AM-2PM",
        time_zone: "Pacific/Honolulu",
        access: null,
        opening_hours: null,
        verified_at: null,
        source: null,
      });
      expect(fromDbBool(row.location_approximate)).toBe(false);
    },
  );
});
