import { sql, type Kysely } from "kysely";
import { uniqueSlug } from "~/utils/slug";
import { isPostgres } from "./helpers.server";

/**
 * Each grocery chain gets a page of its own, `/grocery/{slug}` (issue #37 point 9). (0011 is another branch's.)
 *
 * - `slug`: the page's address, made once from the name and kept when the name is edited, so a link never
 *   breaks; unique. Existing rows get theirs here, in the home page's order ("costco", then "costco-2").
 * - `tips`: how to shop the chain's flowers, apart from what it sells (the description); empty when not known.
 * - Site search finds the chains as it finds the other kinds (migration 0004): an FTS5 table kept by triggers on
 *   SQLite, a GIN index on a weighted tsvector on PostgreSQL (name A, best for B, description and tips D).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("grocery_stores")
    .addColumn("slug", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("grocery_stores")
    .addColumn("tips", "text", (col) => col.notNull().defaultTo(""))
    .execute();

  const { rows } = await sql<{ id: number; name: string }>`select id, name from grocery_stores order by position, name, id`.execute(db);
  const taken = new Set<string>();
  for (const row of rows) {
    const slug = uniqueSlug(row.name, taken);
    taken.add(slug);
    await sql`update grocery_stores set slug = ${slug} where id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex("grocery_stores_slug_idx").on("grocery_stores").column("slug").unique().execute();

  if (isPostgres(db)) {
    await sql`create index grocery_stores_search_idx on grocery_stores using gin ((${sql.raw(
      `setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', best_for), 'B') || setweight(to_tsvector('english', description || ' ' || tips), 'D')`,
    )}))`.execute(db);
    return;
  }

  const entry = (g: string) => `${g}.id, ${g}.name, ${g}.best_for, ${g}.description || ' ' || ${g}.tips`;
  const statements = [
    `create virtual table grocery_stores_search using fts5(name, best_for, body, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3')`,
    `insert into grocery_stores_search (rowid, name, best_for, body) select ${entry("grocery_stores")} from grocery_stores`,
    `create trigger grocery_stores_search_insert after insert on grocery_stores begin
      insert into grocery_stores_search (rowid, name, best_for, body) values (${entry("new")});
    end`,
    `create trigger grocery_stores_search_update after update on grocery_stores begin
      delete from grocery_stores_search where rowid = old.id;
      insert into grocery_stores_search (rowid, name, best_for, body) values (${entry("new")});
    end`,
    `create trigger grocery_stores_search_delete after delete on grocery_stores begin
      delete from grocery_stores_search where rowid = old.id;
    end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex("grocery_stores_search_idx").execute();
  } else {
    for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger grocery_stores_search_${event}`).execute(db);
    await sql.raw("drop table grocery_stores_search").execute(db);
  }
  await db.schema.dropIndex("grocery_stores_slug_idx").execute();
  await db.schema.alterTable("grocery_stores").dropColumn("tips").execute();
  await db.schema.alterTable("grocery_stores").dropColumn("slug").execute();
}
