import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import {
  checkRow,
  countImportRows,
  decodeImportFile,
  matchKey,
  MAX_IMPORT_BYTES,
  planRows,
  readRows,
  stateFinder,
  type Existing,
  type ValidRow,
} from "./import-parse.server";

const HEADER = "name,address,city,state,zipcode,type,hours,description,phone,website";
const ALL_COLUMNS =
  "name, address, city, state, zipcode, type, hours, description, phone, website, latitude, longitude, access, access_note, opening_hours, verified_at, source, admin_note, location_approximate, special_hours, status, closed_until";
const findState = stateFinder([
  { id: "california", name: "California", code: "CA" },
  { id: "oregon", name: "Oregon", code: "OR" },
]);

/** The message readRows (or whatever `read` calls) refuses the text with. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error("expected the file to be refused");
}

/** The first data row of `text`, checked. */
function checkFirst(text: string) {
  const layout = readRows(text);
  const [first] = layout.rows;
  if (!first) throw new Error("no row");
  return checkRow(layout, first.row, first.cells, findState);
}

/** The first data row of `text` as a valid row at the zipcode 97201's center. */
function validFirst(text: string): ValidRow {
  const checked = checkFirst(text);
  if (!checked.ok) throw new Error(checked.rejection.messages.join(" "));
  const { input, stateName } = checked;
  return { row: 2, key: matchKey(input.name, input.address), input, stateName, latitude: 45.5, longitude: -122.69, exact: false };
}

describe("decodeImportFile", () => {
  it("reads UTF-8 and refuses other encodings and files over 2 MB", () => {
    expect(decodeImportFile(new TextEncoder().encode("name\nCafé"))).toBe("name\nCafé");
    expect(() => decodeImportFile(new Uint8Array([0x6e, 0x61, 0xe9, 0x0a]))).toThrow(
      'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and try again.',
    );
    expect(() => decodeImportFile(new Uint8Array(MAX_IMPORT_BYTES + 1))).toThrow(
      "The file is larger than 2 MB. Split it into smaller files.",
    );
  });

  it("refuses a NUL character, naming its line", () => {
    expect(() => decodeImportFile(new TextEncoder().encode("name\r\nA\u0000"))).toThrow(
      'Line 2: the file holds a NUL character, so it is not a CSV file. Save it from your spreadsheet as "CSV UTF-8" and try again.',
    );
  });
});

describe("readRows", () => {
  it("reads the header's columns under other names, in any order, and numbers the rows as a spreadsheet does", () => {
    const { columns, width, rows } = readRows(
      "\uFEFFZip Code,STATE,lat,lng,Name,address,City\n97201,OR,1,2,A,B,C\n\n,,,,,,\n97201,OR,3,4,D,E,F\n",
    );
    expect(Object.fromEntries(columns)).toEqual({ zipcode: 0, state: 1, latitude: 2, longitude: 3, name: 4, address: 5, city: 6 });
    expect(width).toBe(7);
    expect(rows.map(({ row }) => row)).toEqual([2, 5]);
    expect(countImportRows("name,address,city,state,zipcode\nA,B,C,OR,97201\n\nD,E,F,OR,97201")).toBe(2);
  });

  it("refuses files that are not an import file, with a message saying why", () => {
    expect(refusal(() => readRows(""))).toBe("The file is empty. The first row must be a header naming the columns.");
    expect(refusal(() => readRows(HEADER))).toBe("The file has a header but no rows to import.");
    expect(refusal(() => readRows("name,address,city\nA,B,C"))).toBe(
      `The first row must be a header naming the columns. Missing: state, zipcode. The columns are: ${ALL_COLUMNS}.`,
    );
    expect(refusal(() => readRows(`${HEADER},colour\n`))).toBe(
      `The header has an unknown column "colour". The columns are: ${ALL_COLUMNS}.`,
    );
    expect(refusal(() => readRows(`${HEADER},Zip\nA`))).toBe('The header names the column "zipcode" twice.');
    expect(refusal(() => readRows(`${HEADER}\n"Open quote,1 Road`))).toBe('Line 2: a quoted value is not closed (a " is missing).');
    const tooMany = [HEADER, ...Array.from({ length: 5001 }, (_, i) => `Shop ${i},${i} Road,Portland,OR,97201,,,,,`)].join("\n");
    expect(refusal(() => readRows(tooMany))).toBe("The file has 5,001 rows. Import at most 5,000 rows at a time.");
  });
});

describe("stateFinder", () => {
  it("finds a state by id, name or code, in any case and spacing", () => {
    for (const text of ["oregon", "Oregon", " OR ", "or"]) expect(findState(text)).toEqual({ id: "oregon", name: "Oregon" });
    expect(findState("Atlantis")).toBeUndefined();
  });
});

describe("checkRow", () => {
  it("reads a row as the wholesaler form does: type in any case, a US date, a label for who may buy, yes/no", () => {
    const checked = checkFirst(
      "name,address,city,state,zipcode,type,access,verified_at,location_approximate,phone\nFern Market,10 Fern St,Portland,oregon,97201,retail,Trade only,4/20/2025,YES,'+1 503 555 0100",
    );
    expect(checked).toMatchObject({
      ok: true,
      name: "Fern Market",
      stateName: "Oregon",
      input: {
        name: "Fern Market",
        stateId: "oregon",
        type: "Retail",
        access: "trade-only",
        verifiedAt: "2025-04-20",
        locationApproximate: true,
        phone: "+1 503 555 0100",
      },
    });
    expect(checkFirst("name,address,city,state,zipcode\nMoss Market,11 Fern St,Portland,OR,97201")).toMatchObject({
      ok: true,
      input: { type: "Wholesale", locationApproximate: false },
    });
  });

  it("rejects a row with every message the form would give, and a row longer than the header", () => {
    expect(checkFirst(`${HEADER}\nX,4 Fir St,Portland,Atlantis,1234,,,,,`)).toEqual({
      ok: false,
      rejection: {
        row: 2,
        name: "X",
        messages: [
          "Enter the business name (at least 2 characters).",
          'Unknown state "Atlantis". Use a two-letter code such as CA or a name such as California.',
          "A zipcode is exactly 5 digits.",
        ],
      },
    });
    expect(checkFirst(`${HEADER}\nToo Many,6 Pine St,Portland,OR,97201,Both,,,,,extra`)).toEqual({
      ok: false,
      rejection: {
        row: 2,
        name: "Too Many",
        messages: ["This row has 11 values but the header has 10 columns. Put values that contain commas in double quotes."],
      },
    });
    expect(checkFirst("name,address,city,state,zipcode,access,location_approximate\nBad,1 Road,Town,OR,97201,Members,maybe")).toEqual({
      ok: false,
      rejection: {
        row: 2,
        name: "Bad",
        messages: [
          'Unknown access "Members". Use trade-only, public-welcome or public-hours (or Trade only, Public welcome or Public at set hours), or leave it empty.',
          'location_approximate must be yes or no (empty means no), not "maybe".',
        ],
      },
    });
  });
});

describe("planRows", () => {
  const existing = (over: Partial<Existing> = {}): Existing => ({
    id: 7,
    name: "Fern Market",
    address: "10 Fern St",
    city: "Portland",
    state_id: "oregon",
    zipcode: "97201",
    type: "Wholesale",
    hours: "",
    description: "",
    phone: null,
    website: null,
    latitude: 45.51,
    longitude: -122.68,
    time_zone: "America/Los_Angeles",
    location_exact: 1,
    access: "trade-only",
    access_note: "Cash only",
    opening_hours: null,
    verified_at: "2025-04-20",
    source: null,
    admin_note: null,
    location_approximate: 0,
    special_hours: null,
    status: "open",
    closed_until: null,
    ...over,
  });
  const fern = validFirst("name,address,city,state,zipcode\n FERN market ,10  fern st,Portland,OR,97201");
  const kept = ["access", "access_note", "opening_hours", "verified_at", "source", "admin_note", "location_approximate"] as const;

  it("creates a row no listing matches, and finds nothing to change in one that repeats its listing", () => {
    const same = validFirst("name,address,city,state,zipcode\nFern Market,10 Fern St,Portland,OR,97201");
    const other = validFirst("name,address,city,state,zipcode\nMoss Market,11 Fern St,Portland,OR,97201");
    const plan = planRows([same, other], [existing()], kept);
    expect(plan.creates).toEqual([other]);
    expect(plan.unchanged).toEqual([same]);
    expect(plan.updates).toEqual([]);
    expect(plan.rejections).toEqual([]);
  });

  it("updates what the file changes, keeping the listing's coordinates and the facts of columns the file leaves out", () => {
    const plan = planRows([fern], [existing({ city: "Beaverton", location_exact: true })], kept);
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]).toMatchObject({
      id: 7,
      columns: {
        name: "FERN market",
        city: "Portland",
        latitude: 45.51,
        longitude: -122.68,
        access: "trade-only",
        verified_at: "2025-04-20",
      },
    });
    const cleared = planRows([fern], [existing()], []);
    expect(cleared.updates[0]?.columns).toMatchObject({ access: null, access_note: null, verified_at: null });
  });

  it("rejects a row that matches more than one listing", () => {
    const plan = planRows([fern], [existing(), existing({ id: 8 })], kept);
    expect(plan.rejections).toEqual([
      {
        row: 2,
        name: "FERN market",
        messages: [
          "2 wholesalers already have this name and address, so the row cannot tell which one to update. Edit them on the Wholesalers page.",
        ],
      },
    ]);
    expect([...plan.creates, ...plan.updates, ...plan.unchanged]).toEqual([]);
  });
});
