import { asc, eq } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { brands, models, versions } from "../../../../db/schema";
import type { BodyType } from "../../../../db/schema/vocabulary";
import { type CarPrefill, type CatalogueModel, type CatalogueVersion, carPrefill } from "./ad-car-prefill";
import { adDriveOf } from "../vocabulary";

// The catalogue as the posting form reads it: makes and models by name (what a seller types,
// any case), and a model's versions for the prefill. Kept in the in-process cache and dropped with
// the catalogue tag when the catalogue changes.

interface MakeEntry {
  brandId: number;
  name: string;
  models: { id: number; name: string; bodyType: BodyType; launchYear: number }[];
}

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

function makesIndex(): Promise<Map<string, MakeEntry>> {
  return cached("marketplace:sell-catalogue", { ttlMs: 10 * 60_000, tags: ["catalogue"] }, async () => {
    const [brandRows, modelRows] = await Promise.all([
      db().select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
      db()
        .select({ id: models.id, name: models.name, brandId: models.brandId, bodyType: models.bodyType, launchDate: models.launchDate })
        .from(models)
        .orderBy(asc(models.name)),
    ]);
    const index = new Map<string, MakeEntry>();
    const byId = new Map<number, MakeEntry>();
    for (const b of brandRows) {
      const entry: MakeEntry = { brandId: b.id, name: b.name, models: [] };
      index.set(key(b.name), entry);
      byId.set(b.id, entry);
    }
    for (const m of modelRows) {
      byId.get(m.brandId)?.models.push({ id: m.id, name: m.name, bodyType: m.bodyType, launchYear: Number(String(m.launchDate).slice(0, 4)) });
    }
    return index;
  });
}

/** Every make of the catalogue, A to Z (the make field's list). */
export async function catalogueMakes(): Promise<string[]> {
  return [...(await makesIndex()).values()].map((m) => m.name);
}

/** The catalogue's models of a make, A to Z; empty for a make it lacks. */
export async function catalogueModelsOf(make: string): Promise<string[]> {
  return (await makesIndex()).get(key(make))?.models.map((m) => m.name) ?? [];
}

interface CatalogueMatch extends CatalogueModel {
  brandId: number;
  modelId: number;
}

/** The catalogue's make and model for these names (any case), with the model's versions. */
export async function findCatalogueModel(make: string, model: string): Promise<CatalogueMatch | undefined> {
  const entry = (await makesIndex()).get(key(make));
  const found = entry?.models.find((m) => key(m.name) === key(model));
  if (!entry || !found) return undefined;
  const list = await cached(`marketplace:sell-versions:${found.id}`, { ttlMs: 10 * 60_000, tags: ["catalogue"] }, async () =>
    (
      await db()
        .select({
          name: versions.name,
          fuel: versions.fuel,
          transmission: versions.transmission,
          drive: versions.drive,
          engineCc: versions.engineCc,
          doors: versions.doors,
          seats: versions.seats,
        })
        .from(versions)
        .where(eq(versions.modelId, found.id))
        .orderBy(asc(versions.priceZar), asc(versions.name))
    ).map((v): CatalogueVersion => ({ ...v, drive: adDriveOf(v.drive) })),
  );
  return { brandId: entry.brandId, modelId: found.id, make: entry.name, model: found.name, bodyType: found.bodyType, launchYear: found.launchYear, versions: list };
}

interface SellCatalogueAnswer {
  /** The make's models (the model field's list). */
  models: string[];
  /** The model's version names (the variant field's list). */
  variants: string[];
  /** What the catalogue fills in for this make, model, variant and year. */
  prefill: CarPrefill;
}

const PARAM_MAX = 80;

/** GET /poster-une-annonce/catalogue.json?make=&model=&variant=&year= (the car step in the browser). */
export async function sellCatalogueAnswer(params: URLSearchParams): Promise<SellCatalogueAnswer> {
  const read = (name: string) => (params.get(name) ?? "").slice(0, PARAM_MAX);
  const [models, match] = await Promise.all([catalogueModelsOf(read("make")), findCatalogueModel(read("make"), read("model"))]);
  return { models, variants: match?.versions.map((v) => v.name) ?? [], prefill: carPrefill(match, { variant: read("variant"), year: read("year") }) };
}
