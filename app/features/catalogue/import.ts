// Catalogue import, the pure half: reading a CSV or JSON file into rows, validating every row
// and the rows against each other. No database here (see import.server.ts). The file format is
// documented in docs/catalogue-import.md; keep the two in step.
import { type FileFormat, formatFromPath, type ImportColumns, type ImportIssue, type RawRecord, readRecords as readFileRecords } from "~/lib/import-file";
import { z } from "~/lib/zod";
import {
  type BodyType,
  type Drive,
  type Equipment,
  type EquipmentCategory,
  type FuelType,
  type Transmission,
  bodyTypes,
  drives,
  equipmentCategories,
  fuelTypes,
  transmissions,
} from "../../../db/schema/catalogue";

export { formatFromPath, type ImportIssue, type RawRecord };

export function formatIssue(issue: ImportIssue): string {
  if (issue.row === undefined) return issue.column ? `${issue.column}: ${issue.message}` : issue.message;
  return issue.column ? `row ${issue.row}, ${issue.column}: ${issue.message}` : `row ${issue.row}: ${issue.message}`;
}

// ---------------------------------------------------------------------------------------------
// Columns

const brandColumns = ["brand_code", "brand_name", "brand_country", "brand_description", "brand_slug", "brand_colour", "brand_logo_path", "brand_sales_rank"] as const;
const modelColumns = [
  "model_code",
  "model_name",
  "body_type",
  "segment",
  "launch_date",
  "model_description",
  "model_slug",
  "model_colour",
  "is_new_arrival",
  "is_electric",
  "is_premium",
  "popularity",
] as const;
const versionColumns = [
  "version_code",
  "version_name",
  "version_slug",
  "price_zar",
  "fuel",
  "transmission",
  "gears",
  "drive",
  "engine_cc",
  "cylinders",
  "power_kw",
  "torque_nm",
  "accel_0_100_s",
  "top_speed_kmh",
  "consumption_l_100km",
  "electric_consumption_kwh_100km",
  "co2_g_km",
  "battery_kwh",
  "range_km",
  "length_mm",
  "width_mm",
  "height_mm",
  "wheelbase_mm",
  "ground_clearance_mm",
  "boot_l",
  "tank_l",
  "mass_kg",
  "towing_kg",
  "seats",
  "doors",
  "warranty_years",
  "warranty_km",
  "service_plan_years",
  "service_plan_km",
  "equipment",
  "on_sale",
] as const;
const allColumns: readonly string[] = [...brandColumns, ...modelColumns, ...versionColumns];

const requiredColumns = [
  "brand_code",
  "brand_name",
  "brand_country",
  "model_code",
  "model_name",
  "body_type",
  "segment",
  "launch_date",
  "version_code",
  "version_name",
  "price_zar",
  "fuel",
  "transmission",
  "drive",
  "power_kw",
  "torque_nm",
  "accel_0_100_s",
  "top_speed_kmh",
  "co2_g_km",
  "length_mm",
  "width_mm",
  "height_mm",
  "wheelbase_mm",
  "boot_l",
  "mass_kg",
  "seats",
  "doors",
  "warranty_years",
] as const;

// ---------------------------------------------------------------------------------------------
// Reading the file

const catalogueFile: ImportColumns = { known: allColumns, required: requiredColumns, docs: "docs/catalogue-import.md", rowNoun: "row" };

/** Reads the text of a file into raw records (cells still as written). File-level problems come back as issues without a row. */
export const readRecords = (text: string, format: FileFormat) => readFileRecords(text, format, catalogueFile);

// ---------------------------------------------------------------------------------------------
// One row

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
/** Empty cell → undefined (required columns say "is required", optional ones keep the stored value). */
const emptyToUndefined = (v: unknown) => (blank(v) ? undefined : trimmed(v));
/** Empty cell → null: "no value" for columns the schema allows to be empty. */
const emptyToNull = (v: unknown) => (v === undefined ? undefined : blank(v) ? null : trimmed(v));

function toNumber(v: unknown): unknown {
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

const requiredError = (message: string) => (issue: { input: unknown }) => (issue.input === undefined ? "is required" : message);

function wholeNumber(min: number, max: number, message = `must be a whole number from ${min} to ${max}`) {
  return z.number({ error: requiredError(message) }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}
function decimal(min: number, max: number, message = `must be a number from ${min} to ${max}`) {
  return z.number({ error: requiredError(message) }).min(min, { error: message }).max(max, { error: message });
}

const requiredWhole = (min: number, max: number, message?: string) => z.preprocess((v) => toNumber(emptyToUndefined(v)), wholeNumber(min, max, message));
const optionalWhole = (min: number, max: number) => z.preprocess((v) => toNumber(emptyToNull(v)), wholeNumber(min, max).nullable().optional());
const requiredDecimal = (min: number, max: number) => z.preprocess((v) => toNumber(emptyToUndefined(v)), decimal(min, max));
const optionalDecimal = (min: number, max: number) => z.preprocess((v) => toNumber(emptyToNull(v)), decimal(min, max).nullable().optional());

const requiredText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string({ error: requiredError("must be text") }).max(max, { error: `must be at most ${max} characters` }));
const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string({ error: "must be text" }).max(max, { error: `must be at most ${max} characters` }).optional());

const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const code = z.preprocess(
  emptyToUndefined,
  z.string({ error: requiredError("must be text") }).regex(CODE, { error: "must be 1 to 100 letters, digits, dots, hyphens or underscores, starting with a letter or digit" }),
);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.preprocess(
  emptyToUndefined,
  z.string({ error: "must be text" }).max(120, { error: "must be at most 120 characters" }).regex(SLUG, { error: "must be lower-case letters and digits joined by single hyphens" }).optional(),
);
const colour = z.preprocess(emptyToUndefined, z.string({ error: "must be text" }).regex(/^#[0-9a-fA-F]{6}$/, { error: "must be a hex colour like #1d4ed8" }).optional());

function oneOf<T extends string>(values: readonly T[]) {
  const message = `must be one of ${values.join(", ")}`;
  return z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.toLowerCase()) : v),
    z.enum(values as unknown as [T, ...T[]], { error: requiredError(message) }),
  );
}

const TRUE = new Set(["true", "yes", "1", "y"]);
const FALSE = new Set(["false", "no", "0", "n"]);
const flag = z.preprocess(
  (v) => {
    const t = emptyToUndefined(v);
    if (typeof t === "string") return TRUE.has(t.toLowerCase()) ? true : FALSE.has(t.toLowerCase()) ? false : t;
    if (t === 1 || t === 0) return t === 1;
    return t;
  },
  z.boolean({ error: "must be true or false (yes/no, 1/0 also work)" }).optional(),
);

const isoDate = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: requiredError("must be a date as YYYY-MM-DD") })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date as YYYY-MM-DD" })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: "must be a date as YYYY-MM-DD",
    }),
);

/**
 * Equipment: in JSON an object of category → list of items; in CSV the notation
 * `safety: ABS; Six airbags | comfort: Climate control` (categories separated by "|",
 * items by ";"). An empty cell means no equipment listed.
 */
export function parseEquipmentCell(value: string): Equipment | string {
  const out: Equipment = {};
  for (const part of value.split("|")) {
    if (part.trim() === "") continue;
    const colon = part.indexOf(":");
    if (colon === -1) return `"${part.trim()}" has no category: write "category: item; item"`;
    const category = part.slice(0, colon).trim().toLowerCase();
    if (!equipmentCategories.includes(category as EquipmentCategory)) return `unknown category "${category}" (use ${equipmentCategories.join(", ")})`;
    const items = part
      .slice(colon + 1)
      .split(";")
      .map((item) => item.trim())
      .filter(Boolean);
    const list = (out[category as EquipmentCategory] ??= []);
    list.push(...items);
  }
  return out;
}

const equipment = z
  .unknown()
  .transform((value, ctx): Equipment | undefined => {
    if (value === undefined) return undefined;
    if (blank(value)) return {};
    let parsed: unknown = value;
    if (typeof value === "string") {
      const text = value.trim();
      if (text.startsWith("{")) {
        try {
          parsed = JSON.parse(text);
        } catch {
          ctx.addIssue({ code: "custom", message: "is not valid JSON" });
          return z.NEVER;
        }
      } else {
        const result = parseEquipmentCell(text);
        if (typeof result === "string") {
          ctx.addIssue({ code: "custom", message: result });
          return z.NEVER;
        }
        return result;
      }
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      ctx.addIssue({ code: "custom", message: "must be an object of category: [items]" });
      return z.NEVER;
    }
    const out: Equipment = {};
    for (const [key, items] of Object.entries(parsed)) {
      if (!equipmentCategories.includes(key as EquipmentCategory)) {
        ctx.addIssue({ code: "custom", message: `unknown category "${key}" (use ${equipmentCategories.join(", ")})` });
        return z.NEVER;
      }
      if (!Array.isArray(items) || items.some((i) => typeof i !== "string" || i.trim() === "")) {
        ctx.addIssue({ code: "custom", message: `${key} must be a list of non-empty texts` });
        return z.NEVER;
      }
      out[key as EquipmentCategory] = items.map((i: string) => i.trim());
    }
    return out;
  })
  .optional();

const PRICE_MESSAGE = "must be a whole number of rand above 0";

const rowSchema = z
  .object({
    brand_code: code,
    brand_name: requiredText(80),
    brand_country: requiredText(60),
    brand_description: optionalText(2000),
    brand_slug: slug,
    brand_colour: colour,
    brand_logo_path: z.preprocess(emptyToNull, z.string().regex(/^\/[\w./-]+\.(svg|png|webp)$/, { error: "must be a path like /brands/toyota.svg" }).nullable().optional()),
    brand_sales_rank: optionalWhole(1, 1000),

    model_code: code,
    model_name: requiredText(80),
    body_type: oneOf(bodyTypes),
    segment: requiredText(60),
    launch_date: isoDate,
    model_description: optionalText(4000),
    model_slug: slug,
    model_colour: colour,
    is_new_arrival: flag,
    is_electric: flag,
    is_premium: flag,
    popularity: z.preprocess((v) => toNumber(emptyToUndefined(v)), wholeNumber(0, 100).optional()),

    version_code: code,
    version_name: requiredText(120),
    version_slug: slug,
    price_zar: requiredWhole(1, Number.MAX_SAFE_INTEGER, PRICE_MESSAGE).refine((v) => v < 100_000_000, { error: "must be below 100 000 000 rand" }),
    fuel: oneOf(fuelTypes),
    transmission: oneOf(transmissions),
    gears: optionalWhole(1, 12),
    drive: oneOf(drives),
    engine_cc: optionalWhole(50, 10_000),
    cylinders: optionalWhole(1, 16),
    power_kw: requiredWhole(1, 2_000),
    torque_nm: requiredWhole(1, 5_000),
    accel_0_100_s: requiredDecimal(1, 60),
    top_speed_kmh: requiredWhole(40, 500),
    consumption_l_100km: optionalDecimal(0, 50),
    electric_consumption_kwh_100km: optionalDecimal(1, 100),
    co2_g_km: requiredWhole(0, 1_000),
    battery_kwh: optionalDecimal(0.1, 300),
    range_km: optionalWhole(1, 2_000),
    length_mm: requiredWhole(1_000, 20_000),
    width_mm: requiredWhole(1_000, 3_000),
    height_mm: requiredWhole(800, 4_000),
    wheelbase_mm: requiredWhole(1_000, 10_000),
    ground_clearance_mm: optionalWhole(50, 600),
    boot_l: requiredWhole(0, 20_000),
    tank_l: optionalWhole(1, 500),
    mass_kg: requiredWhole(300, 10_000),
    towing_kg: optionalWhole(0, 10_000),
    seats: requiredWhole(1, 20),
    doors: requiredWhole(1, 6),
    warranty_years: requiredWhole(0, 20),
    warranty_km: optionalWhole(0, 1_000_000),
    service_plan_years: optionalWhole(0, 20),
    service_plan_km: optionalWhole(0, 1_000_000),
    equipment,
    on_sale: flag,
  })
  .superRefine((row, ctx) => {
    const electric = row.fuel === "electric";
    if (electric && row.consumption_l_100km != null) ctx.addIssue({ code: "custom", path: ["consumption_l_100km"], message: "must be empty for an electric version" });
    if (!electric && row.consumption_l_100km == null && row.fuel !== undefined)
      ctx.addIssue({ code: "custom", path: ["consumption_l_100km"], message: "is required unless the fuel is electric" });
    if ((electric || row.fuel === "plug-in-hybrid") && row.battery_kwh == null)
      ctx.addIssue({ code: "custom", path: ["battery_kwh"], message: "is required for electric and plug-in-hybrid versions" });
    if (electric && row.range_km == null) ctx.addIssue({ code: "custom", path: ["range_km"], message: "is required for electric versions" });
  });

type Parsed = z.output<typeof rowSchema>;

/** A valid row: `undefined` means "not given" (keep the stored value, or the default for a new row); `null` means "no value". */
export interface ImportRow {
  row: number;
  brand: {
    code: string;
    name: string;
    country: string;
    description?: string;
    slug?: string;
    colour?: string;
    logoPath?: string | null;
    salesRank?: number | null;
  };
  model: {
    code: string;
    name: string;
    bodyType: BodyType;
    segment: string;
    launchDate: string;
    description?: string;
    slug?: string;
    colour?: string;
    isNewArrival?: boolean;
    isElectric?: boolean;
    isPremium?: boolean;
    popularity?: number;
  };
  version: {
    code: string;
    name: string;
    slug?: string;
    priceZar: number;
    fuel: FuelType;
    transmission: Transmission;
    drive: Drive;
    powerKw: number;
    torqueNm: number;
    accel0To100S: number;
    topSpeedKmh: number;
    co2GKm: number;
    lengthMm: number;
    widthMm: number;
    heightMm: number;
    wheelbaseMm: number;
    bootL: number;
    massKg: number;
    seats: number;
    doors: number;
    warrantyYears: number;
    gears?: number | null;
    engineCc?: number | null;
    cylinders?: number | null;
    consumptionL100km?: number | null;
    electricConsumptionKwh100km?: number | null;
    batteryKwh?: number | null;
    rangeKm?: number | null;
    groundClearanceMm?: number | null;
    tankL?: number | null;
    towingKg?: number | null;
    warrantyKm?: number | null;
    servicePlanYears?: number | null;
    servicePlanKm?: number | null;
    equipment?: Equipment;
    onSale?: boolean;
  };
}

function toImportRow(row: number, p: Parsed): ImportRow {
  return {
    row,
    brand: {
      code: p.brand_code,
      name: p.brand_name,
      country: p.brand_country,
      description: p.brand_description,
      slug: p.brand_slug,
      colour: p.brand_colour?.toLowerCase(),
      logoPath: p.brand_logo_path,
      salesRank: p.brand_sales_rank,
    },
    model: {
      code: p.model_code,
      name: p.model_name,
      bodyType: p.body_type,
      segment: p.segment,
      launchDate: p.launch_date,
      description: p.model_description,
      slug: p.model_slug,
      colour: p.model_colour?.toLowerCase(),
      isNewArrival: p.is_new_arrival,
      isElectric: p.is_electric,
      isPremium: p.is_premium,
      popularity: p.popularity,
    },
    version: {
      code: p.version_code,
      name: p.version_name,
      slug: p.version_slug,
      priceZar: p.price_zar,
      fuel: p.fuel,
      transmission: p.transmission,
      drive: p.drive,
      powerKw: p.power_kw,
      torqueNm: p.torque_nm,
      accel0To100S: p.accel_0_100_s,
      topSpeedKmh: p.top_speed_kmh,
      co2GKm: p.co2_g_km,
      lengthMm: p.length_mm,
      widthMm: p.width_mm,
      heightMm: p.height_mm,
      wheelbaseMm: p.wheelbase_mm,
      bootL: p.boot_l,
      massKg: p.mass_kg,
      seats: p.seats,
      doors: p.doors,
      warrantyYears: p.warranty_years,
      gears: p.gears,
      engineCc: p.engine_cc,
      cylinders: p.cylinders,
      consumptionL100km: p.consumption_l_100km,
      electricConsumptionKwh100km: p.electric_consumption_kwh_100km,
      batteryKwh: p.battery_kwh,
      rangeKm: p.range_km,
      groundClearanceMm: p.ground_clearance_mm,
      tankL: p.tank_l,
      towingKg: p.towing_kg,
      warrantyKm: p.warranty_km,
      servicePlanYears: p.service_plan_years,
      servicePlanKm: p.service_plan_km,
      equipment: p.equipment,
      onSale: p.on_sale,
    },
  };
}

/** Validates one record; `row` is its 1-based data-row number for the messages. */
export function validateRow(record: RawRecord, row: number): { row?: ImportRow; issues: ImportIssue[] } {
  const result = rowSchema.safeParse(record);
  if (result.success) return { row: toImportRow(row, result.data), issues: [] };
  const issues = result.error.issues.map((issue) => ({ row, column: issue.path[0] === undefined ? undefined : String(issue.path[0]), message: issue.message }));
  // One message per column is enough (a missing number would otherwise also fail its range).
  const seen = new Set<string>();
  return { issues: issues.filter((i) => (seen.has(i.column ?? "") ? false : (seen.add(i.column ?? ""), true))) };
}

// ---------------------------------------------------------------------------------------------
// Rows against each other

const brandFields = { name: "brand_name", country: "brand_country", description: "brand_description", slug: "brand_slug", colour: "brand_colour", logoPath: "brand_logo_path", salesRank: "brand_sales_rank" } as const;
const modelFields = {
  name: "model_name",
  bodyType: "body_type",
  segment: "segment",
  launchDate: "launch_date",
  description: "model_description",
  slug: "model_slug",
  colour: "model_colour",
  isNewArrival: "is_new_arrival",
  isElectric: "is_electric",
  isPremium: "is_premium",
  popularity: "popularity",
} as const;

const show = (v: unknown) => (v === null ? "empty" : typeof v === "string" ? `"${v}"` : String(v));

/** Checks that repeated brands and models agree with their first row, and that version codes and given slugs are unique. */
export function crossRowIssues(rows: readonly ImportRow[]): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const brands = new Map<string, ImportRow>();
  const models = new Map<string, ImportRow>();
  const versions = new Map<string, number>();
  const brandSlugs = new Map<string, ImportRow>();
  const modelSlugs = new Map<string, ImportRow>();
  for (const r of rows) {
    const firstBrand = brands.get(r.brand.code);
    if (!firstBrand) brands.set(r.brand.code, r);
    else {
      for (const [key, column] of Object.entries(brandFields) as [keyof typeof brandFields, string][]) {
        const a = firstBrand.brand[key];
        const b = r.brand[key];
        if (a !== undefined && b !== undefined && a !== b)
          issues.push({ row: r.row, column, message: `brand ${r.brand.code} has ${column} ${show(a)} on row ${firstBrand.row}, here ${show(b)}` });
      }
    }
    const firstModel = models.get(r.model.code);
    if (!firstModel) models.set(r.model.code, r);
    else {
      if (firstModel.brand.code !== r.brand.code)
        issues.push({ row: r.row, column: "brand_code", message: `model ${r.model.code} belongs to brand ${firstModel.brand.code} on row ${firstModel.row}` });
      for (const [key, column] of Object.entries(modelFields) as [keyof typeof modelFields, string][]) {
        const a = firstModel.model[key];
        const b = r.model[key];
        if (a !== undefined && b !== undefined && a !== b)
          issues.push({ row: r.row, column, message: `model ${r.model.code} has ${column} ${show(a)} on row ${firstModel.row}, here ${show(b)}` });
      }
    }
    const earlier = versions.get(r.version.code);
    if (earlier !== undefined) issues.push({ row: r.row, column: "version_code", message: `${r.version.code} is already on row ${earlier}` });
    else versions.set(r.version.code, r.row);
    if (r.brand.slug) {
      const other = brandSlugs.get(r.brand.slug);
      if (other && other.brand.code !== r.brand.code)
        issues.push({ row: r.row, column: "brand_slug", message: `${r.brand.slug} is also the slug of brand ${other.brand.code} on row ${other.row}` });
      else if (!other) brandSlugs.set(r.brand.slug, r);
    }
    if (r.model.slug) {
      const key = `${r.brand.code}\u0000${r.model.slug}`;
      const other = modelSlugs.get(key);
      if (other && other.model.code !== r.model.code)
        issues.push({ row: r.row, column: "model_slug", message: `${r.model.slug} is also the slug of model ${other.model.code} on row ${other.row}` });
      else if (!other) modelSlugs.set(key, r);
    }
  }
  return issues;
}

/** The whole pure pipeline: text → valid rows, or every problem found. */
export function parseCatalogue(text: string, format: FileFormat): { rows: ImportRow[]; issues: ImportIssue[] } {
  const { records, issues } = readRecords(text, format);
  if (issues.length) return { rows: [], issues };
  const rows: ImportRow[] = [];
  const rowIssues: ImportIssue[] = [];
  records.forEach((record, index) => {
    const result = validateRow(record, index + 1);
    if (result.row) rows.push(result.row);
    rowIssues.push(...result.issues);
  });
  rowIssues.push(...crossRowIssues(rows));
  rowIssues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { rows: rowIssues.length ? [] : rows, issues: rowIssues };
}
