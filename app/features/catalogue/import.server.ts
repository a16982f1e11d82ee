// Catalogue import, the database half: compares valid rows (import.ts) with the stored catalogue,
// then writes every change in one transaction: brands, models and versions upserted by their
// external code, a price_history row per new price, the "catalogue" revision bumped so other
// processes drop their caches. Any problem → nothing written.
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { bumpRevision, invalidate } from "~/lib/cache.server";
import type { Database, Transaction } from "~/lib/db.server";
import { type Equipment, brands, models, priceHistory, versions } from "../../../db/schema";
import { slugify } from "../../../db/seed/slug";
import type { ImportIssue, ImportRow } from "./import";

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

interface PriceChange {
  code: string;
  name: string;
  from: number;
  to: number;
}

export interface ImportResult {
  /** Problems only the database can reveal (a code already used under another brand…); nothing is written when present. */
  issues: ImportIssue[];
  brands: Counts;
  models: Counts;
  versions: Counts;
  /** Existing versions whose price changed (new versions get their first price recorded too, not listed here). */
  priceChanges: PriceChange[];
  /** False on a dry run, on problems, and when nothing changed. */
  written: boolean;
  /** The catalogue revision after the import (when written). */
  revision?: number;
}

interface ImportOptions {
  dryRun?: boolean;
  /** Effective date of the price history rows (YYYY-MM-DD); today in South Africa by default. */
  today?: string;
  /** Called after each written batch with the number of rows (brands + models + versions) written so far. */
  onProgress?: (done: number, total: number) => void;
}

/** Today's date in South Africa, where the prices apply. */
function todayInSouthAfrica(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

// Colours for new brands and models when the file gives none (same spirit as the seed's palette).
const palette = ["#1d4ed8", "#b91c1c", "#047857", "#7c3aed", "#c2410c", "#0e7490", "#be185d", "#4d7c0f", "#334155", "#a16207"];
function paletteColour(code: string): string {
  let h = 2166136261;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 16777619);
  return palette[(h >>> 0) % palette.length]!;
}

function uniqueSlug(base: string, taken: Set<string>): string {
  const root = base || "item";
  let candidate = root;
  for (let n = 2; taken.has(candidate); n++) candidate = `${root}-${n}`;
  taken.add(candidate);
  return candidate;
}

/** Later rows may give a value an earlier row of the same brand or model left out: take the first given one per field. */
function mergeDefined<T extends object>(parts: T[]): T {
  const out = { ...parts[0]! } as Record<string, unknown>;
  for (const part of parts.slice(1))
    for (const [k, v] of Object.entries(part)) if (out[k] === undefined && v !== undefined) out[k] = v;
  return out as T;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

function differs<T extends Record<string, unknown>>(target: T, existing: Record<string, unknown>): boolean {
  return Object.keys(target).some((k) => canonical(target[k]) !== canonical(existing[k]));
}

/** Fills the given fields over the stored row (undefined = keep). */
function over<T extends Record<string, unknown>>(base: T, given: Partial<T>): T {
  const out = { ...base };
  for (const [k, v] of Object.entries(given)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

type BrandValues = Omit<typeof brands.$inferInsert, "id" | "createdAt" | "updatedAt">;
type ModelValues = Omit<typeof models.$inferInsert, "id" | "createdAt" | "updatedAt" | "brandId">;
type VersionValues = Omit<typeof versions.$inferInsert, "id" | "createdAt" | "updatedAt" | "modelId">;

interface Planned<V> {
  code: string;
  values: V;
  status: "created" | "updated" | "unchanged";
  id?: number;
}

interface Plan {
  issues: ImportIssue[];
  brands: Planned<BrandValues>[];
  models: (Planned<ModelValues> & { brandCode: string })[];
  versions: (Planned<VersionValues> & { modelCode: string; oldPrice?: number })[];
}

async function plan(db: Database | Transaction, rows: readonly ImportRow[]): Promise<Plan> {
  const issues: ImportIssue[] = [];
  const [brandRows, modelRows, versionRows] = await Promise.all([db.select().from(brands), db.select().from(models), db.select().from(versions)]);
  const brandByCode = new Map(brandRows.map((b) => [b.externalCode, b]));
  const brandCodeById = new Map(brandRows.map((b) => [b.id, b.externalCode]));
  const modelByCode = new Map(modelRows.map((m) => [m.externalCode, m]));
  const modelCodeById = new Map(modelRows.map((m) => [m.id, m.externalCode]));
  const versionByCode = new Map(versionRows.map((v) => [v.externalCode, v]));

  const group = <K,>(key: (r: ImportRow) => K) => {
    const map = new Map<K, ImportRow[]>();
    for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
    return map;
  };

  // Brands: slugs unique across the whole catalogue.
  const brandSlugs = new Set(brandRows.map((b) => b.slug));
  const plannedBrands: Plan["brands"] = [];
  for (const [code, group_] of group((r) => r.brand.code)) {
    const given = mergeDefined(group_.map((r) => r.brand));
    const existing = brandByCode.get(code);
    const first = group_[0]!;
    if (given.slug && given.slug !== existing?.slug && brandSlugs.has(given.slug)) {
      issues.push({ row: first.row, column: "brand_slug", message: `${given.slug} is already the slug of another brand` });
    }
    const fields = { name: given.name, country: given.country, description: given.description, slug: given.slug, colour: given.colour, logoPath: given.logoPath, salesRank: given.salesRank };
    if (existing) {
      const values = over({ externalCode: code, slug: existing.slug, name: existing.name, country: existing.country, description: existing.description, colour: existing.colour, logoPath: existing.logoPath, salesRank: existing.salesRank }, fields);
      if (values.slug !== existing.slug) brandSlugs.add(values.slug);
      plannedBrands.push({ code, values, id: existing.id, status: differs(values, existing) ? "updated" : "unchanged" });
    } else {
      const slug = given.slug ?? uniqueSlug(slugify(given.name), brandSlugs);
      brandSlugs.add(slug);
      plannedBrands.push({
        code,
        status: "created",
        values: { externalCode: code, slug, name: given.name, country: given.country, description: given.description ?? "", colour: given.colour ?? paletteColour(code), logoPath: given.logoPath ?? null, salesRank: given.salesRank ?? null },
      });
    }
  }

  // Models: slugs unique within their brand.
  const modelSlugsByBrand = new Map<string, Set<string>>();
  for (const m of modelRows) {
    const brandCode = brandCodeById.get(m.brandId)!;
    modelSlugsByBrand.set(brandCode, (modelSlugsByBrand.get(brandCode) ?? new Set()).add(m.slug));
  }
  const plannedModels: Plan["models"] = [];
  for (const [code, group_] of group((r) => r.model.code)) {
    const given = mergeDefined(group_.map((r) => r.model));
    const first = group_[0]!;
    const brandCode = first.brand.code;
    const existing = modelByCode.get(code);
    const taken = modelSlugsByBrand.get(brandCode) ?? new Set<string>();
    modelSlugsByBrand.set(brandCode, taken);
    if (existing && brandCodeById.get(existing.brandId) !== brandCode) {
      issues.push({ row: first.row, column: "brand_code", message: `model ${code} belongs to brand ${brandCodeById.get(existing.brandId)} in the catalogue` });
      continue;
    }
    if (given.slug && given.slug !== existing?.slug && taken.has(given.slug)) {
      issues.push({ row: first.row, column: "model_slug", message: `${given.slug} is already the slug of another ${first.brand.name} model` });
    }
    const fields = {
      name: given.name,
      bodyType: given.bodyType,
      segment: given.segment,
      launchDate: given.launchDate,
      description: given.description,
      slug: given.slug,
      colour: given.colour,
      isNewArrival: given.isNewArrival,
      isElectric: given.isElectric,
      isPremium: given.isPremium,
      popularity: given.popularity,
    };
    if (existing) {
      const { id: _id, brandId: _b, createdAt: _c, updatedAt: _u, ...stored } = existing;
      const values = over(stored, fields);
      taken.add(values.slug);
      plannedModels.push({ code, brandCode, values, id: existing.id, status: differs(values, existing) ? "updated" : "unchanged" });
    } else {
      const slug = given.slug ?? uniqueSlug(slugify(given.name), taken);
      taken.add(slug);
      plannedModels.push({
        code,
        brandCode,
        status: "created",
        values: {
          externalCode: code,
          slug,
          name: given.name,
          bodyType: given.bodyType,
          segment: given.segment,
          launchDate: given.launchDate,
          description: given.description ?? "",
          colour: given.colour ?? paletteColour(code),
          isNewArrival: given.isNewArrival ?? false,
          isElectric: given.isElectric ?? group_.some((r) => r.version.fuel === "electric"),
          isPremium: given.isPremium ?? false,
          popularity: given.popularity ?? 0,
        },
      });
    }
  }

  // Versions: slugs unique within their model.
  const versionSlugsByModel = new Map<string, Set<string>>();
  for (const v of versionRows) {
    const modelCode = modelCodeById.get(v.modelId)!;
    versionSlugsByModel.set(modelCode, (versionSlugsByModel.get(modelCode) ?? new Set()).add(v.slug));
  }
  const plannedVersions: Plan["versions"] = [];
  for (const r of rows) {
    const { code, slug: givenSlug, ...given } = r.version;
    const existing = versionByCode.get(code);
    const modelCode = r.model.code;
    if (existing && modelCodeById.get(existing.modelId) !== modelCode) {
      issues.push({ row: r.row, column: "model_code", message: `version ${code} belongs to model ${modelCodeById.get(existing.modelId)} in the catalogue` });
      continue;
    }
    const taken = versionSlugsByModel.get(modelCode) ?? new Set<string>();
    versionSlugsByModel.set(modelCode, taken);
    if (existing) {
      const { id: _id, modelId: _m, createdAt: _c, updatedAt: _u, ...stored } = existing;
      const values = over(stored, { ...given, slug: givenSlug } as Partial<typeof stored>);
      plannedVersions.push({
        code,
        modelCode,
        values,
        id: existing.id,
        status: differs(values, existing) ? "updated" : "unchanged",
        oldPrice: existing.priceZar,
      });
    } else {
      const slug = givenSlug ?? uniqueSlug(slugify(given.name), taken);
      taken.add(slug);
      const nullable = <T,>(v: T | null | undefined) => (v === undefined ? null : v);
      plannedVersions.push({
        code,
        modelCode,
        status: "created",
        values: {
          ...given,
          externalCode: code,
          slug,
          gears: nullable(given.gears),
          engineCc: nullable(given.engineCc),
          cylinders: nullable(given.cylinders),
          consumptionL100km: nullable(given.consumptionL100km),
          electricConsumptionKwh100km: nullable(given.electricConsumptionKwh100km),
          batteryKwh: nullable(given.batteryKwh),
          rangeKm: nullable(given.rangeKm),
          groundClearanceMm: nullable(given.groundClearanceMm),
          tankL: nullable(given.tankL),
          towingKg: nullable(given.towingKg),
          warrantyKm: nullable(given.warrantyKm),
          servicePlanYears: nullable(given.servicePlanYears),
          servicePlanKm: nullable(given.servicePlanKm),
          equipment: given.equipment ?? ({} as Equipment),
          onSale: given.onSale ?? true,
        },
      });
    }
  }
  return { issues, brands: plannedBrands, models: plannedModels, versions: plannedVersions };
}

const BATCH = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** `set` for an upsert: every given column takes the inserted value, updated_at moves. */
function excludedSet(table: PgTable, keys: string[]): Record<string, SQL> {
  const columns = (table as unknown as Record<string, { name: string }>);
  const set: Record<string, SQL> = {};
  for (const key of keys) if (key !== "externalCode") set[key] = sql.raw(`excluded."${columns[key]!.name}"`);
  set.updatedAt = sql`now()`;
  return set;
}

function count(items: { status: string }[]): Counts {
  return {
    created: items.filter((i) => i.status === "created").length,
    updated: items.filter((i) => i.status === "updated").length,
    unchanged: items.filter((i) => i.status === "unchanged").length,
  };
}

/**
 * Imports validated rows. All or nothing: the comparison and the writes run in one transaction,
 * and any problem (or a dry run) leaves the database as it was.
 */
export async function importCatalogue(db: Database, rows: readonly ImportRow[], options: ImportOptions = {}): Promise<ImportResult> {
  const today = options.today ?? todayInSouthAfrica();
  let result: ImportResult | undefined;
  const dryRunRollback = new Error("dry run");
  try {
    await db.transaction(async (tx) => {
      const p = await plan(tx, rows);
      const priceChanges: PriceChange[] = p.versions
        .filter((v) => v.status === "updated" && v.oldPrice !== undefined && v.oldPrice !== v.values.priceZar)
        .map((v) => ({ code: v.code, name: v.values.name, from: v.oldPrice!, to: v.values.priceZar }));
      result = { issues: p.issues, brands: count(p.brands), models: count(p.models), versions: count(p.versions), priceChanges, written: false };
      const changed = [...p.brands, ...p.models, ...p.versions].filter((i) => i.status !== "unchanged");
      if (p.issues.length || options.dryRun || changed.length === 0) throw dryRunRollback;

      const total = changed.length;
      let done = 0;
      const progress = (n: number) => {
        done += n;
        options.onProgress?.(done, total);
      };

      const brandIds = new Map(p.brands.filter((b) => b.id !== undefined).map((b) => [b.code, b.id!]));
      for (const chunk of chunks(p.brands.filter((b) => b.status !== "unchanged"))) {
        const values = chunk.map((b) => b.values);
        const written = await tx
          .insert(brands)
          .values(values)
          .onConflictDoUpdate({ target: brands.externalCode, set: excludedSet(brands, Object.keys(values[0]!)) })
          .returning({ id: brands.id, code: brands.externalCode });
        for (const w of written) brandIds.set(w.code, w.id);
        progress(chunk.length);
      }

      const modelIds = new Map(p.models.filter((m) => m.id !== undefined).map((m) => [m.code, m.id!]));
      for (const chunk of chunks(p.models.filter((m) => m.status !== "unchanged"))) {
        const values = chunk.map((m) => ({ ...m.values, brandId: brandIds.get(m.brandCode)! }));
        const written = await tx
          .insert(models)
          .values(values)
          .onConflictDoUpdate({ target: models.externalCode, set: excludedSet(models, Object.keys(values[0]!)) })
          .returning({ id: models.id, code: models.externalCode });
        for (const w of written) modelIds.set(w.code, w.id);
        progress(chunk.length);
      }

      const newPrices: { versionId: number; priceZar: number; effectiveOn: string; source: string }[] = [];
      const priceMoved = new Set(priceChanges.map((c) => c.code));
      for (const chunk of chunks(p.versions.filter((v) => v.status !== "unchanged"))) {
        const values = chunk.map((v) => ({ ...v.values, modelId: modelIds.get(v.modelCode)! }));
        const written = await tx
          .insert(versions)
          .values(values)
          .onConflictDoUpdate({ target: versions.externalCode, set: excludedSet(versions, Object.keys(values[0]!)) })
          .returning({ id: versions.id, code: versions.externalCode, priceZar: versions.priceZar });
        const statusByCode = new Map(chunk.map((v) => [v.code, v.status]));
        for (const w of written) {
          if (statusByCode.get(w.code) === "created" || priceMoved.has(w.code)) newPrices.push({ versionId: w.id, priceZar: w.priceZar, effectiveOn: today, source: "import" });
        }
        progress(chunk.length);
      }
      for (const chunk of chunks(newPrices)) {
        // A second import on the same day replaces that day's import price instead of adding a row.
        await tx.execute(
          sql`delete from price_history where source = 'import' and effective_on = ${today} and version_id in (${sql.join(
            chunk.map((c) => sql`${c.versionId}`),
            sql`, `,
          )})`,
        );
        await tx.insert(priceHistory).values(chunk);
      }
      result.revision = await bumpRevision(tx, "catalogue");
      result.written = true;
    });
  } catch (err) {
    if (err !== dryRunRollback) throw err;
  }
  // This process's own cache is dropped at once; others notice the revision within seconds.
  if (result?.written) invalidate("catalogue");
  return result!;
}
