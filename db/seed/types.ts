import type { BodyType, Drive, Equipment, FuelType } from "../schema";

// Shapes of the hand-written source tables in ./data. The generator turns them into rows.

/** Gearbox code: m = manual, a = automatic, dct = dual-clutch, e1 = single-speed electric drive (EVs and series/dedicated hybrids). */
export type Gearbox = "m5" | "m6" | "a4" | "a5" | "a6" | "a7" | "a8" | "a9" | "a10" | "cvt" | "dct6" | "dct7" | "dct8" | "e1";

export interface Powertrain {
  fuel: FuelType;
  /** Absent for battery-electric cars. */
  cc?: number;
  cylinders?: number;
  kw: number;
  nm: number;
  box: Gearbox;
  /** EV and plug-in hybrid only. */
  batteryKwh?: number;
  /** Claimed electric range; computed from battery and consumption when absent. */
  rangeKm?: number;
  /** Overrides for cars the rule-of-thumb formulas get wrong (limited top speeds, launch control…). */
  topKmh?: number;
  accelS?: number;
}

/** 1 entry, 2 mid, 3 high, 4 flagship, 5 performance: drives the equipment lists and small mass deltas. */
export type Tier = 1 | 2 | 3 | 4 | 5;

interface TrimOptions {
  drive?: Drive;
  seats?: number;
  doors?: number;
  /** Absolute kerb mass when the computed delta is not good enough. */
  massKg?: number;
  topKmh?: number;
  accelS?: number;
  /** Extra equipment specific to this trim (badged packs, off-road kit…). */
  extra?: Equipment;
}

/** [version name, price in rand, powertrain key, tier, options]. */
export type Trim<K extends string = string> = readonly [name: string, priceZar: number, powertrain: K, tier: Tier, options?: TrimOptions];

export interface ModelSource<K extends string = string> {
  name: string;
  body: BodyType;
  segment: string;
  /** YYYY-MM-DD of the South African launch of the current generation. */
  launched: string;
  /** One or two sentences for the model page. */
  about: string;
  /** Length, width, height, wheelbase in mm. */
  size: readonly [number, number, number, number];
  clearanceMm: number;
  /** Boot, or load-bay volume for bakkies and vans, in litres. */
  bootL: number;
  /** Kerb mass of the first trim; the others get computed deltas. */
  massKg: number;
  /** Fuel tank; ignored for battery-electric versions. */
  tankL?: number;
  /** Braked towing capacity; null where the maker does not homologate towing. */
  towKg: number | null;
  seats: number;
  doors: number;
  /** Default drive when the version name does not say (4x4, AWD, xDrive, quattro…). */
  drive?: Drive;
  /** Top-speed ceiling for this body (ladder-frame SUVs, vans). */
  vmaxKmh?: number;
  /** Paint colour of the illustration; picked from the palette when absent. */
  colour?: string;
  /** 0–100; derived from the brand rank and model order when absent. */
  popularity?: number;
  trims: readonly Trim<NoInfer<K>>[];
}

export interface BrandSource<K extends string = string> {
  name: string;
  country: string;
  /** Brand colour for the monogram (hex). */
  colour: string;
  salesRank: number;
  premium?: boolean;
  about: string;
  /** [warranty years, warranty km (null = unlimited), service/maintenance plan years, plan km (null = unlimited)]. */
  warranty: readonly [number, number | null, number | null, number | null];
  /** Name of the driver-assistance suite shown on higher trims. */
  assistSuite?: string;
  /** Electronic top-speed limiter; 250 km/h unless set. */
  topSpeedLimitKmh?: number;
  /** Month (1–12) of the brand's yearly price increase, for the price history. */
  priceMonth: number;
  powertrains: Record<K, Powertrain>;
  models: readonly ModelSource<K>[];
}

/** Identity function that checks every trim names one of the brand's powertrains. */
export function defineBrand<const K extends string>(brand: BrandSource<K>): BrandSource {
  return brand as unknown as BrandSource;
}

// Powertrain constructors keep the tables short: p(1462, 4, 77, 138, "m5").
export const petrol = (cc: number, cylinders: number, kw: number, nm: number, box: Gearbox, extra: Partial<Powertrain> = {}): Powertrain => ({
  fuel: "petrol",
  cc,
  cylinders,
  kw,
  nm,
  box,
  ...extra,
});
export const diesel = (cc: number, cylinders: number, kw: number, nm: number, box: Gearbox, extra: Partial<Powertrain> = {}): Powertrain => ({
  fuel: "diesel",
  cc,
  cylinders,
  kw,
  nm,
  box,
  ...extra,
});
/** Full (self-charging) hybrid; kw and nm are system outputs. */
export const hybrid = (cc: number, cylinders: number, kw: number, nm: number, box: Gearbox, extra: Partial<Powertrain> = {}): Powertrain => ({
  fuel: "hybrid",
  cc,
  cylinders,
  kw,
  nm,
  box,
  ...extra,
});
export const phev = (
  cc: number,
  cylinders: number,
  kw: number,
  nm: number,
  box: Gearbox,
  batteryKwh: number,
  rangeKm?: number,
  extra: Partial<Powertrain> = {},
): Powertrain => ({ fuel: "plug-in-hybrid", cc, cylinders, kw, nm, box, batteryKwh, ...(rangeKm ? { rangeKm } : {}), ...extra });
export const electric = (kw: number, nm: number, batteryKwh: number, rangeKm?: number, extra: Partial<Powertrain> = {}): Powertrain => ({
  fuel: "electric",
  kw,
  nm,
  box: "e1",
  batteryKwh,
  ...(rangeKm ? { rangeKm } : {}),
  ...extra,
});
