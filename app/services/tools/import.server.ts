/**
 * The admin's CSV import of wholesalers: a dry run that reports what the file would do, and the import that
 * writes its rows in batches (a background job, resumable after its last committed batch). Reading and checking
 * the file is import-parse.server.ts's; this module resolves the rows' locations and reads and writes the database.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import { recordAudit } from "../audit/audit.server";
import { queueDemandNotices } from "../demand/demand.server";
import { nextVersion } from "../admin/list";
import { AppError, badRequest } from "../errors";
import type { MailNotify } from "../mail/digest.server";
import { wakeMailSender } from "../mail/outbox.server";
import { columnsFrom, resolveLocation } from "../wholesalers/admin.server";
import { KEPT_COLUMNS } from "./import-columns";
import {
  checkRow,
  importFingerprint,
  matchKey,
  planRows,
  readRows,
  stateFinder,
  type KeptColumn,
  type ValidRow,
} from "./import-parse.server";
import type { ImportRowRef, ImportRejection, ImportReport } from "./types";

export type { ImportRowRef, ImportRejection, ImportReport };
export { countImportRows, decodeImportFile, importFingerprint, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./import-parse.server";

/** How many rows of each kind a report lists (the counts are always complete). */
const LISTED_ROWS = 200;

/**
 * Lets the server answer other requests. better-sqlite3 answers synchronously, so a long run of awaited
 * queries resolves in microtasks alone and would keep the event loop from anything else until it ends.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows checked between two yields to the event loop. */
const ROWS_PER_YIELD = 250;

export interface ImportActor {
  adminId: number;
  email: string;
  ip: string;
}

/**
 * Checks every row the way the admin's wholesaler form does (same rules, same messages, zipcode in its
 * state) and finds the rows that repeat another row of the file.
 */
async function validateRows(db: Kysely<Database>, text: string) {
  const layout = readRows(text);
  const kept = KEPT_COLUMNS.filter((column) => !layout.columns.has(column));
  const findState = stateFinder(await db.selectFrom("states").select(["id", "name", "code"]).execute());
  const locations = new Map<string, Promise<{ latitude: number; longitude: number; exact: boolean }>>();
  const valid: ValidRow[] = [];
  const rejections: ImportRejection[] = [];
  const firstRowByKey = new Map<string, number>();

  for (const [index, { row, cells }] of layout.rows.entries()) {
    if (index > 0 && index % ROWS_PER_YIELD === 0) await yieldToEventLoop();
    const checked = checkRow(layout, row, cells, findState);
    if (!checked.ok) {
      rejections.push(checked.rejection);
      continue;
    }

    const { name, input } = checked;
    const placeKey = `${input.stateId}|${input.zipcode}|${input.latitude ?? ""}|${input.longitude ?? ""}`;
    let location = locations.get(placeKey);
    if (!location) {
      location = resolveLocation(db, input);
      locations.set(placeKey, location);
    }
    let resolved: { latitude: number; longitude: number; exact: boolean };
    try {
      resolved = await location;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      rejections.push({ row, name, messages: error.fieldErrors ? Object.values(error.fieldErrors) : [error.message] });
      continue;
    }

    const key = matchKey(input.name, input.address);
    const earlier = firstRowByKey.get(key);
    if (earlier !== undefined) {
      rejections.push({ row, name, messages: [`Row ${earlier} has the same name and address. Each wholesaler can appear only once.`] });
      continue;
    }
    firstRowByKey.set(key, row);
    valid.push({
      row,
      key,
      input,
      stateName: checked.stateName,
      latitude: resolved.latitude,
      longitude: resolved.longitude,
      exact: resolved.exact,
    });
  }
  return { rowCount: layout.rows.length, valid, rejections, kept };
}

/** Sorts the valid rows into new listings and updates of the listings with the same name and address. */
async function classify(db: Kysely<Database>, valid: ValidRow[], kept: readonly KeptColumn[]) {
  const existing = await db
    .selectFrom("wholesalers")
    .select([
      "id",
      "name",
      "address",
      "city",
      "state_id",
      "zipcode",
      "type",
      "hours",
      "description",
      "phone",
      "website",
      "latitude",
      "longitude",
      "time_zone",
      "location_exact",
      ...KEPT_COLUMNS,
    ])
    .orderBy("id")
    .execute();
  return planRows(valid, existing, kept);
}

const refOf = (row: ValidRow): ImportRowRef => ({ row: row.row, name: row.input.name, city: row.input.city, state: row.stateName });

/** A count as the messages write it: 4,990. */
const count = (n: number) => n.toLocaleString("en-US");
const rowsWord = (n: number) => `${count(n)} ${n === 1 ? "row" : "rows"}`;

function dryRunReport(
  fileName: string,
  fingerprint: string,
  rowCount: number,
  plan: Awaited<ReturnType<typeof classify>>,
  rejections: ImportRejection[],
): ImportReport {
  const allRejections = [...rejections, ...plan.rejections].sort((a, b) => a.row - b.row);
  const counts = {
    created: plan.creates.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged.length,
    rejected: allRejections.length,
  };
  const parts = [
    `${count(counts.created)} to create`,
    `${count(counts.updated)} to update`,
    `${count(counts.unchanged)} unchanged`,
    `${count(counts.rejected)} with errors`,
  ];
  return {
    mode: "dry-run",
    fileName,
    fingerprint,
    rows: rowCount,
    ...counts,
    createdRows: plan.creates.slice(0, LISTED_ROWS).map(refOf),
    updatedRows: plan.updates.slice(0, LISTED_ROWS).map(({ row }) => refOf(row)),
    rejections: allRejections.slice(0, LISTED_ROWS),
    message: `Dry run of ${rowsWord(rowCount)}: ${parts.join(", ")}. Nothing has been saved yet.`,
  };
}

/** What importing the file would do, row by row, without writing anything. */
export async function dryRunImport(db: Kysely<Database>, text: string, fileName: string): Promise<ImportReport> {
  const { rowCount, valid, rejections, kept } = await validateRows(db, text);
  const plan = await classify(db, valid, kept);
  return dryRunReport(fileName, importFingerprint(text), rowCount, plan, rejections);
}

export const IMPORT_CHANGED_MESSAGE = "This is not the file the dry run checked. Run the dry run again, then import.";
export const NOTHING_TO_IMPORT_MESSAGE = "Nothing to import: every row has an error. Correct the file and run the dry run again.";

/** How many of the file's rows one transaction writes: the import's unit of progress and of resumption. */
export const IMPORT_BATCH_ROWS = 100;

/**
 * How far an import got, committed in the same transaction as the rows it counts: a run that stops (its
 * server dies) resumes after the last batch it committed, so no row is written twice.
 */
export interface ImportCheckpoint extends Pick<
  ImportReport,
  "created" | "updated" | "unchanged" | "rejected" | "createdRows" | "updatedRows" | "rejections"
> {
  /** Rows of the file handled so far, in file order (written, unchanged or rejected). */
  handled: number;
  createdIds: number[];
  updatedIds: number[];
}

export const emptyImportCheckpoint = (): ImportCheckpoint => ({
  handled: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  createdRows: [],
  updatedRows: [],
  rejections: [],
  createdIds: [],
  updatedIds: [],
});

function importReport(fileName: string, fingerprint: string, rowCount: number, done: ImportCheckpoint): ImportReport {
  const parts = [
    `${count(done.created)} created`,
    `${count(done.updated)} updated`,
    `${count(done.unchanged)} unchanged`,
    `${count(done.rejected)} skipped for errors`,
  ];
  return {
    mode: "import",
    fileName,
    fingerprint,
    rows: rowCount,
    created: done.created,
    updated: done.updated,
    unchanged: done.unchanged,
    rejected: done.rejected,
    createdRows: done.createdRows,
    updatedRows: done.updatedRows,
    rejections: done.rejections,
    message: `Imported ${rowsWord(rowCount)}: ${parts.join(", ")}.`,
  };
}

export interface ImportRun {
  /** Where an earlier, interrupted run of the same file stopped. */
  from?: ImportCheckpoint;
  /**
   * Called inside each batch's transaction with the checkpoint after it (and the file's row count), so that
   * the caller's record of the progress commits with the rows; throwing rolls the batch back.
   */
  commit?: (trx: Kysely<Database>, checkpoint: ImportCheckpoint, rowCount: number) => Promise<void>;
  /** Awaited after each batch's commit; by default the run only yields to the event loop. */
  afterBatch?: (() => Promise<void>) | undefined;
  /**
   * The site's address (SITE_URL): with it, the people waiting for a supplier near a listing the file creates get
   * their one message, queued in the batch's transaction (decision 044).
   */
  notify?: MailNotify | undefined;
}

/**
 * Writes the file's rows in file order, IMPORT_BATCH_ROWS per transaction: new listings are created, listings
 * with the same name and address updated (matched inside each transaction, so against the listings as they
 * are then), rows with errors skipped. The last batch records the audit entry.
 */
export async function importRows(
  db: Kysely<Database>,
  text: string,
  fileName: string,
  actor: ImportActor,
  run: ImportRun = {},
): Promise<ImportReport> {
  const { rowCount, valid, rejections, kept } = await validateRows(db, text);
  if (valid.length === 0) throw badRequest(NOTHING_TO_IMPORT_MESSAGE);
  const entries: { row: number; valid?: ValidRow; rejection?: ImportRejection }[] = [
    ...valid.map((row) => ({ row: row.row, valid: row })),
    ...rejections.map((rejection) => ({ row: rejection.row, rejection })),
  ].sort((a, b) => a.row - b.row);
  const fingerprint = importFingerprint(text);
  let done = run.from ?? emptyImportCheckpoint();

  // Messages to people waiting near the batch's new listings, queued in its transaction (sent once it commits).
  let queued = 0;
  while (done.handled < entries.length) {
    const batch = entries.slice(done.handled, done.handled + IMPORT_BATCH_ROWS);
    done = await db.transaction().execute(async (trx) => {
      const plan = await classify(
        trx,
        batch.flatMap((entry) => (entry.valid ? [entry.valid] : [])),
        kept,
      );
      const now = nowIso();
      const createdIds: number[] = [];
      if (plan.creates.length > 0) {
        const values = plan.creates.map((row) => ({
          ...columnsFrom(row.input, row),
          image: null,
          image_updated_at: null,
          created_at: now,
          updated_at: now,
        }));
        const inserted = await trx.insertInto("wholesalers").values(values).returning("id").execute();
        createdIds.push(...inserted.map((r) => r.id));
        if (run.notify) for (const id of createdIds) queued += await queueDemandNotices(trx, id, run.notify);
      }
      for (const update of plan.updates) {
        const { updated_at: version } = await trx
          .selectFrom("wholesalers")
          .select("updated_at")
          .where("id", "=", update.id)
          .executeTakeFirstOrThrow();
        // A later version than the row's, even one saved within this millisecond or by a server whose clock is
        // ahead: an admin's editor open on the old version is then refused, not silently overwriting the import.
        await trx
          .updateTable("wholesalers")
          .set({ ...update.columns, updated_at: nextVersion(version, new Date(now)) })
          .where("id", "=", update.id)
          .execute();
      }
      const batchRejections = [...batch.flatMap((entry) => (entry.rejection ? [entry.rejection] : [])), ...plan.rejections].sort(
        (a, b) => a.row - b.row,
      );
      const next: ImportCheckpoint = {
        handled: done.handled + batch.length,
        created: done.created + plan.creates.length,
        updated: done.updated + plan.updates.length,
        unchanged: done.unchanged + plan.unchanged.length,
        rejected: done.rejected + batchRejections.length,
        createdRows: [...done.createdRows, ...plan.creates.map(refOf)].slice(0, LISTED_ROWS),
        updatedRows: [...done.updatedRows, ...plan.updates.map(({ row }) => refOf(row))].slice(0, LISTED_ROWS),
        rejections: [...done.rejections, ...batchRejections].slice(0, LISTED_ROWS),
        createdIds: [...done.createdIds, ...createdIds],
        updatedIds: [...done.updatedIds, ...plan.updates.map((u) => u.id)],
      };
      if (next.handled === entries.length) {
        await recordAudit(trx, {
          action: "tools.import",
          adminId: actor.adminId,
          actor: actor.email,
          entityType: "wholesaler",
          details: {
            label: `${fileName}: ${next.created} created, ${next.updated} updated`,
            rows: rowCount,
            created: next.created,
            updated: next.updated,
            unchanged: next.unchanged,
            rejected: next.rejected,
            createdIds: next.createdIds,
            updatedIds: next.updatedIds,
          },
          ip: actor.ip,
        });
      }
      await run.commit?.(trx, next, rowCount);
      return next;
    });
    if (queued > 0) wakeMailSender();
    queued = 0;
    await (run.afterBatch ?? yieldToEventLoop)();
  }
  return importReport(fileName, fingerprint, rowCount, done);
}

/** Refuses a file that is not the one the dry run checked (`expectedFingerprint`). */
export function assertDryRunFile(text: string, expectedFingerprint: string): void {
  if (importFingerprint(text) !== expectedFingerprint) throw new AppError("conflict", IMPORT_CHANGED_MESSAGE);
}

/** Imports the file the dry run checked (`expectedFingerprint`), in this process and at once (importRows). */
export async function runImport(
  db: Kysely<Database>,
  text: string,
  fileName: string,
  expectedFingerprint: string,
  actor: ImportActor,
): Promise<ImportReport> {
  assertDryRunFile(text, expectedFingerprint);
  return importRows(db, text, fileName, actor);
}
