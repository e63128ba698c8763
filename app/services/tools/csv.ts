import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

/** A file that cannot be read as CSV at all (as opposed to a row whose values are wrong). */
export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
  constructor(
    message: string,
    /** The 1-based line of the file (as a text editor counts them) where the broken value starts. */
    readonly line: number,
    /** The 1-based row (record) it is in, header included: what a spreadsheet shows, fewer when a cell spans lines. */
    readonly row: number,
  ) {
    super(message);
  }
}

/** The 1-based line on which the text's first `bytes` UTF-8 bytes end (CRLF, LF and CR each end a line). */
function lineAtByte(input: string, bytes: number): number {
  return Buffer.from(input)
    .subarray(0, bytes)
    .toString()
    .split(/\r\n|\n|\r/).length;
}

/** What each csv-parse error means for the person who saved the file (codes the options below can raise). */
const PROBLEMS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is not closed (a " is missing).',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE:
    'a quoted value is followed by more text before the next comma. Write a " inside a quoted value as "".',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted value is followed by more text before the next comma. Write a " inside a quoted value as "".',
};

/**
 * Parses comma-separated text the way spreadsheets write it (RFC 4180), with csv-parse: fields in double
 * quotes may hold commas, quotes (doubled) and line breaks; lines end in CRLF, LF or CR, even mixed; a
 * leading byte order mark is ignored. Each returned row is one record, so row numbers match what a
 * spreadsheet shows even when a cell spans several lines; an empty line is kept as a row with one empty
 * value, and a trailing line break does not make an extra row. Rows may have different lengths. Spaces
 * around a value outside quotes (such as padding before an opening quote) are dropped; a quote inside an
 * unquoted value is kept as it is. Text that is not CSV raises a CsvSyntaxError naming the line of the file
 * where the broken value starts, and its row when a cell spanning several lines makes the two differ.
 */
export function parseCsv(input: string): string[][] {
  try {
    return parse(input, {
      bom: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
    });
  } catch (error) {
    // csv-parse counts the records it completed: the problem is in the one after them. Its `lines` is no help
    // here: an unclosed quote is found at the end of the file, and a CRLF inside a quoted value counts twice.
    // Its `bytes` is where the last comma or line break before the broken value ends (the BOM included), so
    // the line is counted from the text up to there.
    if (error instanceof CsvError && typeof error.records === "number" && typeof error.bytes === "number") {
      const row = error.records + 1;
      const line = lineAtByte(input, error.bytes);
      const problem = PROBLEMS[error.code] ?? `the text cannot be read as CSV (${error.message}).`;
      throw new CsvSyntaxError(`Line ${line}${line === row ? "" : ` (row ${row})`}: ${problem}`, line, row);
    }
    throw error;
  }
}

/** A row with nothing in it (an empty line, or only commas and spaces). */
export const isBlankRow = (row: string[]) => row.every((cell) => cell.trim() === "");

/** Quotes before a character after which toCsv puts its single quote (csv-stringify's list, full-width forms included). */
const QUOTED_FORMULA = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * The header and rows as CSV (RFC 4180), with csv-stringify: a value holding a comma, a quote or a line
 * break is quoted (inner quotes doubled), and every record, the last included, ends in CRLF. A text cell a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return that hides one)
 * gets a leading single quote, so text typed by a visitor cannot execute when an admin opens the file; a
 * number (a negative longitude) is written as it is. Text already starting with quotes before such a
 * character gets one more, so that withoutFormulaGuard reads every cell back exactly.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  // Text that already starts with quotes before a formula character gets one more, so that the import, which
  // takes exactly one off, reads back what was stored ('=x is written ''=x and read back as '=x).
  const guarded = rows.map((row) => row.map((cell) => (typeof cell === "string" && QUOTED_FORMULA.test(cell) ? `'${cell}` : cell)));
  return stringify([header, ...guarded], {
    record_delimiter: "windows",
    // With a record_delimiter set, csv-stringify would quote only a value holding CRLF; quote a lone CR or LF too.
    quote_record_delimiter: true,
    escape_formulas: true,
  });
}

/**
 * A cell as it was before toCsv guarded it: one single quote before a formula character (or before quotes
 * that precede one) goes again, so a file exported here and opened, edited and saved in a spreadsheet
 * imports the text as it was stored.
 */
export const withoutFormulaGuard = (cell: string) => (QUOTED_FORMULA.test(cell) ? cell.slice(1) : cell);
