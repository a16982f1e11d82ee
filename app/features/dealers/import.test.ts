import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  dealerRuleIssues,
  defaultDealerSlug,
  formatIssue,
  parseDealers,
  readBooleanLike,
  readCity,
  readPhone,
  readProvince,
  readWebsite,
  validateDealerRow,
} from "./import";
import { formatOpeningHoursText, parseOpeningHoursText } from "./opening-hours-text";

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

const minimal = { name: "Sandton Auto", city: "Sandton", province: "gauteng" };

describe("dealer rows", () => {
  it("reads the documented example file without a problem", () => {
    const { rows, issues } = parseDealers(read("docs/examples/dealers.csv"), "csv");
    expect(issues).toEqual([]);
    expect(rows.map((r) => r.slug)).toEqual(["example-toyota-menlyn-pretoria", "example-hyundai-umhlanga", "example-cape-auto-traders-bellville"]);
    const [toyota, hyundai, cape] = rows;
    expect(toyota).toMatchObject({
      kind: "franchise",
      brands: ["Toyota", "Lexus"],
      sellsNew: true,
      sellsUsed: true,
      city: "pretoria",
      province: "gauteng",
      postalCode: "0181",
      phone: "+27 12 555 0142",
      website: "https://toyota-menlyn.example.com",
      services: ["sales", "service", "parts", "finance"],
      onMarketplace: false,
    });
    expect(toyota!.openingHours?.mon).toEqual([{ opens: "07:30", closes: "17:00" }]);
    expect(toyota!.openingHours?.holidays).toEqual([{ opens: "09:00", closes: "13:00" }]);
    expect(hyundai).toMatchObject({ province: "kwazulu-natal", city: "umhlanga", website: "https://hyundai-umhlanga.example.com" });
    expect(hyundai!.openingHours?.sun).toEqual([]);
    expect(cape).toMatchObject({ groupName: null, brands: [], sellsNew: false, onMarketplace: true, province: "western-cape" });
  });

  it("names the row and the field of every problem, and keeps no row when one is wrong", () => {
    const { rows, issues } = parseDealers(read("tests/fixtures/dealers/bad.csv"), "csv");
    expect(rows).toEqual([]);
    expect(issues.map(formatIssue)).toEqual([
      "row 2: province: unknown province 'gautng' (did you mean gauteng?)",
      "row 3: city: Durban is in KwaZulu-Natal, not Gauteng",
      "row 4: sells_new: 'yes' must be 0, 1, true or false",
      `row 5: hours: "8am-5pm" is not a time range like 08:00-17:00 (or write closed, or 24h)`,
      "row 6: services: unknown service 'valet' (use sales, service, parts, finance)",
      "row 6: postal_code: '00021' must be a South African postal code of four digits",
      "row 6: email: 'not-an-email' is not an email address",
      "row 6: phone: '555 0101' is not a South African phone number (like 011 555 0123 or +27 11 555 0123)",
      "row 7: slug: good-motors-sandton is already on row 1 (made from the name and town: give a slug)",
    ]);
  });

  it("needs a name, a town and a province", () => {
    const { issues } = validateDealerRow({ name: " ", city: "", province: "" }, 3);
    expect(issues.map(formatIssue)).toEqual(["row 3: name: is required", "row 3: province: is required", "row 3: city: is required"]);
  });

  it("reads the spec's boolean-like values and nothing else", () => {
    for (const v of [1, "1", true, "true", "TRUE", " True "]) expect(readBooleanLike(v)).toBe(true);
    for (const v of [0, "0", false, "false", "False"]) expect(readBooleanLike(v)).toBe(false);
    for (const v of ["yes", "no", 2, "", null]) expect(readBooleanLike(v)).toBeUndefined();
  });

  it("finds provinces and towns by slug or name, the town inside its province", () => {
    expect(readProvince("Western Cape")).toEqual({ value: "western-cape" });
    expect(readProvince("KWAZULU-NATAL")).toEqual({ value: "kwazulu-natal" });
    expect(readProvince("gautng")).toEqual({ error: "unknown province 'gautng' (did you mean gauteng?)" });
    expect(readProvince("Atlantis")).toEqual({ error: "unknown province 'Atlantis'" });
    expect(readCity("Cape Town", "western-cape")).toEqual({ value: "cape-town" });
    expect(readCity("cape-town", undefined)).toEqual({ value: "cape-town" });
    expect(readCity("Cape Twn", "western-cape")).toMatchObject({ error: expect.stringContaining("did you mean cape-town?") });
  });

  it("writes phone numbers one way and website addresses with their scheme", () => {
    expect(readPhone("011 555 0123")).toEqual({ value: "+27 11 555 0123" });
    expect(readPhone("+27 (0)11-555-0123")).toMatchObject({ error: expect.any(String) });
    expect(readPhone("+27115550123")).toEqual({ value: "+27 11 555 0123" });
    expect(readWebsite("www.dealer.example.com")).toEqual({ value: "https://www.dealer.example.com" });
    expect(readWebsite("http://dealer.example.com/")).toEqual({ value: "http://dealer.example.com" });
    expect(readWebsite("ftp://dealer.example.com")).toEqual({ error: "must be an http or https address" });
    expect(readWebsite("localhost")).toMatchObject({ error: expect.any(String) });
  });

  it("makes a slug from the name and town, the town once", () => {
    expect(defaultDealerSlug("Toyota Menlyn", "pretoria")).toBe("toyota-menlyn-pretoria");
    expect(defaultDealerSlug("Cape Town Motors", "cape-town")).toBe("cape-town-motors");
    expect(defaultDealerSlug("Citroën Sandton", "sandton")).toBe("citroen-sandton");
  });

  it("tells a column left out (keep the stored value) from an empty cell (no value)", () => {
    const absent = validateDealerRow(minimal, 1).row!;
    expect(absent).toMatchObject({ slug: "sandton-auto", email: undefined, website: undefined, openingHours: undefined, brands: undefined, sellsNew: undefined });
    const empty = validateDealerRow({ ...minimal, email: "", website: "", hours: "", group: "", brands: "" }, 1).row!;
    expect(empty).toMatchObject({ email: null, website: null, openingHours: null, groupName: null, brands: [] });
  });

  it("reads JSON rows with real booleans and hours as an object", () => {
    const json = JSON.stringify([
      { ...minimal, sells_new: false, sells_used: 1, hours: { mon: [{ opens: "08:00", closes: "17:00" }], holidays: [] }, brands: ["VW"] },
      { ...minimal, slug: "bad-hours", hours: { monday: [] } },
    ]);
    const { issues } = parseDealers(json, "json");
    expect(issues.map(formatIssue)).toEqual([`row 2: hours: unknown day "monday" (days are mon, tue, wed, thu, fri, sat, sun and holidays)`]);
    const good = validateDealerRow(JSON.parse(json)[0], 1).row!;
    expect(good).toMatchObject({ sellsNew: false, sellsUsed: true, brands: ["VW"] });
    expect(good.openingHours?.mon).toEqual([{ opens: "08:00", closes: "17:00" }]);
    expect(good.openingHours?.tue).toEqual([]);
  });

  it("refuses unknown and missing columns, and files that are not lists", () => {
    expect(parseDealers("name,town,province\nA,B,C\n", "csv").issues.map(formatIssue)).toEqual([
      `unknown column "town" (the columns are listed in docs/dealers-import.md)`,
      `missing column "city"`,
    ]);
    expect(parseDealers("{}", "json").issues.map(formatIssue)).toEqual(["a JSON file must hold an array of dealer objects"]);
    expect(parseDealers("", "csv").issues.map(formatIssue)).toEqual(["the file is empty"]);
    expect(parseDealers("name,city,province\n", "csv").issues.map(formatIssue)).toEqual(["the file has no rows"]);
  });
});

describe("dealer rules", () => {
  it("a dealer sells something, and a franchise or new-car dealer has brands", () => {
    expect(dealerRuleIssues({ kind: "independent", sellsNew: false, sellsUsed: true, brandCount: 0 })).toEqual([]);
    expect(dealerRuleIssues({ kind: "franchise", sellsNew: true, sellsUsed: true, brandCount: 2 })).toEqual([]);
    expect(dealerRuleIssues({ kind: "independent", sellsNew: false, sellsUsed: false, brandCount: 0 }).map((i) => i.column)).toEqual(["sells_new"]);
    expect(dealerRuleIssues({ kind: "franchise", sellsNew: true, sellsUsed: false, brandCount: 0 })).toEqual([
      { column: "brands", message: "a franchise dealer needs the brands it holds" },
    ]);
    expect(dealerRuleIssues({ kind: "independent", sellsNew: true, sellsUsed: false, brandCount: 0 })).toEqual([
      { column: "brands", message: "a dealer selling new cars needs the brands it sells" },
    ]);
  });
});

describe("the hours text", () => {
  it("reads day ranges, lists, daily, holidays, closed, 24h and split days", () => {
    const hours = parseOpeningHoursText("Mon-Fri 08:00-12:30, 13:30-17:00; sat,sun 9:00–13:00; holidays 24h");
    expect(typeof hours).toBe("object");
    const week = hours as Exclude<typeof hours, string | null>;
    expect(week.wed).toEqual([
      { opens: "08:00", closes: "12:30" },
      { opens: "13:30", closes: "17:00" },
    ]);
    expect(week.sun).toEqual([{ opens: "09:00", closes: "13:00" }]);
    expect(week.holidays).toEqual([{ opens: "00:00", closes: "00:00" }]);
    expect(parseOpeningHoursText("daily 06:00-22:00")).toMatchObject({ mon: [{ opens: "06:00", closes: "22:00" }], sun: [{ opens: "06:00", closes: "22:00" }], holidays: [] });
    expect(parseOpeningHoursText("fri-mon 20:00-02:00")).toMatchObject({ fri: [{ opens: "20:00", closes: "02:00" }], mon: [{ opens: "20:00", closes: "02:00" }], tue: [] });
    expect(parseOpeningHoursText("  ")).toBeNull();
  });

  it("says what is wrong", () => {
    expect(parseOpeningHoursText("mon-fri 08:00-17:00; fri 09:00-12:00")).toBe("fri is given twice");
    expect(parseOpeningHoursText("weekdays 08:00-17:00")).toMatch(/^unknown day "weekdays"/);
    expect(parseOpeningHoursText("mon 08:00-25:00")).toBe(`"08:00-25:00" has a time outside 00:00-23:59`);
    expect(parseOpeningHoursText("mon 08:00-08:00")).toMatch(/opens and closes at the same time/);
    expect(parseOpeningHoursText("08:00-17:00")).toMatch(/needs days then hours/);
  });

  it("writes a week back as the same text", () => {
    const text = "mon-fri 07:30-17:00; sat 08:00-13:00; sun closed; holidays 09:00-13:00";
    const hours = parseOpeningHoursText(text);
    expect(formatOpeningHoursText(hours as Exclude<typeof hours, string | null>)).toBe(text);
  });
});
