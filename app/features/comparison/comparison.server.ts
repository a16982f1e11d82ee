// The comparator's reads: the chosen versions in one query, the picker's steps, and the page
// assembled from the URL. Nothing here throws for bad input: every oddity becomes a notice.
import { and, asc, eq, inArray } from "drizzle-orm";
import { brandsWithModels } from "~/features/catalogue/menu.server";
import { specVersionColumns } from "~/features/catalogue/pages.server";
import type { SpecVersion } from "~/features/catalogue/spec-groups";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { readDb } from "~/lib/db-replica.server";
import { brands, models, versions } from "../../../db/schema";
import type { BodyType } from "../../../db/schema/catalogue";
import { popularComparisons, type PopularComparison } from "./popular.server";
import { canonicalComparisonPath, carLabel, type CandidateStatus, MAX_CANDIDATES, parseComparisonParams, selectCars, selectionNotices } from "./rules";

export interface ComparedCar extends SpecVersion {
  id: number;
  slug: string;
  name: string;
  onSale: boolean;
  modelId: number;
  modelSlug: string;
  modelName: string;
  bodyType: BodyType;
  colour: string;
  brandId: number;
  brandSlug: string;
  brandName: string;
}

export { carLabel };

/** The versions with these ids (any order; unknown ids are simply absent), with model and brand. */
export async function comparedCars(ids: readonly number[]): Promise<ComparedCar[]> {
  if (ids.length === 0) return [];
  return readDb()
    .select({
      id: versions.id,
      slug: versions.slug,
      name: versions.name,
      onSale: versions.onSale,
      ...specVersionColumns,
      modelId: models.id,
      modelSlug: models.slug,
      modelName: models.name,
      bodyType: models.bodyType,
      colour: models.colour,
      brandId: brands.id,
      brandSlug: brands.slug,
      brandName: brands.name,
    })
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(inArray(versions.id, [...ids]));
}

export interface PickerVersion {
  id: number;
  name: string;
  priceZar: number;
}

/** A model's versions on sale, cheapest first (the picker's last step; also served as JSON). */
export function modelVersionsOnSale(modelId: number): Promise<PickerVersion[]> {
  return cached(`comparison:model-versions:${modelId}`, { ttlMs: 10 * 60_000, tags: ["catalogue"] }, () =>
    db()
      .select({ id: versions.id, name: versions.name, priceZar: versions.priceZar })
      .from(versions)
      .where(and(eq(versions.modelId, modelId), eq(versions.onSale, true)))
      .orderBy(asc(versions.priceZar), asc(versions.name), asc(versions.id)),
  );
}

export interface PickerState {
  brands: { id: number; name: string }[];
  brandId: number | null;
  /** The chosen brand's models (empty until a brand is chosen). */
  models: { id: number; name: string }[];
  modelId: number | null;
  /** The chosen model's versions on sale (empty until a model is chosen). */
  versions: PickerVersion[];
}

/** The picker as the GET steps left it: a brand, then its model, then that model's versions. */
export async function pickerState(pickBrand: number | null, pickModel: number | null): Promise<{ picker: PickerState; invalid: boolean }> {
  const menu = await brandsWithModels();
  let brand = pickBrand === null ? undefined : menu.find((b) => b.id === pickBrand);
  // A model alone names its brand too.
  if (!brand && pickModel !== null && pickBrand === null) brand = menu.find((b) => b.models.some((m) => m.id === pickModel));
  const model = brand && pickModel !== null ? brand.models.find((m) => m.id === pickModel) : undefined;
  const invalid = (pickBrand !== null && !brand) || (pickModel !== null && !model);
  return {
    invalid,
    picker: {
      brands: menu.map((b) => ({ id: b.id, name: b.name })),
      brandId: brand?.id ?? null,
      models: brand ? brand.models.map((m) => ({ id: m.id, name: m.name })) : [],
      modelId: model?.id ?? null,
      versions: model ? await modelVersionsOnSale(model.id) : [],
    },
  };
}

interface ComparisonPageData {
  cars: ComparedCar[];
  notices: string[];
  /** Sorted ids; the empty page's is the bare path. */
  canonicalPath: string;
  picker: PickerState;
  /** Only on the empty page. */
  popular: PopularComparison[];
}

/** Everything the page shows, from its query string. */
export async function comparisonPage(searchParams: URLSearchParams): Promise<ComparisonPageData> {
  const params = parseComparisonParams(searchParams);
  const candidates = params.ids.slice(0, MAX_CANDIDATES);
  const [rows, { picker, invalid: invalidPick }] = await Promise.all([comparedCars(candidates), pickerState(params.pickBrand, params.pickModel)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = new Map<number, CandidateStatus>(rows.map((row) => [row.id, { id: row.id, label: carLabel(row), onSale: row.onSale }]));
  const selection = selectCars(params.ids, found);
  const cars = selection.shown.map((id) => byId.get(id)!);
  const notices = selectionNotices({ ...params, invalidPick: params.invalidPick || invalidPick }, selection);
  return {
    cars,
    notices,
    canonicalPath: canonicalComparisonPath(cars.map((c) => c.id)),
    picker,
    popular: cars.length === 0 ? await popularComparisons() : [],
  };
}
