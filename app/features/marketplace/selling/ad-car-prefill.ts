import type { AdDrive, BodyType, FuelType, Transmission } from "../../../../db/schema/vocabulary";
import type { StepValues } from "./ad-draft-steps";

// What the catalogue tells about a seller's car once the make, model and year are known: the body
// type (the model's), and the fuel, gearbox and drive of the version named by the variant, else the
// ones every version of the model shares (or most of them). Only blank fields are filled: the
// seller's own choices win. Shared by the server (on save) and the browser (as the seller types).

/** A catalogue version as the posting form needs it. */
export interface CatalogueVersion {
  name: string;
  fuel: FuelType;
  transmission: Transmission;
  drive: AdDrive;
  engineCc: number | null;
  doors: number;
  seats: number;
}

/** A catalogue model with its versions (on sale or not: an older car is often a version off sale). */
export interface CatalogueModel {
  make: string;
  model: string;
  bodyType: BodyType;
  /** The year of the current generation's launch. */
  launchYear: number;
  versions: CatalogueVersion[];
}

export interface CarPrefill {
  bodyType?: BodyType;
  fuel?: FuelType;
  transmission?: Transmission;
  drive?: AdDrive;
  engineCc?: number;
  doors?: number;
  seats?: number;
}

const normal = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/** The most frequent value (the first one met wins a tie), or undefined for an empty list. */
function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined;
  let bestCount = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

/** The value every item shares, or undefined. */
function unanimous<T>(values: readonly T[]): T | undefined {
  return values.length > 0 && values.every((v) => v === values[0]) ? values[0] : undefined;
}

/** The version a variant names ("1.4 Trendline" matches "1.4 Trendline" and "1.4 trendline auto"). */
export function matchVersion(versions: readonly CatalogueVersion[], variant: string): CatalogueVersion | undefined {
  const wanted = normal(variant);
  if (!wanted) return undefined;
  return versions.find((v) => normal(v.name) === wanted) ?? versions.find((v) => normal(v.name).startsWith(wanted));
}

/**
 * The catalogue's facts for a car of this year: nothing before the year is known (the form asks
 * make, model and year first), and nothing for a year before 1950 or after next year.
 */
export function carPrefill(model: CatalogueModel | undefined, car: { variant?: string; year?: string }): CarPrefill {
  if (!model || !/^\d{4}$/.test((car.year ?? "").trim())) return {};
  const version = matchVersion(model.versions, car.variant ?? "");
  const pool = version ? [version] : model.versions;
  return {
    bodyType: model.bodyType,
    fuel: mostCommon(pool.map((v) => v.fuel)),
    transmission: mostCommon(pool.map((v) => v.transmission)),
    drive: mostCommon(pool.map((v) => v.drive)),
    // Engine, doors and seats from the named version, else only where every version agrees.
    engineCc: unanimous(pool.map((v) => v.engineCc)) ?? undefined,
    doors: unanimous(pool.map((v) => v.doors)),
    seats: unanimous(pool.map((v) => v.seats)),
  };
}

/** The car step's values with the blank catalogue fields filled from the prefill. */
export function fillCarBlanks(values: StepValues, prefill: CarPrefill): StepValues {
  const out = { ...values };
  for (const name of ["bodyType", "fuel", "transmission", "drive"] as const) {
    const current = out[name];
    if ((typeof current !== "string" || current === "") && prefill[name]) out[name] = prefill[name];
  }
  return out;
}

/** The condition step's blank engine, doors and seats filled from the named version. */
export function fillConditionBlanks(values: StepValues | undefined, prefill: CarPrefill): StepValues {
  const out = { ...(values ?? {}) };
  for (const name of ["engineCc", "doors", "seats"] as const) {
    const current = out[name];
    if ((typeof current !== "string" || current === "") && prefill[name] !== undefined) out[name] = String(prefill[name]);
  }
  return out;
}
