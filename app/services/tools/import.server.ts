import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { fromDbBool, type Database, type DbBool } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import { recordAudit } from "../audit/audit.server";
import { AppError, badRequest } from "../errors";
import { ACCESS_LABELS, WHOLESALER_ACCESS, WHOLESALER_TYPES, type WholesalerAccess } from "../wholesalers/constants";
import { fieldErrorsOf } from "../form-fields";
import { columnsFrom, resolveLocation, wholesalerInputSchema, type WholesalerInput } from "../wholesalers/admin.server";
import { parseHoursText, parseWeeklyHours } from "../wholesalers/opening-hours-schema";
import { CsvSyntaxError, isBlankRow, parseCsv, withoutFormulaGuard } from "./csv";
import { IMPORT_COLUMNS, KEPT_COLUMNS, NO, REQUIRED_IMPORT_COLUMNS, YES, type ImportColumn } from "./import-columns";
import type { ImportRowRef, ImportRejection, ImportReport } from "./types";

export type { ImportRowRef, ImportRejection, ImportReport };

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

type KeptColumn = (typeof KEPT_COLUMNS)[number];

/** A header cell reduced to its letters, so "Zip Code", "zip_code" and "ZIPCODE" name the same column. */
const lettersOf = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");
const COLUMNS_BY_LETTERS: Record<string, ImportColumn> = {
  ...Object.fromEntries(IMPORT_COLUMNS.map((column) => [lettersOf(column), column])),
  zip: "zipcode",
  postalcode: "zipcode",
  lat: "latitude",
  lng: "longitude",
  lon: "longitude",
  url: "website",
  hoursweekly: "opening_hours",
};

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

interface ValidRow {
  row: number;
  key: string;
  input: WholesalerInput;
  stateName: string;
  latitude: number;
  longitude: number;
  exact: boolean;
}

type Existing = Pick<
  Selectable<Database["wholesalers"]>,
  | "id"
  | "name"
  | "address"
  | "city"
  | "state_id"
  | "zipcode"
  | "type"
  | "hours"
  | "description"
  | "phone"
  | "website"
  | "latitude"
  | "longitude"
  | "time_zone"
  | "location_exact"
  | KeptColumn
>;

export const importFingerprint = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/** The file's bytes as text: UTF-8 only, since that is what spreadsheets write as "CSV UTF-8". */
export function decodeImportFile(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_IMPORT_BYTES)
    throw new AppError("payload_too_large", "The file is larger than 2 MB. Split it into smaller files.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and try again.');
  }
  // A NUL is never in a spreadsheet's text (PostgreSQL could not store it either): the file is not CSV.
  const nul = text.indexOf("\u0000");
  if (nul >= 0) {
    const line = text.slice(0, nul).split(/\r\n|\n|\r/).length;
    throw badRequest(
      `Line ${line}: the file holds a NUL character, so it is not a CSV file. Save it from your spreadsheet as "CSV UTF-8" and try again.`,
    );
  }
  return text;
}

/** Name and address, ignoring case and spacing: how a row finds the listing it updates. */
const matchKey = (name: string, address: string) =>
  `${name.trim().replace(/\s+/g, " ").toLowerCase()}\u0000${address.trim().replace(/\s+/g, " ").toLowerCase()}`;

function readHeader(header: string[]): Map<ImportColumn, number> {
  const columns = new Map<ImportColumn, number>();
  header.forEach((cell, index) => {
    if (cell.trim() === "") return;
    const name = COLUMNS_BY_LETTERS[lettersOf(cell)];
    if (!name) throw badRequest(`The header has an unknown column "${cell.trim()}". The columns are: ${IMPORT_COLUMNS.join(", ")}.`);
    if (columns.has(name)) throw badRequest(`The header names the column "${name}" twice.`);
    columns.set(name, index);
  });
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length > 0) {
    throw badRequest(
      `The first row must be a header naming the columns. Missing: ${missing.join(", ")}. The columns are: ${IMPORT_COLUMNS.join(", ")}.`,
    );
  }
  return columns;
}

/** The file's data rows with their spreadsheet row numbers (the header is row 1), blank lines left out. */
function readRows(text: string) {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(error.message);
    throw error;
  }
  const [header, ...rest] = table;
  if (!header || isBlankRow(header)) throw badRequest("The file is empty. The first row must be a header naming the columns.");
  const columns = readHeader(header);
  const rows = rest.map((cells, index) => ({ row: index + 2, cells })).filter(({ cells }) => !isBlankRow(cells));
  if (rows.length === 0) throw badRequest("The file has a header but no rows to import.");
  if (rows.length > MAX_IMPORT_ROWS) {
    throw badRequest(
      `The file has ${rows.length.toLocaleString("en-US")} rows. Import at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows at a time.`,
    );
  }
  return { columns, width: header.length, rows };
}

/** Who may buy, written as the export does (trade-only) or as a card (Trade only), in any case; "" when empty, undefined when unknown. */
function accessOf(text: string): WholesalerAccess | "" | undefined {
  if (!text) return "";
  const wanted = text.replace(/\s+/g, " ").toLowerCase();
  return WHOLESALER_ACCESS.find((access) => access === wanted || ACCESS_LABELS[access].toLowerCase() === wanted);
}

/** "a, b or c". */
const orList = (words: readonly string[]) => `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
const UNKNOWN_ACCESS = (text: string) =>
  `Unknown access "${text}". Use ${orList(WHOLESALER_ACCESS)} (or ${orList(Object.values(ACCESS_LABELS))}), or leave it empty.`;

const YES_NO: Record<string, boolean> = { [YES]: true, [NO]: false, true: true, false: false, "1": true, "0": false, "": false };

/**
 * A date as YYYY-MM-DD. A spreadsheet that opens the exported file may save its dates back as M/D/YYYY
 * (US settings); those are read as the same day.
 */
function isoDateOf(text: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return us ? `${us[3]}-${us[1]?.padStart(2, "0")}-${us[2]?.padStart(2, "0")}` : text;
}

async function stateLookup(db: Kysely<Database>) {
  const states = await db.selectFrom("states").select(["id", "name", "code"]).execute();
  const byText = new Map<string, { id: string; name: string }>();
  for (const state of states) {
    for (const text of [state.id, state.name, state.code]) byText.set(text.toLowerCase(), { id: state.id, name: state.name });
  }
  return (text: string) => byText.get(text.trim().replace(/\s+/g, " ").toLowerCase());
}

/**
 * Checks every row the way the admin's wholesaler form does (same rules, same messages, zipcode in its
 * state) and finds the rows that repeat another row of the file.
 */
async function validateRows(db: Kysely<Database>, text: string) {
  const { columns, width, rows } = readRows(text);
  const kept = KEPT_COLUMNS.filter((column) => !columns.has(column));
  const findState = await stateLookup(db);
  const locations = new Map<string, Promise<{ latitude: number; longitude: number; exact: boolean }>>();
  const valid: ValidRow[] = [];
  const rejections: ImportRejection[] = [];
  const firstRowByKey = new Map<string, number>();

  for (const [index, { row, cells }] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_YIELD === 0) await yieldToEventLoop();
    const cell = (column: ImportColumn) => {
      const index = columns.get(column);
      return index === undefined ? "" : withoutFormulaGuard((cells[index] ?? "").trim());
    };
    const name = cell("name");
    if (cells.length > width) {
      rejections.push({
        row,
        name,
        messages: [
          `This row has ${cells.length} values but the header has ${width} columns. Put values that contain commas in double quotes.`,
        ],
      });
      continue;
    }

    const stateText = cell("state");
    const state = stateText ? findState(stateText) : undefined;
    const typeText = cell("type");
    const access = accessOf(cell("access"));
    const openingHours = parseHoursText(cell("opening_hours"));
    const approximate = YES_NO[cell("location_approximate").toLowerCase()];
    const raw = {
      name,
      address: cell("address"),
      city: cell("city"),
      stateId: state?.id ?? "",
      zipcode: cell("zipcode"),
      type: typeText ? (WHOLESALER_TYPES.find((type) => type.toLowerCase() === typeText.toLowerCase()) ?? typeText) : "Wholesale",
      hours: cell("hours"),
      description: cell("description"),
      phone: cell("phone"),
      website: cell("website"),
      latitude: cell("latitude"),
      longitude: cell("longitude"),
      access: access ?? "",
      accessNote: cell("access_note"),
      openingHours: openingHours.ok && openingHours.hours ? JSON.stringify(openingHours.hours) : "",
      verifiedAt: isoDateOf(cell("verified_at")),
      source: cell("source"),
      adminNote: cell("admin_note"),
      locationApproximate: approximate ? "true" : "",
    };
    const parsed = wholesalerInputSchema.safeParse(raw);
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (stateText && !state) {
      errors.stateId = `Unknown state "${stateText}". Use a two-letter code such as CA or a name such as California.`;
    }
    if (access === undefined) errors.access = UNKNOWN_ACCESS(cell("access"));
    if (!openingHours.ok) errors.openingHours = openingHours.message;
    if (approximate === undefined) {
      errors.locationApproximate = `location_approximate must be ${YES} or ${NO} (empty means ${NO}), not "${cell("location_approximate")}".`;
    }
    if (!parsed.success || Object.keys(errors).length > 0) {
      rejections.push({ row, name, messages: Object.values(errors) });
      continue;
    }

    const input = parsed.data;
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
      stateName: state?.name ?? input.stateId,
      latitude: resolved.latitude,
      longitude: resolved.longitude,
      exact: resolved.exact,
    });
  }
  return { rowCount: rows.length, valid, rejections, kept };
}

/**
 * The values a row writes over an existing listing: its image and featured flag stay as they are, and so
 * do the facts whose column the file does not have (`kept`).
 */
function updateColumns(row: ValidRow, existing: Existing, kept: readonly KeptColumn[]) {
  // Without coordinates in the file, a listing keeps its own unless its zipcode changes.
  const keepCoordinates = row.input.latitude === undefined && existing.zipcode === row.input.zipcode;
  const { featured: _featured, ...columns } = columnsFrom(
    row.input,
    keepCoordinates ? { latitude: existing.latitude, longitude: existing.longitude, exact: fromDbBool(existing.location_exact) } : row,
  );
  for (const column of kept) Object.assign(columns, { [column]: existing[column] });
  return columns;
}

/** Compared by meaning: PostgreSQL reads a boolean as true/false, SQLite as 1/0; hours JSON by the week it holds. */
function sameValue(column: string, written: unknown, stored: unknown) {
  if (column === "location_approximate" || column === "location_exact")
    return fromDbBool(written as DbBool) === fromDbBool(stored as DbBool);
  if (column === "opening_hours") {
    return JSON.stringify(parseWeeklyHours(written as string | null)) === JSON.stringify(parseWeeklyHours(stored as string | null));
  }
  return written === stored;
}

function isUnchanged(columns: ReturnType<typeof updateColumns>, existing: Existing) {
  return (Object.keys(columns) as (keyof typeof columns)[]).every((key) => sameValue(key, columns[key], existing[key]));
}

/** Sorts the valid rows into new listings and updates of the listings with the same name and address. */
async function classify(db: Kysely<Database>, valid: ValidRow[], kept: readonly KeptColumn[]) {
  const existingRows = await db
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
  const byKey = new Map<string, Existing[]>();
  for (const existing of existingRows) {
    const key = matchKey(existing.name, existing.address);
    byKey.set(key, [...(byKey.get(key) ?? []), existing]);
  }

  const creates: ValidRow[] = [];
  const updates: { row: ValidRow; id: number; columns: ReturnType<typeof updateColumns> }[] = [];
  const unchanged: ValidRow[] = [];
  const rejections: ImportRejection[] = [];
  for (const row of valid) {
    const matches = byKey.get(row.key) ?? [];
    const [existing] = matches;
    if (!existing) {
      creates.push(row);
    } else if (matches.length > 1) {
      rejections.push({
        row: row.row,
        name: row.input.name,
        messages: [
          `${matches.length} wholesalers already have this name and address, so the row cannot tell which one to update. Edit them on the Wholesalers page.`,
        ],
      });
    } else {
      const columns = updateColumns(row, existing, kept);
      if (isUnchanged(columns, existing)) unchanged.push(row);
      else updates.push({ row, id: existing.id, columns });
    }
  }
  return { creates, updates, unchanged, rejections };
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

/** The data rows of a file (blank lines aside), read without checking them: the length of an import's progress bar. */
export function countImportRows(text: string): number {
  return readRows(text).rows.length;
}

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
      }
      for (const update of plan.updates) {
        await trx
          .updateTable("wholesalers")
          .set({ ...update.columns, updated_at: now })
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
