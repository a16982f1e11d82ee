// The published figures (and Voitura's stated estimates) that the cost tools rest on, as data:
// one row per figure, with its unit, the month it is "as of", its source and whether it is an
// estimate. Rows come from db/seed/data/cost-figures.json with the seed and from
// `npm run costs:import -- FILE` (docs/cost-figures.md); this module reads and checks them, with no
// database. A figure's key names what it is for: "inland:95" (a fuel zone and grade),
// "gauteng:1250" (a province and a tare mass band's upper bound), "hatchback" (a body type).
import { type FileFormat, formatFromPath, formatIssue, type ImportIssue, readRecords } from "~/lib/import-file";
import { provinces } from "~/lib/places";
import { bodyTypes } from "../../../db/schema/vocabulary";

export { formatFromPath, formatIssue, type ImportIssue };

export const fuelZones = ["inland", "coastal"] as const;
export type FuelZone = (typeof fuelZones)[number];
export const fuelGrades = ["93", "95", "diesel"] as const;
export type FuelGrade = (typeof fuelGrades)[number];

/** Each kind of figure: its unit, and which keys it takes. */
export const costFigureKinds = {
  /** Regulated pump price of petrol; diesel is not regulated at the pump, so its 50 ppm wholesale price. */
  fuel: { unit: "R/l", keys: fuelZones.flatMap((zone) => fuelGrades.map((grade) => `${zone}:${grade}`)) },
  /** Electricity per kWh including VAT: a home tariff, and public DC fast charging. */
  electricity: { unit: "R/kWh", keys: ["home", "public-dc"] },
  /** The yearly licence disc of a light motor vehicle by province and tare mass band (key: province:upper bound in kg). */
  licence: { unit: "R/year", keys: null },
  /** The prime lending rate, and the margin a typical vehicle loan adds to it (an estimate). */
  "finance-rate": { unit: "%", keys: ["prime", "typical-margin"] },
  /** The instalment estimate's stated defaults: deposit and balloon as % of the price, term in months. */
  "finance-default": { unit: "", keys: ["deposit-percent", "balloon-percent", "term-months"] },
  /** Comprehensive insurance a year, as a share (%) of the car's value, by body type (an estimate). */
  insurance: { unit: "%", keys: [...bodyTypes] },
  /** Service and maintenance once no plan covers the car, rand per km, by body type (an estimate). */
  maintenance: { unit: "R/km", keys: [...bodyTypes] },
  /** Share (%) of its value a car loses in its first year and in each later year, by body type. */
  "depreciation-first-year": { unit: "%", keys: [...bodyTypes] },
  "depreciation-later-years": { unit: "%", keys: [...bodyTypes] },
  /** Hours a day without power at each load-shedding stage (key: the stage, 1 to 8). */
  "load-shedding": { unit: "h/day", keys: ["1", "2", "3", "4", "5", "6", "7", "8"] },
} as const satisfies Record<string, { unit: string; keys: readonly string[] | null }>;
export type CostFigureKind = keyof typeof costFigureKinds;
export const costFigureKindNames = Object.keys(costFigureKinds) as CostFigureKind[];

export interface CostFigure {
  kind: CostFigureKind;
  key: string;
  value: number;
  unit: string;
  /** The month the figure holds for, "YYYY-MM". */
  asOf: string;
  source: string;
  /** Where the figure is published; null for Voitura's own estimates. */
  sourceUrl: string | null;
  /** True when no public figure exists and the value is Voitura's estimate (the source says how it is made). */
  estimate: boolean;
}

export const costFigureColumns = ["kind", "key", "value", "unit", "as_of", "source", "source_url", "estimate"] as const;
const requiredColumns = ["kind", "key", "value", "as_of", "source"] as const;

const provinceSlugs = new Set(provinces.map((p) => p.slug));
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" || typeof v === "boolean" ? String(v) : "");

/** Why a key does not fit its kind, or null. */
function keyProblem(kind: CostFigureKind, key: string): string | null {
  const allowed = costFigureKinds[kind].keys;
  if (allowed) return (allowed as readonly string[]).includes(key) ? null : `"${key}" is not a key of ${kind} (one of: ${allowed.join(", ")})`;
  // licence: province:upper bound of the tare mass band in kg ("any" for the band with no upper bound).
  const [province, band] = key.split(":");
  if (!province || !provinceSlugs.has(province)) return `"${key}": a licence key starts with a province (${[...provinceSlugs].join(", ")})`;
  if (band !== "any" && !/^\d{3,5}$/.test(band ?? "")) return `"${key}": a licence key ends with the tare mass band's upper bound in kg, or "any"`;
  return null;
}

/** Reads a figures file (CSV or JSON) into checked rows; any problem means no rows. */
export function parseCostFigures(fileText: string, format: FileFormat): { rows: CostFigure[]; issues: ImportIssue[] } {
  const read = readRecords(fileText, format, { known: costFigureColumns, required: requiredColumns, docs: "docs/cost-figures.md", rowNoun: "figure" });
  if (read.issues.length) return { rows: [], issues: read.issues };
  const issues: ImportIssue[] = [];
  const rows: CostFigure[] = [];
  const seen = new Set<string>();
  read.records.forEach((record, index) => {
    const row = index + 1;
    const problem = (column: string, message: string) => issues.push({ row, column, message });
    for (const column of requiredColumns) if (blank(record[column])) problem(column, "is required");
    const kind = text(record.kind) as CostFigureKind;
    if (record.kind !== undefined && !blank(record.kind) && !costFigureKindNames.includes(kind)) problem("kind", `"${kind}" is not a kind of figure (one of: ${costFigureKindNames.join(", ")})`);
    const key = text(record.key).toLowerCase();
    if (costFigureKindNames.includes(kind) && key) {
      const keyIssue = keyProblem(kind, key);
      if (keyIssue) problem("key", keyIssue);
      if (seen.has(`${kind}|${key}`)) problem("key", `${kind} "${key}" appears twice`);
      seen.add(`${kind}|${key}`);
    }
    const value = typeof record.value === "number" ? record.value : Number(text(record.value).replace(",", "."));
    if (!blank(record.value) && (!Number.isFinite(value) || value < 0 || value > 1_000_000)) problem("value", `"${text(record.value)}" is not a figure between 0 and 1 000 000`);
    const unit = text(record.unit);
    if (costFigureKindNames.includes(kind) && unit && unit !== costFigureKinds[kind].unit) problem("unit", `${kind} is in "${costFigureKinds[kind].unit}", not "${unit}"`);
    const asOf = text(record.as_of);
    if (asOf && !/^(20\d\d)-(0[1-9]|1[0-2])$/.test(asOf)) problem("as_of", `"${asOf}" is not a month written YYYY-MM`);
    const source = text(record.source);
    if (source.length > 300) problem("source", "at most 300 characters");
    const sourceUrl = text(record.source_url);
    if (sourceUrl && !/^https:\/\/[^\s]+$/.test(sourceUrl)) problem("source_url", `"${sourceUrl}" is not an https address`);
    const estimateText = text(record.estimate).toLowerCase();
    if (estimateText && !["true", "false", "yes", "no", "1", "0"].includes(estimateText)) problem("estimate", `"${estimateText}" is not yes or no`);
    const estimate = ["true", "yes", "1"].includes(estimateText);
    if (!estimate && !sourceUrl && source) problem("source_url", "a published figure needs the address it is published at (or mark it an estimate)");
    if (issues.some((i) => i.row === row)) return;
    rows.push({ kind, key, value, unit: costFigureKinds[kind].unit, asOf, source, sourceUrl: sourceUrl || null, estimate });
  });
  return issues.length ? { rows: [], issues } : { rows, issues };
}

/** The loaded figures, looked up by kind and key. */
export class CostFigures {
  private readonly byKey: Map<string, CostFigure>;
  constructor(readonly all: readonly CostFigure[]) {
    this.byKey = new Map(all.map((f) => [`${f.kind}|${f.key}`, f]));
  }
  get(kind: CostFigureKind, key: string): CostFigure | undefined {
    return this.byKey.get(`${kind}|${key}`);
  }
  value(kind: CostFigureKind, key: string): number | undefined {
    return this.get(kind, key)?.value;
  }
  /** The licence fee for a tare mass in a province: the band with the smallest upper bound at or above it. */
  licence(province: string, tareKg: number): CostFigure | undefined {
    const bands = this.all
      .filter((f) => f.kind === "licence" && f.key.startsWith(`${province}:`))
      .map((f) => ({ figure: f, upTo: f.key.endsWith(":any") ? Number.POSITIVE_INFINITY : Number(f.key.split(":")[1]) }))
      .sort((a, b) => a.upTo - b.upTo);
    return bands.find((b) => tareKg <= b.upTo)?.figure;
  }
  /** The provinces with licence fees loaded. */
  licenceProvinces(): string[] {
    return [...new Set(this.all.filter((f) => f.kind === "licence").map((f) => f.key.split(":")[0]!))];
  }
}

/** "as of November 2026" for a figure's month. */
export function asOfLabel(asOf: string): string {
  const [year, month] = asOf.split("-").map(Number);
  return `as of ${new Date(Date.UTC(year!, month! - 1, 1)).toLocaleDateString("en-ZA", { month: "long", year: "numeric", timeZone: "UTC" })}`;
}
