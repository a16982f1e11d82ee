import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

describe("the CSV writer", () => {
  it("quotes only what needs quoting", () => {
    expect(csvField("Toyota Hilux")).toBe("Toyota Hilux");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe("");
    expect(csvField(42)).toBe("42");
    expect(csvField(false)).toBe("false");
  });

  it("defuses spreadsheet formulas in text", () => {
    expect(csvField("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvField("+27821234567")).toBe("'+27821234567");
    expect(csvField("@sum")).toBe("'@sum");
    expect(csvField(-5)).toBe("-5");
  });

  it("reads back as written", () => {
    const rows = [
      ["id", "wanted"],
      ["1", 'Toyota "Hilux", Ford\r\nRanger'],
    ];
    expect(toCsv(rows).endsWith("\r\n")).toBe(true);
    expect(parse(toCsv(rows))).toEqual(rows);
  });
});
