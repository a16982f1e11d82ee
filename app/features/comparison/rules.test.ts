import { describe, expect, it } from "vitest";
import { resolveSpecGroups, type SpecVersion } from "~/features/catalogue/spec-groups";
import {
  bestOf,
  canonicalComparisonPath,
  chartFigures,
  compareGroups,
  comparisonTableGroups,
  comparisonUrl,
  MAX_CANDIDATES,
  onlyDifferences,
  parseComparisonParams,
  rowDiffers,
  selectCars,
  selectionNotices,
  type CandidateStatus,
} from "./rules";

const params = (query: string) => parseComparisonParams(new URLSearchParams(query));

describe("parseComparisonParams", () => {
  it("keeps the order and drops duplicates", () => {
    expect(params("versions=12,3,12,7,3").ids).toEqual([12, 3, 7]);
  });
  it("reads repeated parameters, empty items and spaces without complaint", () => {
    const p = params("versions=1,,2&versions= 3 ,");
    expect(p.ids).toEqual([1, 2, 3]);
    expect(p.invalid).toEqual([]);
  });
  it("ignores values that are not ids and remembers them for the notice", () => {
    const p = params("versions=abc,-4,0,1.5,5,%E2%9C%93");
    expect(p.ids).toEqual([5]);
    expect(p.invalid).toEqual(["abc", "-4", "0", "1.5", "✓"]);
  });
  it("keeps leading zeros as the same id and refuses ids too long to be real", () => {
    expect(params("versions=007,1234567890").ids).toEqual([7]);
  });
  it("reads only the beginning of a huge value, and names only a few of its bad parts", () => {
    const p = params(`versions=${"junk,".repeat(2000)}`);
    expect(p.ids).toEqual([]);
    expect(p.invalid).toHaveLength(5);
    expect(p.truncated).toBe(true);
  });
  it("keeps every numeric id (the limit of four applies once the cars are known)", () => {
    expect(params("versions=1,2,3,4,5,6").ids).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it("reads the differences switch and the picker's steps", () => {
    expect(params("versions=1&diff=1")).toMatchObject({ diff: true, pickBrand: null, pickModel: null, invalidPick: false });
    expect(params("diff=yes").diff).toBe(false);
    expect(params("pick_brand=7&pick_model=31")).toMatchObject({ pickBrand: 7, pickModel: 31 });
    expect(params("pick_brand=x").invalidPick).toBe(true);
  });
});

describe("selectCars and its notices", () => {
  const found = new Map<number, CandidateStatus>([
    [1, { id: 1, label: "Toyota Corolla Cross 1.8 Xi", onSale: true }],
    [2, { id: 2, label: "Chery Tiggo 4 Pro 1.5", onSale: true }],
    [3, { id: 3, label: "Kia Sonet 1.5 LX", onSale: false }],
    [4, { id: 4, label: "Haval Jolion 1.5T", onSale: true }],
    [5, { id: 5, label: "Suzuki Fronx 1.5 GL", onSale: true }],
    [6, { id: 6, label: "VW T-Cross 1.0 TSI", onSale: true }],
  ]);

  it("shows known cars on sale in order and names what was left out", () => {
    const selection = selectCars([2, 99999, 3, 1], found);
    expect(selection.shown).toEqual([2, 1]);
    expect(selection.unknown).toEqual([99999]);
    expect(selection.offSale.map((c) => c.id)).toEqual([3]);
    expect(selectionNotices({ invalid: [], truncated: false, invalidPick: false }, selection)).toEqual([
      "No car has the number 99999; it was left out.",
      "Kia Sonet 1.5 LX is no longer on sale and was left out.",
    ]);
  });

  it("keeps the first four cars that can be shown", () => {
    const selection = selectCars([3, 1, 2, 4, 5, 6], found);
    expect(selection.shown).toEqual([1, 2, 4, 5]);
    expect(selection.overflow).toEqual([{ id: 6, label: "VW T-Cross 1.0 TSI" }]);
    expect(selectionNotices({ invalid: [], truncated: false, invalidPick: false }, selection)).toContain(
      "Up to 4 cars can be compared at once: VW T-Cross 1.0 TSI was left out.",
    );
  });

  it("does not look up ids past the candidate limit, and names them by number", () => {
    const ids = Array.from({ length: MAX_CANDIDATES + 2 }, (_, i) => 1000 + i);
    const selection = selectCars(ids, new Map());
    expect(selection.unknown).toHaveLength(MAX_CANDIDATES);
    expect(selection.overflow).toEqual([{ id: 1000 + MAX_CANDIDATES }, { id: 1001 + MAX_CANDIDATES }]);
    const notices = selectionNotices({ invalid: [], truncated: false, invalidPick: false }, selection);
    expect(notices[0]).toMatch(/^No cars have the numbers 1000, 1001, 1002, 1003, 1004 and 7 more; they were left out\.$/);
  });

  it("explains ignored values, one or many", () => {
    const none = selectCars([], found);
    expect(selectionNotices({ invalid: ["abc"], truncated: false, invalidPick: false }, none)).toEqual(["“abc” is not a version number and was ignored."]);
    expect(selectionNotices({ invalid: ["a", "b"], truncated: true, invalidPick: false }, none)).toEqual([
      "These values are not version numbers and were ignored: “a”, “b” and 1 more.",
    ]);
  });
});

describe("comparison URLs", () => {
  it("keeps the order for sharing and sorts it for the canonical address", () => {
    expect(comparisonUrl([12, 3, 7])).toBe("/comparateur?versions=12,3,7");
    expect(comparisonUrl([12, 3], { diff: true })).toBe("/comparateur?versions=12,3&diff=1");
    expect(comparisonUrl([12], { diff: true })).toBe("/comparateur?versions=12");
    expect(comparisonUrl([])).toBe("/comparateur");
    expect(canonicalComparisonPath([12, 3, 7])).toBe("/comparateur?versions=3,7,12");
  });
});

const base: SpecVersion = {
  priceZar: 400_000,
  fuel: "petrol",
  transmission: "manual",
  gears: 6,
  drive: "fwd",
  engineCc: 1498,
  cylinders: 4,
  powerKw: 85,
  torqueNm: 145,
  accel0To100S: 11,
  topSpeedKmh: 180,
  consumptionL100km: 6.4,
  electricConsumptionKwh100km: null,
  co2GKm: 152,
  batteryKwh: null,
  rangeKm: null,
  lengthMm: 4460,
  widthMm: 1825,
  heightMm: 1620,
  wheelbaseMm: 2640,
  groundClearanceMm: 161,
  bootL: 440,
  tankL: 47,
  massKg: 1275,
  towingKg: 750,
  seats: 5,
  doors: 5,
  warrantyYears: 3,
  warrantyKm: 100_000,
  servicePlanYears: 4,
  servicePlanKm: 60_000,
  equipment: { safety: ["ABS with EBD", "Side airbags"] },
};

const rowOf = (groups: ReturnType<typeof compareGroups>, key: string) => groups.flatMap((g) => g.rows).find((r) => r.key === key)!;

describe("ranking across cars", () => {
  it("marks the best per direction: lower price and 0-100, higher power and boot", () => {
    const groups = compareGroups(resolveSpecGroups([base, { ...base, priceZar: 350_000, powerKw: 110, accel0To100S: 9.5, bootL: 380 }]));
    expect(rowOf(groups, "price").best).toEqual([1]);
    expect(rowOf(groups, "power").best).toEqual([1]);
    expect(rowOf(groups, "accel").best).toEqual([1]);
    expect(rowOf(groups, "boot").best).toEqual([0]);
  });

  it("marks every car that ties for best, and none when all are equal", () => {
    expect(bestOf([5, 3, 3], "lower")).toEqual([1, 2]);
    expect(bestOf([7, 7, 7], "higher")).toEqual([]);
    const groups = compareGroups(resolveSpecGroups([base, { ...base, powerKw: 110 }, { ...base, powerKw: 110 }]));
    expect(rowOf(groups, "power").best).toEqual([1, 2]);
  });

  it("never makes a missing value best, even when lower is better", () => {
    expect(bestOf([null, 6.4, 7.1], "lower")).toEqual([1]);
    const ev = { ...base, consumptionL100km: null, electricConsumptionKwh100km: 15, fuel: "electric" as const };
    const groups = compareGroups(resolveSpecGroups([base, ev, { ...base, consumptionL100km: 7.1 }]));
    expect(rowOf(groups, "consumption").best).toEqual([0]);
    expect(rowOf(groups, "electric-consumption").best).toEqual([]); // a single value ranks nothing
  });

  it("marks nothing as best, and nothing as different, for a single car", () => {
    const groups = compareGroups(resolveSpecGroups([base]));
    expect(groups.flatMap((g) => g.rows).every((r) => r.best.length === 0 && !r.differs)).toBe(true);
  });

  it("flags rows whose cars differ, equipment included, and keeps only those on request", () => {
    const other = { ...base, powerKw: 110, equipment: { safety: ["ABS with EBD", "Curtain airbags"] } };
    const groups = compareGroups(resolveSpecGroups([base, other]));
    expect(rowOf(groups, "power").differs).toBe(true);
    expect(rowOf(groups, "length").differs).toBe(false);
    expect(rowOf(groups, "equipment:safety:ABS with EBD").differs).toBe(false);
    expect(rowOf(groups, "equipment:safety:Side airbags").differs).toBe(true);
    const diff = onlyDifferences(groups);
    const keys = diff.flatMap((g) => g.rows.map((r) => r.key));
    expect(keys).toContain("power");
    expect(keys).toContain("equipment:safety:Curtain airbags");
    expect(keys).not.toContain("length");
    expect(keys).not.toContain("equipment:safety:ABS with EBD");
    // A group where nothing differs disappears.
    expect(diff.find((g) => g.key === "dimensions-capacities")).toBeUndefined();
  });

  it("puts the cost of ownership before the equipment, and counts the rows that only-differences hides", () => {
    const other = { ...base, powerKw: 110 };
    const specs = resolveSpecGroups([base, other]);
    const costs = {
      key: "cost-of-ownership",
      title: "Cost of ownership",
      kind: "spec" as const,
      rows: [{ key: "cost-total", label: "Total over 5 years", better: "lower" as const, best: [0], cells: [{ value: 900_000, text: "900.000" }, { value: 950_000, text: "950.000" }] }],
    };
    const all = comparisonTableGroups(specs, costs, false);
    const keys = all.groups.map((g) => g.key);
    expect(keys.indexOf("cost-of-ownership")).toBe(keys.findIndex((key, i) => all.groups[i]!.kind === "equipment") - 1);
    expect(all.hiddenRows).toBe(0);
    const diff = comparisonTableGroups(specs, costs, true);
    const shown = diff.groups.flatMap((g) => g.rows.map((r) => r.key));
    // Power (and so power-to-weight) and the total differ; every other row is the same for both
    // cars and is hidden.
    expect(shown).toEqual(["power", "power-to-weight", "cost-total"]);
    const total = all.groups.reduce((n, g) => n + g.rows.length, 0);
    expect(diff.hiddenRows).toBe(total - 3);
    // Without a cost of ownership, the spec groups alone.
    expect(comparisonTableGroups(specs, null, false).groups.map((g) => g.key)).not.toContain("cost-of-ownership");
  });

  it("counts a missing value against a present one as a difference", () => {
    expect(rowDiffers({ cells: [{ value: 1, text: "1" }, { value: null, text: "–" }] })).toBe(true);
    expect(rowDiffers({ cells: [{ value: null, text: "–" }, { value: null, text: "–" }] })).toBe(false);
    expect(rowDiffers({ cells: [{ value: 1, text: "1" }] })).toBe(false);
  });
});

describe("chartFigures", () => {
  const car = { priceZar: 400_000, powerKw: 100, accel0To100S: 10, consumptionL100km: 6, electricConsumptionKwh100km: null, bootL: 400 };
  it("scales each figure to its largest value and marks the best", () => {
    const figures = chartFigures([car, { ...car, priceZar: 320_000, powerKw: 80, bootL: 500 }]);
    expect(figures.map((f) => f.key)).toEqual(["price", "power", "accel", "consumption", "boot"]);
    const price = figures[0]!;
    expect(price.bars.map((b) => [b.text, b.ratio, b.best])).toEqual([
      ["400.000", 1, false],
      ["320.000", 0.8, true],
    ]);
    expect(figures.find((f) => f.key === "accel")!.bars.every((b) => !b.best)).toBe(true); // equal
  });
  it("gives electric consumption its own figure and a missing bar no length", () => {
    const ev = { ...car, consumptionL100km: null, electricConsumptionKwh100km: 16 };
    const figures = chartFigures([car, ev]);
    expect(figures.find((f) => f.key === "consumption")!.bars[1]).toEqual({ value: null, text: "–", ratio: 0, best: false });
    expect(figures.find((f) => f.key === "electric-consumption")!.unit).toBe("kWh/100 km");
  });
  it("draws nothing for fewer than two cars", () => {
    expect(chartFigures([car])).toEqual([]);
  });
});

describe("chartSummary", () => {
  it("names the best car of each figure, and says when a figure ranks nobody", async () => {
    const { chartSummary } = await import("./rules");
    const car = { priceZar: 400_000, powerKw: 100, accel0To100S: 10, consumptionL100km: 6, electricConsumptionKwh100km: null, bootL: 400 };
    const figures = chartFigures([car, { ...car, priceZar: 320_000, powerKw: 100, bootL: 500 }]);
    const text = chartSummary(figures, ["Car A", "Car B"]);
    expect(text).toContain("Cheapest: Car B (320.000 ZAR).");
    expect(text).toContain("Power: no difference to rank.");
    expect(text).toContain("Largest boot: Car B (500 l).");
  });
});
