import { describe, expect, it } from "vitest";
import { asOfLabel, CostFigures, type CostFigureKind, costFigureKinds, formatIssue, parseCostFigures } from "./cost-figures";

const header = "kind,key,value,unit,as_of,source,source_url,estimate";

describe("a cost figures file", () => {
  it("reads published figures and estimates, each with its month and source", () => {
    const csv = [
      header,
      "fuel,inland:95,22.47,R/l,2026-11,Fuel price adjustment of November 2026,https://example.org/fuel,no",
      "insurance,hatchback,4.5,%,2026-10,Voitura's estimate: insurers quote 4 to 5 % of the value,,yes",
      "licence,gauteng:1250,612,R/year,2026-04,Gauteng licence fees 2026/27,https://example.org/licence,",
    ].join("\n");
    const { rows, issues } = parseCostFigures(csv, "csv");
    expect(issues).toEqual([]);
    expect(rows).toEqual([
      { kind: "fuel", key: "inland:95", value: 22.47, unit: "R/l", asOf: "2026-11", source: "Fuel price adjustment of November 2026", sourceUrl: "https://example.org/fuel", estimate: false },
      { kind: "insurance", key: "hatchback", value: 4.5, unit: "%", asOf: "2026-10", source: "Voitura's estimate: insurers quote 4 to 5 % of the value", sourceUrl: null, estimate: true },
      { kind: "licence", key: "gauteng:1250", value: 612, unit: "R/year", asOf: "2026-04", source: "Gauteng licence fees 2026/27", sourceUrl: "https://example.org/licence", estimate: false },
    ]);
  });

  it("names every problem by row and column, and then gives no rows", () => {
    const csv = [
      header,
      "fuel,inland:98,22.47,R/l,2026-11,x,https://example.org,no",
      "petrol,inland:95,22.47,R/l,2026-11,x,https://example.org,no",
      "fuel,coastal:95,-3,R/kWh,November,x,http://example.org,maybe",
      "licence,gautng:1250,612,R/year,2026-04,x,https://example.org,",
      "maintenance,hatchback,1.2,R/km,2026-04,Published somewhere,,no",
      "fuel,inland:93,21,R/l,2026-11,x,https://example.org,no",
      "fuel,inland:93,21,R/l,2026-11,x,https://example.org,no",
    ].join("\n");
    const { rows, issues } = parseCostFigures(csv, "csv");
    expect(rows).toEqual([]);
    expect(issues.map(formatIssue)).toEqual([
      'row 1: key: "inland:98" is not a key of fuel (one of: inland:93, inland:95, inland:diesel, coastal:93, coastal:95, coastal:diesel)',
      'row 2: kind: "petrol" is not a kind of figure (one of: fuel, electricity, licence, finance-rate, finance-default, insurance, maintenance, depreciation-first-year, depreciation-later-years, load-shedding)',
      'row 3: value: "-3" is not a figure between 0 and 1 000 000',
      'row 3: unit: fuel is in "R/l", not "R/kWh"',
      'row 3: as_of: "November" is not a month written YYYY-MM',
      'row 3: source_url: "http://example.org" is not an https address',
      'row 3: estimate: "maybe" is not yes or no',
      `row 4: key: "gautng:1250": a licence key starts with a province (gauteng, western-cape, kwazulu-natal, eastern-cape, free-state, mpumalanga, limpopo, north-west, northern-cape)`,
      "row 5: source_url: a published figure needs the address it is published at (or mark it an estimate)",
      'row 7: key: fuel "inland:93" appears twice',
    ]);
  });

  it("reads the same figures from JSON", () => {
    const json = JSON.stringify([{ kind: "finance-rate", key: "prime", value: 10.5, unit: "%", as_of: "2026-09", source: "SARB", source_url: "https://example.org/sarb", estimate: false }]);
    expect(parseCostFigures(json, "json").rows).toEqual([{ kind: "finance-rate", key: "prime", value: 10.5, unit: "%", asOf: "2026-09", source: "SARB", sourceUrl: "https://example.org/sarb", estimate: false }]);
  });
});

describe("looking figures up", () => {
  const licence = (key: string, value: number) => ({ kind: "licence" as const, key, value, unit: "R/year", asOf: "2026-04", source: "s", sourceUrl: "https://example.org", estimate: false });
  const figures = new CostFigures([licence("gauteng:1000", 480), licence("gauteng:1250", 612), licence("gauteng:any", 1500), licence("western-cape:1250", 590)]);

  it("finds a licence fee by the smallest band that holds the tare mass", () => {
    expect(figures.licence("gauteng", 950)?.value).toBe(480);
    expect(figures.licence("gauteng", 1000)?.value).toBe(480);
    expect(figures.licence("gauteng", 1001)?.value).toBe(612);
    expect(figures.licence("gauteng", 2400)?.value).toBe(1500);
    // No open band in the Western Cape's figures: a heavier car has no fee to show.
    expect(figures.licence("western-cape", 1400)).toBeUndefined();
    expect(figures.licence("limpopo", 900)).toBeUndefined();
    expect(figures.licenceProvinces()).toEqual(["gauteng", "western-cape"]);
  });

  it("says the month a figure is as of", () => {
    expect(asOfLabel("2026-11")).toBe("as of November 2026");
  });
});

describe("the shipped figures", () => {
  it("pass the import's checks and hold every figure the tools need (licence fees where published)", async () => {
    const { shippedCostFigures } = await import("../../../db/seed/cost-figures");
    const figures = new CostFigures(shippedCostFigures());
    for (const [kind, { keys }] of Object.entries(costFigureKinds)) {
      for (const key of keys ?? []) expect(figures.get(kind as CostFigureKind, key), `${kind} ${key}`).toBeDefined();
    }
    expect(figures.licenceProvinces().length).toBeGreaterThan(0);
    for (const figure of figures.all) if (!figure.estimate) expect(figure.sourceUrl, `${figure.kind} ${figure.key}`).toMatch(/^https:\/\//);
  });
});
