import { describe, expect, it } from "vitest";
import { CsvSyntaxError, isBlankRow, parseCsv } from "./csv";

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

  it("names the row where an unclosed quote starts", () => {
    const parse = () => parseCsv('name,city\nA,B\n"Broken,C\nD,E');
    expect(parse).toThrow(CsvSyntaxError);
    expect(parse).toThrow('Row 3: a quoted value is not closed (a " is missing).');
  });
});
