import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { type RawRecord, crossRowIssues, formatIssue, parseCatalogue, parseEquipmentCell, readRecords, validateRow } from "./import";

const fixture = (name: string) => fs.readFileSync(new URL(`../../../tests/fixtures/catalogue/${name}`, import.meta.url), "utf8");
const goodRecords = () => readRecords(fixture("good.csv"), "csv").records;
const messages = (record: RawRecord, row = 7) => validateRow(record, row).issues.map(formatIssue);

describe("reading files", () => {
  it("reads the good CSV and JSON fixtures into the same rows", () => {
    const csv = parseCatalogue(fixture("good.csv"), "csv");
    const json = parseCatalogue(fixture("good.json"), "json");
    expect(csv.issues).toEqual([]);
    expect(json.issues).toEqual([]);
    expect(csv.rows).toHaveLength(3);
    expect(json.rows).toEqual(csv.rows);
  });

  it("handles a byte-order mark, CRLF line ends and quoted commas", () => {
    const text = `\uFEFF${fixture("good.csv").replace(/\n/g, "\r\n")}`;
    const { rows, issues } = parseCatalogue(text, "csv");
    expect(issues).toEqual([]);
    expect(rows[0]!.brand.code).toBe("leapmotor"); // not "\uFEFFbrand_code"
    expect(rows[0]!.brand.description).toBe("Electric cars from Hangzhou, sold with Stellantis.");
    expect(rows[2]!.version.name).toBe("Pro, city pack");
    expect(rows[0]!.version.equipment?.comfort).toEqual(["Heated front seats", "Panoramic roof, fixed"]);
  });

  it("says so for an empty file, a header without rows and a JSON file that is not an array", () => {
    expect(parseCatalogue("", "csv").issues.map(formatIssue)).toEqual(["the file is empty"]);
    expect(parseCatalogue("\uFEFF \r\n", "json").issues.map(formatIssue)).toEqual(["the file is empty"]);
    const header = fixture("good.csv").split("\n")[0]!;
    expect(parseCatalogue(`${header}\n`, "csv").issues.map(formatIssue)).toEqual(["the file has no rows"]);
    expect(parseCatalogue(`{"brand_code":"x"}`, "json").issues.map(formatIssue)).toEqual(["a JSON file must hold an array of row objects"]);
    expect(parseCatalogue(`[1]`, "json").issues.map(formatIssue)).toEqual(["row 1: must be an object of column: value"]);
    expect(parseCatalogue(`[{`, "json").issues[0]!.message).toMatch(/^not a valid JSON file/);
  });

  it("names unknown, repeated and missing columns", () => {
    const [header, ...rest] = fixture("good.csv").split("\n");
    const renamed = [header!.replace("price_zar", "price"), ...rest].join("\n");
    const issues = parseCatalogue(renamed, "csv").issues.map(formatIssue);
    expect(issues).toContain('unknown column "price" (the columns are listed in docs/catalogue-import.md)');
    expect(issues).toContain('missing column "price_zar"');
  });

  it("reports a broken CSV record with its line", () => {
    const [header, first] = fixture("good.csv").split("\n");
    const issues = parseCatalogue(`${header}\n${first},extra\n`, "csv").issues;
    expect(issues[0]!.message).toMatch(/^not a valid CSV file: .*line 2/);
  });
});

describe("row rules", () => {
  const base = () => ({ ...goodRecords()[0]! });

  it("accepts a complete row", () => {
    expect(messages(base())).toEqual([]);
  });

  it("requires every required column, naming the row", () => {
    expect(messages({ ...base(), brand_name: "" }, 14)).toEqual(["row 14, brand_name: is required"]);
    expect(messages({ ...base(), power_kw: " " }, 3)).toEqual(["row 3, power_kw: is required"]);
  });

  it("checks prices: whole rand above 0", () => {
    for (const price of ["0", "-5", "699 900", "699900.50", "R699900", "abc"]) {
      expect(messages({ ...base(), price_zar: price }, 14)).toEqual(["row 14, price_zar: must be a whole number of rand above 0"]);
    }
    expect(messages({ ...base(), price_zar: "150000000" })).toEqual(["row 7, price_zar: must be below 100 000 000 rand"]);
    expect(validateRow({ ...base(), price_zar: 459900 }, 1).row?.version.priceZar).toBe(459900);
  });

  it("checks allowed values", () => {
    expect(messages({ ...base(), body_type: "limousine" })).toEqual([
      "row 7, body_type: must be one of hatchback, sedan, suv, crossover, bakkie, double-cab, mpv, coupe, convertible, station-wagon, van",
    ]);
    expect(messages({ ...base(), transmission: "sequential" })).toEqual(["row 7, transmission: must be one of manual, automatic, cvt, dual-clutch"]);
    expect(messages({ ...base(), drive: "6x6" })).toEqual(["row 7, drive: must be one of fwd, rwd, awd, 4x4"]);
    expect(validateRow({ ...base(), fuel: "Electric" }, 1).row?.version.fuel).toBe("electric");
  });

  it("checks numbers, ranges, dates, codes, slugs, colours and flags", () => {
    expect(messages({ ...base(), seats: "2.5" })).toEqual(["row 7, seats: must be a whole number from 1 to 20"]);
    expect(messages({ ...base(), accel_0_100_s: "fast" })).toEqual(["row 7, accel_0_100_s: must be a number from 1 to 60"]);
    expect(messages({ ...base(), launch_date: "2026-02-30" })).toEqual(["row 7, launch_date: must be a date as YYYY-MM-DD"]);
    expect(messages({ ...base(), launch_date: "15/03/2026" })).toEqual(["row 7, launch_date: must be a date as YYYY-MM-DD"]);
    expect(messages({ ...base(), version_code: "bad code!" })[0]).toMatch(/^row 7, version_code: must be 1 to 100 letters/);
    expect(messages({ ...base(), model_slug: "Not A Slug" })).toEqual(["row 7, model_slug: must be lower-case letters and digits joined by single hyphens"]);
    expect(messages({ ...base(), brand_colour: "blue" })).toEqual(["row 7, brand_colour: must be a hex colour like #1d4ed8"]);
    expect(messages({ ...base(), on_sale: "maybe" })).toEqual(["row 7, on_sale: must be true or false (yes/no, 1/0 also work)"]);
    expect(validateRow({ ...base(), on_sale: "No" }, 1).row?.version.onSale).toBe(false);
  });

  it("checks fuel-dependent figures", () => {
    expect(messages({ ...base(), consumption_l_100km: "5.2" })).toEqual(["row 7, consumption_l_100km: must be empty for an electric version"]);
    expect(messages({ ...base(), battery_kwh: "", range_km: "" })).toEqual([
      "row 7, battery_kwh: is required for electric and plug-in-hybrid versions",
      "row 7, range_km: is required for electric versions",
    ]);
    expect(messages({ ...base(), fuel: "petrol", battery_kwh: "", range_km: "" })).toEqual(["row 7, consumption_l_100km: is required unless the fuel is electric"]);
  });

  it("keeps 'not given' apart from 'empty'", () => {
    const { tank_l: _t, ...withoutColumn } = base();
    expect(validateRow(withoutColumn, 1).row?.version.tankL).toBeUndefined(); // keep the stored value
    expect(validateRow({ ...base(), tank_l: "" }, 1).row?.version.tankL).toBeNull(); // no value
  });

  it("reads equipment as notation or JSON", () => {
    expect(parseEquipmentCell("safety: ABS; Six airbags | Comfort: Cruise control")).toEqual({ safety: ["ABS", "Six airbags"], comfort: ["Cruise control"] });
    expect(parseEquipmentCell("ABS")).toBe('"ABS" has no category: write "category: item; item"');
    expect(messages({ ...base(), equipment: "wheels: 18-inch" })).toEqual([
      'row 7, equipment: unknown category "wheels" (use safety, driver-assistance, comfort, multimedia, exterior, interior)',
    ]);
    expect(validateRow({ ...base(), equipment: '{"safety":["ABS"]}' }, 1).row?.version.equipment).toEqual({ safety: ["ABS"] });
    expect(messages({ ...base(), equipment: '{"safety":"ABS"}' })).toEqual(["row 7, equipment: safety must be a list of non-empty texts"]);
    expect(validateRow({ ...base(), equipment: "" }, 1).row?.version.equipment).toEqual({});
  });
});

describe("rows against each other", () => {
  it("reports a brand code with another name, a model under two brands and a repeated version code", () => {
    const rows = parseCatalogue(fixture("good.csv"), "csv").rows;
    const renamed = { ...rows[1]!, row: 2, brand: { ...rows[1]!.brand, name: "Leap Motor" } };
    const moved = { ...rows[2]!, row: 3, brand: { ...rows[2]!.brand, code: "other", name: "Other" }, model: { ...rows[0]!.model } };
    const repeated = { ...rows[0]!, row: 4 };
    expect(crossRowIssues([rows[0]!, renamed, moved, repeated]).map(formatIssue)).toEqual([
      'row 2, brand_name: brand leapmotor has brand_name "Leapmotor" on row 1, here "Leap Motor"',
      "row 3, brand_code: model leapmotor-c10 belongs to brand leapmotor on row 1",
      "row 4, version_code: leapmotor-c10-design is already on row 1",
    ]);
  });

  it("lists every problem of the bad fixture with its row, and no rows", () => {
    const { rows, issues } = parseCatalogue(fixture("bad.csv"), "csv");
    expect(rows).toEqual([]);
    expect(issues.map(formatIssue)).toEqual([
      'row 2, brand_name: brand leapmotor has brand_name "Leapmotor" on row 1, here "Leap Motor"',
      "row 3, fuel: must be one of petrol, diesel, hybrid, plug-in-hybrid, electric",
      "row 4, launch_date: must be a date as YYYY-MM-DD",
      "row 4, price_zar: must be a whole number of rand above 0",
      "row 5, version_code: leapmotor-c10-design is already on row 1",
      "row 6, consumption_l_100km: must be empty for an electric version",
      "row 6, range_km: is required for electric versions",
    ]);
  });
});
