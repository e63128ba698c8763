import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.server";

/**
 * The admin's long tools (CSV import, image optimisation) run as background jobs; this table is what their
 * progress bar reads, on whichever server answers. `active` is 1 while a job is queued or running and null
 * after: its unique index lets one job at a time be active, on SQLite and PostgreSQL alike (nulls never
 * collide). On PostgreSQL, pg-boss carries the execution in its own schema (`queue_id` is its job's id);
 * `attempts`, `heartbeat_at` and `checkpoint` let another server take over a job whose server died and resume it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("jobs"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("active", "integer", (col) => col.unique())
    .addColumn("label", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("total", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("done", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("error_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("errors", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("input", "text")
    .addColumn("checkpoint", "text")
    .addColumn("result", "text")
    .addColumn("message", "text")
    .addColumn("admin_id", "integer")
    .addColumn("started_by", "text", (col) => col.notNull())
    .addColumn("ip", "text")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("queue_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("started_at", "text")
    .addColumn("heartbeat_at", "text")
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("jobs_kind_id").on("jobs").columns(["kind", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
}
