import { describe, expect, it } from "vitest";
import {
  bestIndexes,
  formatInteger,
  gearboxLabel,
  keyFigures,
  MISSING,
  rangeText,
  resolveSpecGroups,
  specGroupDefinitions,
  type SpecVersion,
} from "./spec-groups";

const petrol: SpecVersion = {
  priceZar: 329_900,
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
  equipment: { safety: ["ABS with EBD", "Side airbags"], comfort: ["Air conditioning"] },
};

const electric: SpecVersion = {
  ...petrol,
  priceZar: 789_900,
  fuel: "electric",
  transmission: "automatic",
  gears: 1,
  engineCc: null,
  cylinders: null,
  powerKw: 150,
  torqueNm: 310,
  accel0To100S: 7.3,
  consumptionL100km: null,
  electricConsumptionKwh100km: 16.8,
  co2GKm: 0,
  batteryKwh: 64,
  rangeKm: 410,
  tankL: null,
  massKg: 1650,
  warrantyKm: null,
  servicePlanYears: null,
  servicePlanKm: null,
  equipment: { safety: ["ABS with EBD", "Curtain airbags"], exterior: ["CCS2 DC fast charging"] },
};

const row = (groups: ReturnType<typeof resolveSpecGroups>, key: string) => groups.flatMap((g) => g.rows).find((r) => r.key === key);

describe("spec group definitions", () => {
  it("cover the groups the pages show, in order, with unique row keys", () => {
    expect(specGroupDefinitions.map((g) => g.key)).toEqual(["price-warranty", "engine", "performance", "consumption-emissions", "dimensions-capacities"]);
    const keys = specGroupDefinitions.flatMap((g) => g.rows.map((r) => r.key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("give a direction to the figures where more or less is better, and none to plain dimensions", () => {
    const better = Object.fromEntries(specGroupDefinitions.flatMap((g) => g.rows.map((r) => [r.key, r.better])));
    expect(better).toMatchObject({ price: "lower", power: "higher", accel: "lower", consumption: "lower", co2: "lower", boot: "higher", range: "higher" });
    expect(better.length).toBeUndefined();
    expect(better.fuel).toBeUndefined();
  });
});

describe("resolveSpecGroups", () => {
  it("formats values with their units, prices in the spec's format", () => {
    const groups = resolveSpecGroups([petrol]);
    expect(row(groups, "price")?.cells[0]).toEqual({ value: 329_900, text: "329.900", unit: "ZAR" });
    expect(row(groups, "accel")?.cells[0]).toMatchObject({ text: "11.0", unit: "s" });
    expect(row(groups, "consumption")?.cells[0]).toMatchObject({ text: "6.4", unit: "l/100 km" });
    expect(row(groups, "warranty-km")?.cells[0]).toMatchObject({ text: "100\u00a0000", unit: "km" });
    expect(row(groups, "transmission")?.cells[0]?.text).toBe("6-speed manual");
    expect(row(groups, "drive")?.cells[0]?.text).toBe("Front-wheel drive");
    expect(row(groups, "power-to-weight")?.cells[0]?.text).toBe("66.7");
  });

  it("hides rows no version has (an EV-only list has no engine size or fuel consumption)", () => {
    const groups = resolveSpecGroups([electric]);
    expect(row(groups, "engine-cc")).toBeUndefined();
    expect(row(groups, "consumption")).toBeUndefined();
    expect(row(groups, "tank")).toBeUndefined();
    expect(row(groups, "service-plan-years")).toBeUndefined();
    expect(row(groups, "battery")?.cells[0]).toMatchObject({ text: "64", unit: "kWh" });
    expect(row(groups, "co2")?.cells[0]?.text).toBe("0");
    // No distance limit on the warranty: unlimited.
    expect(row(groups, "warranty-km")?.cells[0]).toMatchObject({ value: Infinity, text: "Unlimited" });
    // And a petrol-only list has no battery or electric range.
    const petrolGroups = resolveSpecGroups([petrol]);
    expect(row(petrolGroups, "battery")).toBeUndefined();
    expect(row(petrolGroups, "range")).toBeUndefined();
  });

  it("shows '–' without a unit where one version lacks a value the other has", () => {
    const groups = resolveSpecGroups([petrol, electric]);
    expect(row(groups, "consumption")?.cells).toEqual([
      { value: 6.4, text: "6.4", unit: "l/100 km" },
      { value: null, text: MISSING },
    ]);
    expect(row(groups, "engine-cc")?.cells[1]?.text).toBe("–");
  });

  it("marks the best cells of ranked rows, never of unranked or equal ones", () => {
    const groups = resolveSpecGroups([petrol, electric]);
    expect(row(groups, "price")?.best).toEqual([0]);
    expect(row(groups, "power")?.best).toEqual([1]);
    expect(row(groups, "accel")?.best).toEqual([1]);
    expect(row(groups, "warranty-km")?.best).toEqual([1]); // unlimited beats 100 000 km
    expect(row(groups, "boot")?.best).toEqual([]); // equal
    expect(row(groups, "length")?.best).toEqual([]); // no direction
    expect(row(groups, "consumption")?.best).toEqual([]); // only one value
  });

  it("lists equipment by category as the union of every version's items, ticked per version", () => {
    const groups = resolveSpecGroups([petrol, electric]);
    const equipment = groups.filter((g) => g.kind === "equipment");
    expect(equipment.map((g) => g.title)).toEqual(["Safety", "Comfort", "Exterior"]);
    const safety = equipment[0]!;
    expect(safety.rows.map((r) => r.label)).toEqual(["ABS with EBD", "Side airbags", "Curtain airbags"]);
    expect(safety.rows.map((r) => r.cells.map((c) => c.value))).toEqual([
      [true, true],
      [true, false],
      [false, true],
    ]);
    expect(safety.rows[1]?.cells[1]?.text).toBe("–");
  });

  it("returns no groups for no versions", () => {
    expect(resolveSpecGroups([])).toEqual([]);
  });
});

describe("bestIndexes", () => {
  it("finds every index holding the best value", () => {
    expect(bestIndexes([5, 3, 3, null], "lower")).toEqual([1, 2]);
    expect(bestIndexes([5, 3, 7], "higher")).toEqual([2]);
  });
  it("ranks nothing without a direction, with fewer than two values or when all are equal", () => {
    expect(bestIndexes([5, 3], undefined)).toEqual([]);
    expect(bestIndexes([5, null], "lower")).toEqual([]);
    expect(bestIndexes([4, 4], "higher")).toEqual([]);
    expect(bestIndexes(["a", "b"], "higher")).toEqual([]);
  });
});

describe("formatting helpers", () => {
  it("groups only numbers of five digits or more", () => {
    expect(formatInteger(1998)).toBe("1998");
    expect(formatInteger(150_000)).toBe("150\u00a0000");
    expect(formatInteger(Infinity)).toBe("Unlimited");
  });
  it("names gearboxes the way price lists do", () => {
    expect(gearboxLabel("automatic", 8)).toBe("8-speed automatic");
    expect(gearboxLabel("cvt", null)).toBe("CVT");
    expect(gearboxLabel("automatic", 1)).toBe("Single-speed automatic");
    expect(gearboxLabel("dual-clutch", 7)).toBe("7-speed dual-clutch");
  });
  it("writes ranges with an en dash and collapses equal ends", () => {
    expect(rangeText([120, 85, null, 150])).toBe("85–150");
    expect(rangeText([440, 440])).toBe("440");
    expect(rangeText([null, undefined])).toBeNull();
  });
});

describe("keyFigures", () => {
  it("gives power, 0-100, consumption and boot as ranges across versions", () => {
    const figures = keyFigures([petrol, { ...petrol, powerKw: 110, accel0To100S: 9.2, consumptionL100km: 7.1 }]);
    expect(figures.map((f) => [f.key, f.value, f.unit])).toEqual([
      ["power", "85–110", "kW"],
      ["accel", "9.2–11.0", "s"],
      ["consumption", "6.4–7.1", "l/100 km"],
      ["boot", "440", "l"],
    ]);
  });
  it("uses electric consumption and adds the range when no version burns fuel", () => {
    const figures = keyFigures([electric]);
    expect(figures.find((f) => f.key === "consumption")).toMatchObject({ value: "16.8", unit: "kWh/100 km" });
    expect(figures.find((f) => f.key === "range")).toMatchObject({ value: "410", unit: "km" });
  });
});
