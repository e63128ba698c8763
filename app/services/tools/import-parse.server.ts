/**
 * Reading a wholesaler CSV file without the database: its bytes as text, its header and rows, each row checked
 * the way the admin's wholesaler form checks it, and what a checked row changes in the listing it updates.
 * The states and the existing listings are passed in; import.server.ts reads them, resolves the locations
 * and writes the rows.
 */
import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { fromDbBool, type Database, type DbBool } from "~/db/schema";
import { AppError, badRequest } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { columnsFrom, wholesalerInputSchema, type WholesalerInput } from "../wholesalers/admin.server";
import { ACCESS_LABELS, WHOLESALER_ACCESS, WHOLESALER_TYPES, type WholesalerAccess } from "../wholesalers/constants";
import { parseHoursText, parseWeeklyHours } from "../wholesalers/opening-hours-schema";
import { parseSpecialHours, parseSpecialHoursText } from "../wholesalers/special-hours-schema";
import { CsvSyntaxError, isBlankRow, parseCsv, withoutFormulaGuard } from "./csv";
import { IMPORT_COLUMNS, NO, REQUIRED_IMPORT_COLUMNS, YES, type ImportColumn, type KEPT_COLUMNS } from "./import-columns";
import type { ImportRejection } from "./types";

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

export type KeptColumn = (typeof KEPT_COLUMNS)[number];

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

/** A row that passed every check, with its location resolved: what the import writes. */
export interface ValidRow {
  row: number;
  key: string;
  input: WholesalerInput;
  stateName: string;
  latitude: number;
  longitude: number;
  exact: boolean;
}

/** What an update compares with the file's row: an existing listing's columns. */
export type Existing = Pick<
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
export const matchKey = (name: string, address: string) =>
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

/** The file's header: where each column it names stands, and how many columns it has. */
export interface ImportLayout {
  columns: Map<ImportColumn, number>;
  width: number;
}

/** The file's data rows with their spreadsheet row numbers (the header is row 1), blank lines left out. */
export function readRows(text: string): ImportLayout & { rows: { row: number; cells: string[] }[] } {
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

/** The data rows of a file (blank lines aside), read without checking them: the length of an import's progress bar. */
export function countImportRows(text: string): number {
  return readRows(text).rows.length;
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

export type FindState = (text: string) => { id: string; name: string } | undefined;

/** Finds a state by its id, name or two-letter code, in any case and spacing. */
export function stateFinder(states: readonly { id: string; name: string; code: string }[]): FindState {
  const byText = new Map<string, { id: string; name: string }>();
  for (const state of states) {
    for (const text of [state.id, state.name, state.code]) byText.set(text.toLowerCase(), { id: state.id, name: state.name });
  }
  return (text: string) => byText.get(text.trim().replace(/\s+/g, " ").toLowerCase());
}

/** A row after checkRow: its errors, or its values as the wholesaler form reads them. */
export type CheckedRow = { ok: false; rejection: ImportRejection } | { ok: true; name: string; input: WholesalerInput; stateName: string };

/**
 * Checks one data row the way the admin's wholesaler form does (same rules, same messages). Whether its zipcode
 * exists and lies in its state, and whether another row repeats it, are left to the caller.
 */
export function checkRow(layout: ImportLayout, row: number, cells: string[], findState: FindState): CheckedRow {
  const { columns, width } = layout;
  const cell = (column: ImportColumn) => {
    const index = columns.get(column);
    return index === undefined ? "" : withoutFormulaGuard((cells[index] ?? "").trim());
  };
  const name = cell("name");
  if (cells.length > width) {
    return {
      ok: false,
      rejection: {
        row,
        name,
        messages: [
          `This row has ${cells.length} values but the header has ${width} columns. Put values that contain commas in double quotes.`,
        ],
      },
    };
  }

  const stateText = cell("state");
  const state = stateText ? findState(stateText) : undefined;
  const typeText = cell("type");
  const access = accessOf(cell("access"));
  const openingHours = parseHoursText(cell("opening_hours"));
  const specialHours = parseSpecialHoursText(cell("special_hours"));
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
    specialHours: specialHours.ok ? JSON.stringify(specialHours.special) : "",
    status: cell("status").toLowerCase(),
    closedUntil: isoDateOf(cell("closed_until")),
  };
  const parsed = wholesalerInputSchema.safeParse(raw);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (stateText && !state) {
    errors.stateId = `Unknown state "${stateText}". Use a two-letter code such as CA or a name such as California.`;
  }
  if (access === undefined) errors.access = UNKNOWN_ACCESS(cell("access"));
  if (!openingHours.ok) errors.openingHours = openingHours.message;
  if (!specialHours.ok) errors.specialHours = specialHours.message;
  if (approximate === undefined) {
    errors.locationApproximate = `location_approximate must be ${YES} or ${NO} (empty means ${NO}), not "${cell("location_approximate")}".`;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, rejection: { row, name, messages: Object.values(errors) } };
  return { ok: true, name, input: parsed.data, stateName: state?.name ?? parsed.data.stateId };
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
  if (column === "special_hours") {
    return JSON.stringify(parseSpecialHours(written as string | null)) === JSON.stringify(parseSpecialHours(stored as string | null));
  }
  if (column === "opening_hours") {
    return JSON.stringify(parseWeeklyHours(written as string | null)) === JSON.stringify(parseWeeklyHours(stored as string | null));
  }
  return written === stored;
}

function isUnchanged(columns: ReturnType<typeof updateColumns>, existing: Existing) {
  return (Object.keys(columns) as (keyof typeof columns)[]).every((key) => sameValue(key, columns[key], existing[key]));
}

/**
 * Sorts the valid rows into new listings and updates of the `existing` listing with the same name and address
 * (`existing` in id order); a row that matches more than one listing is rejected.
 */
export function planRows(valid: ValidRow[], existing: readonly Existing[], kept: readonly KeptColumn[]) {
  const byKey = new Map<string, Existing[]>();
  for (const listing of existing) {
    const key = matchKey(listing.name, listing.address);
    byKey.set(key, [...(byKey.get(key) ?? []), listing]);
  }

  const creates: ValidRow[] = [];
  const updates: { row: ValidRow; id: number; columns: ReturnType<typeof updateColumns> }[] = [];
  const unchanged: ValidRow[] = [];
  const rejections: ImportRejection[] = [];
  for (const row of valid) {
    const matches = byKey.get(row.key) ?? [];
    const [match] = matches;
    if (!match) {
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
      const columns = updateColumns(row, match, kept);
      if (isUnchanged(columns, match)) unchanged.push(row);
      else updates.push({ row, id: match.id, columns });
    }
  }
  return { creates, updates, unchanged, rejections };
}
