import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import type { DatabaseHandle } from "~/db/client.server";
import { todayIsoDate } from "~/utils/dates";

export const BACKUP_FILE_PREFIX = "wholesale-flower-finder";
export const JSON_BACKUP_FORMAT = "wholesale-flower-finder-backup";

export interface Backup {
  filename: string;
  contentType: string;
  size: number;
  body: ReadableStream<Uint8Array>;
}

/** The download's name: the site's date, so that a day's backups sort together. */
export const backupFileName = (extension: "db" | "json", now: Date = new Date()) => `${BACKUP_FILE_PREFIX}-${todayIsoDate(now)}.${extension}`;

/**
 * SQLite's online backup copies the live database page by page into a file of its own: a consistent
 * snapshot even while the site keeps writing. The copy is streamed and then deleted.
 */
async function sqliteBackup(handle: DatabaseHandle, now: Date): Promise<Backup> {
  if (!handle.sqlite) throw new Error("The SQLite connection is not available");
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "wff-backup-"));
  const removeCopy = () => fs.rm(dir, { recursive: true, force: true });
  const file = path.join(dir, "backup.db");
  try {
    await handle.sqlite.backup(file);
    const { size } = await fs.stat(file);
    const stream = createReadStream(file);
    // Ends with the download, finished or abandoned.
    stream.once("close", () => void removeCopy());
    return {
      filename: backupFileName("db", now),
      contentType: "application/vnd.sqlite3",
      size,
      body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
    };
  } catch (error) {
    await removeCopy();
    throw error;
  }
}

export interface JsonBackup {
  format: typeof JSON_BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: "postgres";
  /** Every table of the schema, each as its rows. */
  tables: Record<string, Record<string, unknown>[]>;
}

/** Every table of the PostgreSQL schema, read in one repeatable-read transaction: one consistent snapshot. */
export async function exportPostgresTables(handle: DatabaseHandle, now: Date = new Date()): Promise<JsonBackup> {
  const tables = await handle.db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      const names = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'
        order by table_name`.execute(trx);
      const result: Record<string, Record<string, unknown>[]> = {};
      for (const { table_name: name } of names.rows) {
        const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)} order by 1`.execute(trx);
        result[name] = rows.rows;
      }
      return result;
    });
  return { format: JSON_BACKUP_FORMAT, version: 1, createdAt: now.toISOString(), database: "postgres", tables };
}

async function postgresBackup(handle: DatabaseHandle, now: Date): Promise<Backup> {
  const bytes = new TextEncoder().encode(JSON.stringify(await exportPostgresTables(handle, now)));
  return {
    filename: backupFileName("json", now),
    contentType: "application/json",
    size: bytes.byteLength,
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  };
}

/** A snapshot of the whole database to download: the SQLite file itself, or a JSON export on PostgreSQL. */
export function createBackup(handle: DatabaseHandle, now: Date = new Date()): Promise<Backup> {
  return handle.dialect === "sqlite" ? sqliteBackup(handle, now) : postgresBackup(handle, now);
}
