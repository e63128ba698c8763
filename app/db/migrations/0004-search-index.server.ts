import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers.server";

/**
 * Full-text search in each database's own engine (docs/decisions: site search), and the index the city
 * lookup reads zipcodes by.
 *
 * SQLite: one FTS5 table per searched kind, filled from the existing rows here and kept right by triggers
 * on every insert, update and delete (a state's new name reaches its wholesalers' entries too). The porter
 * tokenizer folds "roses" to "rose" as PostgreSQL's english configuration does; prefix indexes of 2 and 3
 * characters keep "ros*" quick.
 *
 * PostgreSQL: GIN indexes on weighted tsvector expressions (name or title A, place B, excerpt B, body D).
 * An expression index needs no column and no trigger, so backups and restores carry nothing extra; the
 * queries in services/search/search.server.ts repeat these expressions word for word so that the planner
 * can use them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("zipcodes_city_idx")
    .on("zipcodes")
    .expression(sql`lower(city)`)
    .execute();

  if (isPostgres(db)) {
    const gin = (name: string, table: string, expression: string) =>
      sql`create index ${sql.id(name)} on ${sql.table(table)} using gin ((${sql.raw(expression)}))`.execute(db);
    await gin(
      "wholesalers_search_idx",
      "wholesalers",
      `setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', city), 'B') || setweight(to_tsvector('english', description || ' ' || hours), 'D')`,
    );
    await gin("states_search_idx", "states", `to_tsvector('english', name)`);
    await gin(
      "blog_posts_search_idx",
      "blog_posts",
      `setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', excerpt), 'B') || setweight(to_tsvector('english', content), 'D')`,
    );
    await gin(
      "festivals_search_idx",
      "festivals",
      `setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', location || ' ' || city || ' ' || state), 'B') || setweight(to_tsvector('english', description), 'D')`,
    );
    return;
  }

  const fts = (table: string, columns: string) =>
    sql
      .raw(`create virtual table ${table} using fts5(${columns}, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3')`)
      .execute(db);
  await fts("wholesalers_search", "name, place, body");
  await fts("states_search", "name, state_id unindexed");
  await fts("blog_posts_search", "title, excerpt, content");
  await fts("festivals_search", "name, place, body");

  const wholesalerEntry = (w: string) =>
    `${w}.id, ${w}.name, ${w}.city || ' ' || coalesce((select states.name from states where states.id = ${w}.state_id), ''), ${w}.description || ' ' || ${w}.hours`;
  const festivalEntry = (f: string) => `${f}.id, ${f}.name, ${f}.location || ' ' || ${f}.city || ' ' || ${f}.state, ${f}.description`;
  const statements = [
    `insert into wholesalers_search (rowid, name, place, body) select ${wholesalerEntry("wholesalers")} from wholesalers`,
    `insert into states_search (name, state_id) select name, id from states`,
    `insert into blog_posts_search (rowid, title, excerpt, content) select id, title, excerpt, content from blog_posts`,
    `insert into festivals_search (rowid, name, place, body) select ${festivalEntry("festivals")} from festivals`,

    `create trigger wholesalers_search_insert after insert on wholesalers begin
      insert into wholesalers_search (rowid, name, place, body) values (${wholesalerEntry("new")});
    end`,
    `create trigger wholesalers_search_update after update on wholesalers begin
      delete from wholesalers_search where rowid = old.id;
      insert into wholesalers_search (rowid, name, place, body) values (${wholesalerEntry("new")});
    end`,
    `create trigger wholesalers_search_delete after delete on wholesalers begin
      delete from wholesalers_search where rowid = old.id;
    end`,

    `create trigger states_search_insert after insert on states begin
      insert into states_search (name, state_id) values (new.name, new.id);
    end`,
    `create trigger states_search_update after update on states begin
      delete from states_search where state_id = old.id;
      insert into states_search (name, state_id) values (new.name, new.id);
      update wholesalers_search set place = (select wholesalers.city || ' ' || new.name from wholesalers where wholesalers.id = wholesalers_search.rowid)
        where rowid in (select id from wholesalers where state_id = new.id);
    end`,
    `create trigger states_search_delete after delete on states begin
      delete from states_search where state_id = old.id;
    end`,

    `create trigger blog_posts_search_insert after insert on blog_posts begin
      insert into blog_posts_search (rowid, title, excerpt, content) values (new.id, new.title, new.excerpt, new.content);
    end`,
    `create trigger blog_posts_search_update after update on blog_posts begin
      delete from blog_posts_search where rowid = old.id;
      insert into blog_posts_search (rowid, title, excerpt, content) values (new.id, new.title, new.excerpt, new.content);
    end`,
    `create trigger blog_posts_search_delete after delete on blog_posts begin
      delete from blog_posts_search where rowid = old.id;
    end`,

    `create trigger festivals_search_insert after insert on festivals begin
      insert into festivals_search (rowid, name, place, body) values (${festivalEntry("new")});
    end`,
    `create trigger festivals_search_update after update on festivals begin
      delete from festivals_search where rowid = old.id;
      insert into festivals_search (rowid, name, place, body) values (${festivalEntry("new")});
    end`,
    `create trigger festivals_search_delete after delete on festivals begin
      delete from festivals_search where rowid = old.id;
    end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const index of ["wholesalers_search_idx", "states_search_idx", "blog_posts_search_idx", "festivals_search_idx"]) {
      await db.schema.dropIndex(index).execute();
    }
  } else {
    for (const table of ["wholesalers", "states", "blog_posts", "festivals"]) {
      for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger ${table}_search_${event}`).execute(db);
      await sql.raw(`drop table ${table}_search`).execute(db);
    }
  }
  await db.schema.dropIndex("zipcodes_city_idx").execute();
}
