import { describe, expect, it } from "vitest";
import { CsvSyntaxError, isBlankRow, parseCsv, toCsv, withoutFormulaGuard } from "./csv";

describe("parseCsv", () => {
  it("splits plain rows and fields", () => {
    expect(parseCsv("name,city\nRoses,Portland\nTulips,Salem")).toEqual([
      ["name", "city"],
      ["Roses", "Portland"],
      ["Tulips", "Salem"],
    ]);
  });

  it("keeps commas, doubled quotes and line breaks inside quoted fields", () => {
    const text = 'name,description\n"Smith, Jones & Co","They say ""fresh"" daily\nand mean it"\nNext,plain\n';
    expect(parseCsv(text)).toEqual([
      ["name", "description"],
      ["Smith, Jones & Co", 'They say "fresh" daily\nand mean it'],
      ["Next", "plain"],
    ]);
  });

  it("accepts CRLF, LF and CR line endings and ignores a trailing line break", () => {
    expect(parseCsv("a,b\r\n1,2\r\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(parseCsv("a,b\r1,2\r")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(parseCsv('a\r\n"x\r\ny"\r\n')).toEqual([["a"], ["x\r\ny"]]);
  });

  it("drops a byte order mark at the start", () => {
    expect(parseCsv("\uFEFFname,city\nA,B")).toEqual([
      ["name", "city"],
      ["A", "B"],
    ]);
  });

  it("keeps empty fields, including a trailing one", () => {
    expect(parseCsv("a,,c,\n,,,")).toEqual([
      ["a", "", "c", ""],
      ["", "", "", ""],
    ]);
    expect(parseCsv('"",x')).toEqual([["", "x"]]);
  });

  it("keeps blank lines as blank rows so that row numbers stay right", () => {
    const rows = parseCsv("h\n\nvalue\n");
    expect(rows).toEqual([["h"], [""], ["value"]]);
    expect(rows.map(isBlankRow)).toEqual([false, true, false]);
  });

  it("treats a quote inside an unquoted value literally and ignores padding before an opening quote", () => {
    expect(parseCsv('5" pots,x\na, "b, c"')).toEqual([
      ['5" pots', "x"],
      ["a", "b, c"],
    ]);
  });

  it("returns no rows for empty text", () => {
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv("\uFEFF")).toEqual([]);
  });

  it("names the line where an unclosed quote starts", () => {
    const parse = () => parseCsv('name,city\nA,B\n"Broken,C\nD,E');
    expect(parse).toThrow(CsvSyntaxError);
    expect(parse).toThrow('Line 3: a quoted value is not closed (a " is missing).');
    expect(parse).toThrow(expect.objectContaining({ line: 3, row: 3 }));
  });

  it("counts every line of a multi-line quoted value, and names the row too when the two differ", () => {
    expect(() => parseCsv('a\n"multi\nline",x\n"open')).toThrow(
      expect.objectContaining({
        name: "CsvSyntaxError",
        line: 4,
        row: 3,
        message: 'Line 4 (row 3): a quoted value is not closed (a " is missing).',
      }),
    );
  });

  it.each([
    ["CRLF, a blank line and a byte order mark", '\uFEFFa,b\r\n"two\r\nlines",x\r\n\r\n"open,y\r\nmore\r\n', 5, 4],
    ["CR only", 'a\r"two\rlines",x\r"open\r', 4, 3],
    ["characters of several bytes", 'ø,ü\n"ø\nø\nø",🌷\nø,"open', 5, 3],
    ["an earlier cell of the same row spanning lines", 'a,b\n"two\nlines","open\nmore', 3, 2],
  ])("counts lines right with %s", (_what, text, line, row) => {
    expect(() => parseCsv(text)).toThrow(
      expect.objectContaining({ line, row, message: expect.stringMatching(new RegExp(`^Line ${line} \\(row ${row}\\): `)) }),
    );
  });

  it("names the line where a closing quote is followed by more text", () => {
    const parse = () => parseCsv('name,city\n"Broken" Name,C\nD,E');
    expect(parse).toThrow(CsvSyntaxError);
    expect(parse).toThrow(
      expect.objectContaining({
        line: 2,
        row: 2,
        message: 'Line 2: a quoted value is followed by more text before the next comma. Write a " inside a quoted value as "".',
      }),
    );
    expect(() => parseCsv('a\r\n"two\r\nlines",x\r\n"bad" x,y\r\n')).toThrow(expect.objectContaining({ line: 4, row: 3 }));
  });

  it("accepts rows of different lengths and mixed line endings", () => {
    expect(parseCsv("a,b,c\r\n1\n2,3,4,5\r6,7")).toEqual([["a", "b", "c"], ["1"], ["2", "3", "4", "5"], ["6", "7"]]);
  });

  it("drops spaces around a value outside quotes but keeps them inside quotes", () => {
    expect(parseCsv(' a , " b " ,"c" \n')).toEqual([["a", " b ", "c"]]);
  });
});

describe("toCsv", () => {
  it("writes the header, then one record per row, each ending with CRLF", () => {
    expect(
      toCsv(
        ["email", "status"],
        [
          ["ann@example.com", "active"],
          ["bo@example.com", ""],
        ],
      ),
    ).toBe("email,status\r\nann@example.com,active\r\nbo@example.com,\r\n");
    expect(toCsv(["email", "status"], [])).toBe("email,status\r\n");
  });

  it("leaves plain text alone", () => {
    expect(toCsv(["ann@example.com"], [])).toBe("ann@example.com\r\n");
    expect(toCsv([""], [])).toBe("\r\n");
  });

  it("quotes fields with commas, quotes or line breaks, doubling inner quotes (RFC 4180)", () => {
    expect(toCsv(["a,b"], [])).toBe('"a,b"\r\n');
    expect(toCsv(['say "hi"'], [])).toBe('"say ""hi"""\r\n');
    expect(toCsv(["line\nbreak"], [])).toBe('"line\nbreak"\r\n');
    expect(toCsv(["cr\rhere"], [])).toBe('"cr\rhere"\r\n');
    expect(toCsv(["crlf\r\nhere"], [])).toBe('"crlf\r\nhere"\r\n');
    expect(toCsv(["a", "b,c"], [])).toBe('a,"b,c"\r\n');
  });

  it("prefixes a single quote to cells a spreadsheet would run as a formula", () => {
    expect(toCsv(['=HYPERLINK("http://evil.example")'], [])).toBe('"\'=HYPERLINK(""http://evil.example"")"\r\n');
    expect(toCsv(["=1+1"], [])).toBe("'=1+1\r\n");
    expect(toCsv(["+1"], [])).toBe("'+1\r\n");
    expect(toCsv(["-2+3"], [])).toBe("'-2+3\r\n");
    expect(toCsv(["@SUM(A1)"], [])).toBe("'@SUM(A1)\r\n");
    expect(toCsv(["\t=1"], [])).toBe("'\t=1\r\n");
    expect(toCsv(["\r=1"], [])).toBe('"\'\r=1"\r\n');
    expect(toCsv(["a=1"], [])).toBe("a=1\r\n");
    expect(toCsv(["h"], [["=cmd@example.com", "ok"]])).toBe("h\r\n'=cmd@example.com,ok\r\n");
  });

  it("writes numbers as they are, a negative one without the quote", () => {
    expect(toCsv(["latitude", "longitude"], [[34.0405, -118.2497]])).toBe("latitude,longitude\r\n34.0405,-118.2497\r\n");
  });

  it("reads back with parseCsv to the same rows", () => {
    const rows = [
      ["Smith, Jones & Co", 'They say "fresh"\r\ndaily', ""],
      ["plain", "two\nlines", "x"],
    ];
    expect(parseCsv(toCsv(["name", "description", "note"], rows))).toEqual([["name", "description", "note"], ...rows]);
  });
});

describe("withoutFormulaGuard", () => {
  it("takes off the quote toCsv put before a formula character, and nothing else", () => {
    for (const text of ["=1+1", "+1 213 555 0100", "-2+3", "@SUM(A1)", "\t=1", "\uFF1D1"]) {
      const [[cell = ""] = []] = parseCsv(toCsv([text], []).replace(/\r\n$/, ""));
      expect(withoutFormulaGuard(cell)).toBe(text);
    }
    expect(withoutFormulaGuard("'quoted'")).toBe("'quoted'");
    expect(withoutFormulaGuard("'")).toBe("'");
    expect(withoutFormulaGuard("O'Hare")).toBe("O'Hare");
    expect(withoutFormulaGuard("-2")).toBe("-2");
  });
  it("reads back text that itself starts with quotes before a formula character, which toCsv quotes once more", () => {
    expect(toCsv(["h"], [["'=1+1", "''@x", "'plain"]])).toBe("h\r\n''=1+1,'''@x,'plain\r\n");
    for (const text of ["'=1+1", "''@SUM(A1)", "'-2", "'\t=1", "'\r=1"]) {
      const [, [cell = ""] = []] = parseCsv(toCsv(["h"], [[text]]));
      expect(withoutFormulaGuard(cell)).toBe(text);
    }
  });
});
