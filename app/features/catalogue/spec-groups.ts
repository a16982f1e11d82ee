// The grouped specification of a version: one definition shared by the version page and the
// comparator. Pure: rows know how to read, format and rank a value; nothing here touches the
// database or React.
import { formatPrice } from "~/lib/format";
import type { versions } from "../../../db/schema/catalogue";
import type { Drive, EquipmentCategory, Transmission } from "../../../db/schema/vocabulary";
import { equipmentCategories } from "../../../db/schema/vocabulary";
import { driveLabels, fuelLabels, transmissionLabels } from "./types";

export { driveLabels, transmissionLabels };

/** The columns the specification reads (a subset of a versions row). */
export type SpecVersion = Pick<
  typeof versions.$inferSelect,
  | "priceZar"
  | "fuel"
  | "transmission"
  | "gears"
  | "drive"
  | "engineCc"
  | "cylinders"
  | "powerKw"
  | "torqueNm"
  | "accel0To100S"
  | "topSpeedKmh"
  | "consumptionL100km"
  | "electricConsumptionKwh100km"
  | "co2GKm"
  | "batteryKwh"
  | "rangeKm"
  | "lengthMm"
  | "widthMm"
  | "heightMm"
  | "wheelbaseMm"
  | "groundClearanceMm"
  | "bootL"
  | "tankL"
  | "massKg"
  | "towingKg"
  | "seats"
  | "doors"
  | "warrantyYears"
  | "warrantyKm"
  | "servicePlanYears"
  | "servicePlanKm"
  | "equipment"
>;

export type Better = "lower" | "higher" | undefined;

interface SpecRow {
  key: string;
  label: string;
  /** Shown after the value in muted text (not for missing values). */
  unit?: string;
  /** Which way is best, for numeric rows the comparator ranks. */
  better?: Better;
  /** The comparable value; null when the version has none. Infinity means "unlimited". */
  value: (v: SpecVersion) => number | string | null;
  /** Display of a present value, without the unit. */
  format: (value: number | string) => string;
}

interface SpecGroupDefinition {
  key: string;
  title: string;
  rows: SpecRow[];
}

/** What a missing value shows. */
export const MISSING = "–";

const NBSP = "\u00a0";

/** Whole numbers; from 10 000 on, thousands are set apart with a no-break space ("100 000"). */
export function formatInteger(n: number): string {
  if (n === Infinity) return "Unlimited";
  const digits = String(Math.round(Math.abs(n)));
  const grouped = digits.length > 4 ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP) : digits;
  return `${n < 0 ? "-" : ""}${grouped}`;
}

/** A fixed number of decimals with a decimal point ("7.0", "12.4"). */
export const formatDecimal = (digits: number) => (n: number) => n.toFixed(digits);

/** One decimal, dropped when it is zero ("64", "75.5"). */
function formatTrimmed(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** "8-speed automatic", "CVT", "Single-speed automatic". */
export function gearboxLabel(transmission: Transmission, gears: number | null): string {
  const label = transmissionLabels[transmission];
  if (transmission === "cvt" || !gears) return label;
  if (gears === 1) return `Single-speed ${label.toLowerCase()}`;
  return `${gears}-speed ${label.toLowerCase()}`;
}

const asText = (value: number | string) => String(value);
const integer = (value: number | string) => (typeof value === "number" ? formatInteger(value) : value);
const decimal1 = (value: number | string) => (typeof value === "number" ? formatDecimal(1)(value) : value);
const trimmed = (value: number | string) => (typeof value === "number" ? formatTrimmed(value) : value);

function numberRow(key: string, label: string, unit: string | undefined, better: Better, read: (v: SpecVersion) => number | null, format = integer): SpecRow {
  return { key, label, unit, better, value: read, format };
}

export const specGroupDefinitions: SpecGroupDefinition[] = [
  {
    key: "price-warranty",
    title: "Price and warranty",
    rows: [
      numberRow("price", "Price", "ZAR", "lower", (v) => v.priceZar || null, (value) => formatPrice(value)),
      numberRow("warranty-years", "Warranty", "years", "higher", (v) => v.warrantyYears || null),
      // A warranty without a distance limit is unlimited.
      numberRow("warranty-km", "Warranty distance", "km", "higher", (v) => (v.warrantyYears ? (v.warrantyKm ?? Infinity) : null)),
      numberRow("service-plan-years", "Service plan", "years", "higher", (v) => v.servicePlanYears || null),
      numberRow("service-plan-km", "Service plan distance", "km", "higher", (v) => (v.servicePlanYears ? (v.servicePlanKm ?? Infinity) : null)),
    ],
  },
  {
    key: "engine",
    title: "Engine and transmission",
    rows: [
      { key: "fuel", label: "Fuel", value: (v) => fuelLabels[v.fuel], format: asText },
      numberRow("engine-cc", "Engine capacity", "cc", undefined, (v) => v.engineCc),
      numberRow("cylinders", "Cylinders", undefined, undefined, (v) => v.cylinders),
      numberRow("power", "Power", "kW", "higher", (v) => v.powerKw),
      numberRow("torque", "Torque", "Nm", "higher", (v) => v.torqueNm),
      numberRow("battery", "Battery capacity", "kWh", "higher", (v) => v.batteryKwh, trimmed),
      { key: "transmission", label: "Transmission", value: (v) => gearboxLabel(v.transmission, v.gears), format: asText },
      { key: "drive", label: "Drive", value: (v) => driveLabels[v.drive], format: asText },
    ],
  },
  {
    key: "performance",
    title: "Performance",
    rows: [
      numberRow("accel", "0–100 km/h", "s", "lower", (v) => v.accel0To100S, decimal1),
      numberRow("top-speed", "Top speed", "km/h", "higher", (v) => v.topSpeedKmh),
      numberRow(
        "power-to-weight",
        "Power-to-weight",
        "kW/t",
        "higher",
        (v) => (v.powerKw && v.massKg ? Math.round((v.powerKw / v.massKg) * 10_000) / 10 : null),
        decimal1,
      ),
    ],
  },
  {
    key: "consumption-emissions",
    title: "Consumption and emissions",
    rows: [
      numberRow("consumption", "Fuel consumption (combined)", "l/100 km", "lower", (v) => v.consumptionL100km, decimal1),
      numberRow("electric-consumption", "Electric consumption", "kWh/100 km", "lower", (v) => v.electricConsumptionKwh100km, decimal1),
      numberRow("range", "Electric range", "km", "higher", (v) => v.rangeKm),
      numberRow("co2", "CO₂ emissions", "g/km", "lower", (v) => v.co2GKm),
    ],
  },
  {
    key: "dimensions-capacities",
    title: "Dimensions and capacities",
    rows: [
      numberRow("length", "Length", "mm", undefined, (v) => v.lengthMm),
      numberRow("width", "Width", "mm", undefined, (v) => v.widthMm),
      numberRow("height", "Height", "mm", undefined, (v) => v.heightMm),
      numberRow("wheelbase", "Wheelbase", "mm", undefined, (v) => v.wheelbaseMm),
      numberRow("ground-clearance", "Ground clearance", "mm", "higher", (v) => v.groundClearanceMm),
      numberRow("boot", "Boot capacity", "l", "higher", (v) => v.bootL),
      numberRow("tank", "Fuel tank", "l", "higher", (v) => v.tankL),
      numberRow("mass", "Kerb mass", "kg", "lower", (v) => v.massKg),
      numberRow("towing", "Towing capacity (braked)", "kg", "higher", (v) => v.towingKg),
      numberRow("seats", "Seats", undefined, undefined, (v) => v.seats),
      numberRow("doors", "Doors", undefined, undefined, (v) => v.doors),
    ],
  },
];

const equipmentTitles: Record<EquipmentCategory, string> = {
  safety: "Safety",
  "driver-assistance": "Driver assistance",
  comfort: "Comfort",
  multimedia: "Multimedia",
  exterior: "Exterior",
  interior: "Interior",
};

interface SpecCell {
  /** The comparable value (true/false for equipment); null when missing. */
  value: number | string | boolean | null;
  /** The display text ("–" when missing). */
  text: string;
  /** Unit shown after the text; absent for missing values. */
  unit?: string;
}

export interface ResolvedRow {
  key: string;
  label: string;
  unit?: string;
  better?: Better;
  /** One cell per version, in the order given. */
  cells: SpecCell[];
  /** Indexes of the best cells (only for ranked rows with at least two different values). */
  best: number[];
}

export interface ResolvedGroup {
  key: string;
  title: string;
  kind: "spec" | "equipment";
  rows: ResolvedRow[];
}

/** Indexes of the best numeric values; empty when nothing is ranked, fewer than two values exist or all are equal. */
export function bestIndexes(values: ReadonlyArray<number | string | boolean | null>, better: Better): number[] {
  if (!better) return [];
  const numbers = values.map((v) => (typeof v === "number" && !Number.isNaN(v) ? v : null));
  const present = numbers.filter((v): v is number => v !== null);
  if (present.length < 2) return [];
  const target = better === "lower" ? Math.min(...present) : Math.max(...present);
  if (present.every((v) => v === target)) return [];
  return numbers.flatMap((v, i) => (v === target ? [i] : []));
}

function resolveRow(row: SpecRow, list: readonly SpecVersion[]): ResolvedRow {
  const cells = list.map((v): SpecCell => {
    const value = row.value(v);
    if (value === null || value === "") return { value: null, text: MISSING };
    return { value, text: row.format(value), unit: row.unit };
  });
  return { key: row.key, label: row.label, unit: row.unit, better: row.better, cells, best: bestIndexes(cells.map((c) => c.value), row.better) };
}

/**
 * The specification of one or more versions as groups of rows, each row with one cell per version.
 * Rows no version has a value for are left out, and so are groups left empty. Equipment comes
 * last, one group per category: every item any version has, ticked or not per version.
 */
export function resolveSpecGroups(list: readonly SpecVersion[]): ResolvedGroup[] {
  const groups: ResolvedGroup[] = [];
  for (const definition of specGroupDefinitions) {
    const rows = definition.rows.map((row) => resolveRow(row, list)).filter((row) => row.cells.some((cell) => cell.value !== null));
    if (rows.length > 0) groups.push({ key: definition.key, title: definition.title, kind: "spec", rows });
  }
  for (const category of equipmentCategories) {
    const items: string[] = [];
    const seen = new Set<string>();
    for (const v of list) {
      for (const item of v.equipment[category] ?? []) {
        if (!seen.has(item)) {
          seen.add(item);
          items.push(item);
        }
      }
    }
    if (items.length === 0) continue;
    const rows = items.map((item): ResolvedRow => {
      const cells = list.map((v): SpecCell => {
        const has = (v.equipment[category] ?? []).includes(item);
        return { value: has, text: has ? "Yes" : MISSING };
      });
      return { key: `equipment:${category}:${item}`, label: item, cells, best: [] };
    });
    groups.push({ key: `equipment-${category}`, title: equipmentTitles[category], kind: "equipment", rows });
  }
  return groups;
}

/** "100–150" for a spread, "120" for one value, null when no value is present. */
export function rangeText(values: ReadonlyArray<number | null | undefined>, format: (n: number) => string = formatInteger): string | null {
  const present = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  if (present.length === 0) return null;
  const min = Math.min(...present);
  const max = Math.max(...present);
  const low = format(min);
  const high = format(max);
  return low === high ? low : `${low}–${high}`;
}

type FigureVersion = Pick<SpecVersion, "powerKw" | "accel0To100S" | "consumptionL100km" | "electricConsumptionKwh100km" | "bootL" | "rangeKm">;

interface KeyFigure {
  key: string;
  label: string;
  value: string;
  unit: string;
}

/**
 * The model page's strip: power, 0-100, consumption and boot as ranges across its versions.
 * Consumption is in l/100 km while any version burns fuel, else in kWh/100 km; a model with
 * electric versions also shows their range.
 */
export function keyFigures(list: readonly FigureVersion[]): KeyFigure[] {
  const figures: KeyFigure[] = [];
  const push = (key: string, label: string, value: string | null, unit: string) => {
    if (value !== null) figures.push({ key, label, value, unit });
  };
  push("power", "Power", rangeText(list.map((v) => v.powerKw)), "kW");
  push("accel", "0–100 km/h", rangeText(list.map((v) => v.accel0To100S), formatDecimal(1)), "s");
  const fuel = rangeText(list.map((v) => v.consumptionL100km), formatDecimal(1));
  if (fuel !== null) push("consumption", "Consumption", fuel, "l/100 km");
  else push("consumption", "Consumption", rangeText(list.map((v) => v.electricConsumptionKwh100km), formatDecimal(1)), "kWh/100 km");
  push("boot", "Boot", rangeText(list.map((v) => v.bootL)), "l");
  push("range", "Electric range", rangeText(list.map((v) => v.rangeKm)), "km");
  return figures;
}
