/** A file that cannot be read as CSV at all (as opposed to a row whose values are wrong). */
export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
  constructor(
    message: string,
    /** The 1-based row (record) where the problem starts, header included. */
    readonly row: number,
  ) {
    super(message);
  }
}

/**
 * Parses comma-separated text the way spreadsheets write it (RFC 4180): fields in double quotes may hold
 * commas, quotes (doubled) and line breaks; lines end in CRLF, LF or CR; a leading byte order mark is
 * ignored. Each returned row is one record, so row numbers match what a spreadsheet shows even when a
 * cell spans several lines. A trailing line break does not make an extra row.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let inQuotes = false;
  let quotedStartRow = 0;
  // Whether the current record has begun: an empty line still counts as one (empty) record.
  let recordStarted = false;

  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRecord = () => {
    endField();
    rows.push(row);
    row = [];
    recordStarted = false;
  };

  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        field += char;
      }
      continue;
    }
    recordStarted = true;
    if (char === '"' && field.trim() === "") {
      // Spaces before an opening quote are the writer's padding, not part of the value.
      field = "";
      inQuotes = true;
      quotedStartRow = rows.length + 1;
    } else if (char === ",") {
      endField();
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
    } else {
      field += char;
    }
  }
  if (inQuotes) throw new CsvSyntaxError(`Row ${quotedStartRow}: a quoted value is not closed (a " is missing).`, quotedStartRow);
  if (recordStarted || field !== "" || row.length > 0) endRecord();
  return rows;
}

/** A row with nothing in it (an empty line, or only commas and spaces). */
export const isBlankRow = (row: string[]) => row.every((cell) => cell.trim() === "");
