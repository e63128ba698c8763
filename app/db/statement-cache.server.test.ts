import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect, type Generated } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { statementCache } from "./statement-cache.server";

const open: SqliteDatabase.Database[] = [];
type Flowers = { flowers: { id: Generated<number>; name: string } };
function database() {
  const sqlite = new SqliteDatabase(":memory:");
  open.push(sqlite);
  sqlite.exec("CREATE TABLE flowers (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  sqlite.exec("INSERT INTO flowers (name) VALUES ('rose'), ('tulip'), ('peony')");
  return sqlite;
}

afterEach(() => {
  for (const sqlite of open.splice(0)) if (sqlite.open) sqlite.close();
});

describe("statementCache", () => {
  it("prepares each SQL text once and answers later runs from the same statement, with their own parameters", async () => {
    const sqlite = database();
    const statements = statementCache(sqlite);
    const db = new Kysely<Flowers>({ dialect: new SqliteDialect({ database: statements }) });
    const byName = (name: string) => db.selectFrom("flowers").select("id").where("name", "=", name).executeTakeFirst();
    expect(await byName("tulip")).toEqual({ id: 2 });
    expect(await byName("peony")).toEqual({ id: 3 });
    expect(await byName("lily")).toBeUndefined();
    expect(statements.size).toBe(1);
    expect(statements.prepare("SELECT count(*) AS n FROM flowers")).toBe(statements.prepare("SELECT count(*) AS n FROM flowers"));

    // A write through a kept statement, then a read of what it wrote.
    const insert = (name: string) => db.insertInto("flowers").values({ name }).executeTakeFirst();
    expect((await insert("lily")).insertId).toBe(4n);
    expect((await insert("aster")).insertId).toBe(5n);
    expect(await byName("aster")).toEqual({ id: 5 });
    expect(statements.size).toBe(3);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });

  it("hands out a fresh statement while the kept one is still being iterated", () => {
    const statements = statementCache(database());
    const text = "SELECT name FROM flowers ORDER BY id";
    const kept = statements.prepare(text) as unknown as SqliteDatabase.Statement;
    const rows = kept.iterate() as IterableIterator<{ name: string }>;
    expect(rows.next().value).toEqual({ name: "rose" });
    const fresh = statements.prepare(text) as unknown as SqliteDatabase.Statement;
    expect(fresh).not.toBe(kept);
    expect(fresh.all()).toEqual([{ name: "rose" }, { name: "tulip" }, { name: "peony" }]);
    expect(rows.next().value).toEqual({ name: "tulip" });
    rows.return?.();
    expect(statements.prepare(text)).toBe(kept);
  });

  it("keeps at most its size, dropping the statement used least recently", () => {
    const statements = statementCache(database(), 2);
    const one = statements.prepare("SELECT 1");
    const two = statements.prepare("SELECT 2");
    expect(statements.prepare("SELECT 1")).toBe(one); // now "SELECT 2" is the least recently used
    statements.prepare("SELECT 3");
    expect(statements.size).toBe(2);
    expect(statements.prepare("SELECT 1")).toBe(one);
    expect(statements.prepare("SELECT 2")).not.toBe(two);
    statements.clear();
    expect(statements.size).toBe(0);
    expect(statements.prepare("SELECT 1")).not.toBe(one);
  });
});
