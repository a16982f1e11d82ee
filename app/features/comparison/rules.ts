// The comparator's pure rules: reading the shareable URL, choosing which cars are shown (with
// notices for what was left out), and ranking rows across cars. Ranking reuses spec-groups'
// bestIndexes so the version page and the comparator agree on "best".
import { bestIndexes, type Better, type ResolvedGroup, type ResolvedRow } from "~/features/catalogue/spec-groups";
import { formatPrice } from "~/lib/format";
import { MAX_COMPARED } from "./selection";

export const COMPARATOR_PATH = "/comparateur";
/** More numeric ids than this in one URL are not even looked up (they are named as left out). */
export const MAX_CANDIDATES = 12;
/** Longer parameter values are cut before parsing: nobody shares a 10 kB comparison. */
const MAX_PARAM_LENGTH = 500;
const MAX_SHOWN_VALUES = 5;

interface ComparisonParams {
  /** Numeric ids in the order given, duplicates dropped. */
  ids: number[];
  /** Values that are not version ids, as given (clipped for display). */
  invalid: string[];
  /** True when the value was cut or more invalid values were given than kept. */
  truncated: boolean;
  diff: boolean;
  pickBrand: number | null;
  pickModel: number | null;
  /** Picker values that are not ids. */
  invalidPick: boolean;
}

const clip = (value: string, length = 24) => (value.length > length ? `${value.slice(0, length)}…` : value);

/** A positive id in plain digits (leading zeros allowed), else null. */
export function parseId(value: string | null | undefined): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 ? id : null;
}

/** Reads `versions` (comma-separated, possibly repeated), `diff` and the picker's steps. */
export function parseComparisonParams(params: URLSearchParams): ComparisonParams {
  let raw = params.getAll("versions").join(",");
  let truncated = false;
  if (raw.length > MAX_PARAM_LENGTH) {
    raw = raw.slice(0, MAX_PARAM_LENGTH);
    truncated = true;
  }
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const token of raw.split(",")) {
    const value = token.trim();
    if (!value) continue; // "1,,2" and a trailing comma are harmless
    const id = parseId(value);
    if (id === null) {
      if (invalid.length < MAX_SHOWN_VALUES) invalid.push(clip(value));
      else truncated = true;
    } else if (!ids.includes(id)) {
      ids.push(id);
    }
  }
  const brandValue = params.get("pick_brand");
  const modelValue = params.get("pick_model");
  const pickBrand = parseId(brandValue);
  const pickModel = parseId(modelValue);
  return {
    ids,
    invalid,
    truncated,
    diff: params.get("diff") === "1",
    pickBrand,
    pickModel,
    invalidPick: (Boolean(brandValue) && pickBrand === null) || (Boolean(modelValue) && pickModel === null),
  };
}

/** "Toyota Corolla Cross 1.8 Xi CVT". */
export const carLabel = (car: { brandName: string; modelName: string; name: string }) => `${car.brandName} ${car.modelName} ${car.name}`;

/** What the lookup found for one id. */
export interface CandidateStatus {
  id: number;
  label: string;
  onSale: boolean;
}

interface Selection {
  /** Ids shown, in the URL's order (at most MAX_COMPARED). */
  shown: number[];
  unknown: number[];
  offSale: CandidateStatus[];
  /** Valid cars (or ids never looked up) past the limit. */
  overflow: { id: number; label?: string }[];
}

/**
 * Which ids are shown: known versions on sale, in order, the first MAX_COMPARED of them. `found`
 * holds what the lookup returned for the first MAX_CANDIDATES ids.
 */
export function selectCars(ids: readonly number[], found: ReadonlyMap<number, CandidateStatus>): Selection {
  const selection: Selection = { shown: [], unknown: [], offSale: [], overflow: [] };
  ids.forEach((id, index) => {
    if (index >= MAX_CANDIDATES) {
      selection.overflow.push({ id });
      return;
    }
    const car = found.get(id);
    if (!car) selection.unknown.push(id);
    else if (!car.onSale) selection.offSale.push(car);
    else if (selection.shown.length >= MAX_COMPARED) selection.overflow.push({ id, label: car.label });
    else selection.shown.push(id);
  });
  return selection;
}

/** "a", "a and b", "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function limited(items: readonly string[], more = 0): string {
  const shown = items.slice(0, MAX_SHOWN_VALUES);
  const rest = items.length - shown.length + more;
  return rest > 0 ? `${shown.join(", ")} and ${rest} more` : listText(shown);
}

/** The notices above the comparison, in the order a visitor should read them. */
export function selectionNotices(params: Pick<ComparisonParams, "invalid" | "truncated" | "invalidPick">, selection: Selection): string[] {
  const notices: string[] = [];
  if (params.invalid.length > 0) {
    const values = limited(params.invalid.map((v) => `“${v}”`), params.truncated ? 1 : 0);
    notices.push(
      params.invalid.length === 1 && !params.truncated
        ? `${values} is not a version number and was ignored.`
        : `These values are not version numbers and were ignored: ${values}.`,
    );
  } else if (params.truncated) {
    notices.push("The list of cars was too long; only its beginning was read.");
  }
  if (selection.unknown.length === 1) notices.push(`No car has the number ${selection.unknown[0]}; it was left out.`);
  else if (selection.unknown.length > 1) notices.push(`No cars have the numbers ${limited(selection.unknown.map(String))}; they were left out.`);
  if (selection.offSale.length > 0) {
    const names = limited(selection.offSale.map((c) => c.label));
    notices.push(`${names} ${selection.offSale.length === 1 ? "is" : "are"} no longer on sale and ${selection.offSale.length === 1 ? "was" : "were"} left out.`);
  }
  if (selection.overflow.length > 0) {
    const names = limited(selection.overflow.map((c) => c.label ?? `number ${c.id}`));
    notices.push(`Up to ${MAX_COMPARED} cars can be compared at once: ${names} ${selection.overflow.length === 1 ? "was" : "were"} left out.`);
  }
  if (params.invalidPick) notices.push("The brand or model chosen in the picker is not valid; choose again.");
  return notices;
}

/** `/comparateur?versions=…` with ids in the given order (and `diff=1` when asked). */
export function comparisonUrl(ids: readonly number[], options: { diff?: boolean; extra?: Record<string, string | number> } = {}): string {
  const parts: string[] = [];
  if (ids.length > 0) parts.push(`versions=${ids.join(",")}`);
  if (options.diff && ids.length > 1) parts.push("diff=1");
  for (const [key, value] of Object.entries(options.extra ?? {})) parts.push(`${key}=${encodeURIComponent(String(value))}`);
  return parts.length ? `${COMPARATOR_PATH}?${parts.join("&")}` : COMPARATOR_PATH;
}

/** The canonical address: ids sorted ascending, so every order of the same cars is one page. */
export function canonicalComparisonPath(ids: readonly number[]): string {
  return comparisonUrl([...ids].sort((a, b) => a - b));
}

// ---------------------------------------------------------------------------------------------
// Ranking rows across cars

interface ComparedRow extends ResolvedRow {
  /** Not every car shows the same thing (equipment rows included). */
  differs: boolean;
}

export interface ComparedGroup extends Omit<ResolvedGroup, "rows"> {
  rows: ComparedRow[];
}

/** True when the cells do not all show the same thing; one car (or none) never differs. */
export function rowDiffers(row: Pick<ResolvedRow, "cells">): boolean {
  if (row.cells.length < 2) return false;
  const key = (cell: ResolvedRow["cells"][number]) => `${String(cell.value === null ? null : cell.text)}|${cell.unit ?? ""}`;
  const first = key(row.cells[0]!);
  return row.cells.some((cell) => key(cell) !== first);
}

/** Best indexes of a row of values (ties all marked, missing never best, one value ranks nothing). */
export function bestOf(values: ReadonlyArray<number | string | boolean | null>, better: Better): number[] {
  return bestIndexes(values, better);
}

/** The groups with each row's differences flagged. */
export function compareGroups(groups: readonly ResolvedGroup[]): ComparedGroup[] {
  return groups.map((group) => ({ ...group, rows: group.rows.map((row) => ({ ...row, differs: rowDiffers(row) })) }));
}

/** Only the rows that differ; groups left empty are dropped. */
export function onlyDifferences(groups: readonly ComparedGroup[]): ComparedGroup[] {
  return groups.map((group) => ({ ...group, rows: group.rows.filter((row) => row.differs) })).filter((group) => group.rows.length > 0);
}

/**
 * The comparison table's groups: the spec groups with the cost of ownership (when there is one)
 * after the figures and before the equipment; with `diff`, only the rows that differ, and how many
 * rows that hid.
 */
export function comparisonTableGroups(specs: readonly ResolvedGroup[], costs: ResolvedGroup | null, diff: boolean): { groups: ComparedGroup[]; hiddenRows: number } {
  const at = specs.findIndex((group) => group.kind === "equipment");
  const all = compareGroups(costs === null ? specs : at < 0 ? [...specs, costs] : [...specs.slice(0, at), costs, ...specs.slice(at)]);
  if (!diff) return { groups: all, hiddenRows: 0 };
  const groups = onlyDifferences(all);
  const rowCount = (list: readonly ComparedGroup[]) => list.reduce((n, group) => n + group.rows.length, 0);
  return { groups, hiddenRows: rowCount(all) - rowCount(groups) };
}

// ---------------------------------------------------------------------------------------------
// The key-figures chart

export interface ChartInput {
  priceZar: number;
  powerKw: number;
  accel0To100S: number;
  consumptionL100km: number | null;
  electricConsumptionKwh100km: number | null;
  bootL: number;
}

interface ChartBar {
  value: number | null;
  text: string;
  /** Share of the largest value, 0–1 (0 for a missing value). */
  ratio: number;
  best: boolean;
}

interface ChartFigure {
  key: string;
  label: string;
  unit: string;
  better: "lower" | "higher";
  bars: ChartBar[];
}

interface FigureDefinition {
  key: string;
  label: string;
  unit: string;
  better: "lower" | "higher";
  read: (car: ChartInput) => number | null;
  format: (n: number) => string;
}

const figureDefinitions: FigureDefinition[] = [
  { key: "price", label: "Price", unit: "ZAR", better: "lower", read: (c) => c.priceZar || null, format: (n) => formatPrice(n) },
  { key: "power", label: "Power", unit: "kW", better: "higher", read: (c) => c.powerKw, format: (n) => String(Math.round(n)) },
  { key: "accel", label: "0–100 km/h", unit: "s", better: "lower", read: (c) => c.accel0To100S, format: (n) => n.toFixed(1) },
  { key: "consumption", label: "Fuel consumption", unit: "l/100 km", better: "lower", read: (c) => c.consumptionL100km, format: (n) => n.toFixed(1) },
  { key: "electric-consumption", label: "Electric consumption", unit: "kWh/100 km", better: "lower", read: (c) => c.electricConsumptionKwh100km, format: (n) => n.toFixed(1) },
  { key: "boot", label: "Boot", unit: "l", better: "higher", read: (c) => c.bootL, format: (n) => String(Math.round(n)) },
];

/**
 * Price, power, 0-100, consumption and boot, each bar scaled to the largest value of its figure
 * (so every figure spans the same width), the best per figure marked. Figures no car has are left
 * out; fuel and electric consumption are separate figures because their units differ.
 */
export function chartFigures(cars: readonly ChartInput[]): ChartFigure[] {
  if (cars.length < 2) return [];
  const figures: ChartFigure[] = [];
  for (const definition of figureDefinitions) {
    const values = cars.map((car) => {
      const v = definition.read(car);
      return typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null;
    });
    const present = values.filter((v): v is number => v !== null);
    if (present.length === 0) continue;
    const max = Math.max(...present);
    const best = new Set(bestIndexes(values, definition.better));
    figures.push({
      key: definition.key,
      label: definition.label,
      unit: definition.unit,
      better: definition.better,
      bars: values.map((value, index) => ({
        value,
        text: value === null ? "–" : definition.format(value),
        ratio: value === null ? 0 : value / max,
        best: best.has(index),
      })),
    });
  }
  return figures;
}

const leaderWords: Record<string, string> = {
  price: "Cheapest",
  power: "Most powerful",
  accel: "Quickest to 100 km/h",
  consumption: "Most frugal",
  "electric-consumption": "Most efficient electric",
  boot: "Largest boot",
};

/** One sentence per figure naming its best car(s), for the chart's text alternative. */
export function chartSummary(figures: readonly ChartFigure[], labels: readonly string[]): string {
  const parts = figures.map((figure) => {
    const best = figure.bars.flatMap((bar, index) => (bar.best ? [`${labels[index]} (${bar.text} ${figure.unit})`] : []));
    const lead = leaderWords[figure.key] ?? figure.label;
    return best.length ? `${lead}: ${listText(best)}.` : `${figure.label}: no difference to rank.`;
  });
  return parts.join(" ");
}
