import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { resultRows } from "../../app/lib/db.server";
import { brands, models, versions } from "../schema";
import { bannerSeed, guideTaxonomySeed, newsCategorySeed } from "./data/content";
import { generateCatalogue } from "./generate";

const database = useTestDatabase({ seed: true });

describe("seedDatabase", () => {
  it("inserts every generated row", async () => {
    const { db } = database();
    const expected = generateCatalogue();
    const rows = resultRows<Record<string, number>>(
      await db.execute(sql`
        select
          (select count(*)::int from brands) as brands,
          (select count(*)::int from models) as models,
          (select count(*)::int from versions) as versions,
          (select count(*)::int from price_history) as price_history,
          (select count(*)::int from promotions) as promotions,
          (select count(*)::int from news_categories) as news_categories,
          (select count(*)::int from guide_taxonomies) as guide_taxonomies,
          (select count(*)::int from banners) as banners`),
    );
    expect(rows[0]).toEqual({
      brands: expected.brands.length,
      models: expected.models.length,
      versions: expected.versions.length,
      price_history: expected.priceHistory.length,
      promotions: expected.promotions.length,
      news_categories: newsCategorySeed.length,
      guide_taxonomies: guideTaxonomySeed.length,
      banners: bannerSeed.length,
    });
  });

  it("links versions to their model and brand by id", async () => {
    const { db } = database();
    const [row] = await db
      .select({ brand: brands.name, model: models.name, version: versions.name, equipment: versions.equipment })
      .from(versions)
      .innerJoin(models, eq(models.id, versions.modelId))
      .innerJoin(brands, eq(brands.id, models.brandId))
      .where(eq(versions.externalCode, "toyota-hilux-double-cab-2-8-gd-6-legend-4x4-auto"));
    expect(row).toMatchObject({ brand: "Toyota", model: "Hilux Double Cab", version: "2.8 GD-6 Legend 4x4 Auto" });
    expect(row?.equipment.safety?.length).toBeGreaterThan(0);
  });
});
