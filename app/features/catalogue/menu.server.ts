import { asc } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { brands, models } from "../../../db/schema";

export interface MenuBrand {
  id: number;
  slug: string;
  name: string;
  colour: string;
  models: { id: number; slug: string; name: string }[];
}

/** Every brand with its models, alphabetical: the mega-menu and the footer list read it. */
export function brandsWithModels(): Promise<MenuBrand[]> {
  return cached("catalogue:brands-with-models", { ttlMs: 10 * 60_000, tags: ["catalogue"] }, async () => {
    const [brandRows, modelRows] = await Promise.all([
      db().select({ id: brands.id, slug: brands.slug, name: brands.name, colour: brands.colour }).from(brands).orderBy(asc(brands.name)),
      db().select({ id: models.id, slug: models.slug, name: models.name, brandId: models.brandId }).from(models).orderBy(asc(models.name)),
    ]);
    const byBrand = new Map<number, MenuBrand["models"]>();
    for (const m of modelRows) {
      const list = byBrand.get(m.brandId) ?? [];
      list.push({ id: m.id, slug: m.slug, name: m.name });
      byBrand.set(m.brandId, list);
    }
    return brandRows.map((b) => ({ ...b, models: byBrand.get(b.id) ?? [] }));
  });
}
