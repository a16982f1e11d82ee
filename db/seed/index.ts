import type { Database, Transaction } from "../../app/lib/db.server";
import { bumpRevision, invalidate } from "../../app/lib/cache.server";
import { formatContentIssue } from "../../app/features/editorial/content-import";
import { importContentFromDisk } from "../../app/features/editorial/content-import.server";
import { banners, brands, guideTaxonomies, models, newsCategories, priceHistory, promotions, versions } from "../schema";
import { bannerSeed, guideTaxonomySeed, newsCategorySeed } from "./data/content";
import { seedCostFigures } from "./cost-figures";
import { generateCatalogue } from "./generate";

export { generateCatalogue } from "./generate";
export type { Catalogue } from "./generate";
export { REFERENCE_DATE } from "./dates";

// Multi-row inserts keep the number of round trips low (PGlite pays per statement);
// 200 rows of the widest table stay far below Postgres's 65 535 bind-parameter limit.
const BATCH = 200;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

function lookup(map: Map<string, number>, code: string): number {
  const id = map.get(code);
  if (id === undefined) throw new Error(`Seed: no row inserted for external code ${code}`);
  return id;
}

/**
 * Inserts the demo catalogue and editorial taxonomies in one transaction (expects empty tables),
 * then imports the articles and guides of content/ (under `contentRoot`, the project folder by
 * default; `false` skips them).
 */
export async function seedDatabase(db: Database, options: { contentRoot?: string | false } = {}): Promise<void> {
  const catalogue = generateCatalogue();
  await db.transaction(async (tx: Transaction) => {
    const brandIds = new Map<string, number>();
    for (const chunk of chunks(catalogue.brands)) {
      const rows = await tx.insert(brands).values(chunk).returning({ id: brands.id, code: brands.externalCode });
      for (const row of rows) brandIds.set(row.code, row.id);
    }

    const modelIds = new Map<string, number>();
    for (const chunk of chunks(catalogue.models)) {
      const values = chunk.map(({ brandCode, ...model }) => ({ ...model, brandId: lookup(brandIds, brandCode) }));
      const rows = await tx.insert(models).values(values).returning({ id: models.id, code: models.externalCode });
      for (const row of rows) modelIds.set(row.code, row.id);
    }

    const versionIds = new Map<string, number>();
    for (const chunk of chunks(catalogue.versions)) {
      const values = chunk.map(({ modelCode, ...version }) => ({ ...version, modelId: lookup(modelIds, modelCode) }));
      const rows = await tx.insert(versions).values(values).returning({ id: versions.id, code: versions.externalCode });
      for (const row of rows) versionIds.set(row.code, row.id);
    }

    for (const chunk of chunks(catalogue.priceHistory)) {
      await tx.insert(priceHistory).values(chunk.map(({ versionCode, ...row }) => ({ ...row, versionId: lookup(versionIds, versionCode) })));
    }
    for (const chunk of chunks(catalogue.promotions)) {
      await tx.insert(promotions).values(chunk.map(({ versionCode, ...row }) => ({ ...row, versionId: lookup(versionIds, versionCode) })));
    }

    await tx.insert(newsCategories).values(newsCategorySeed);
    await tx.insert(guideTaxonomies).values(guideTaxonomySeed);
    await tx.insert(banners).values(bannerSeed);
    await seedCostFigures(tx);
    // Other processes (app instances on the same PostgreSQL) drop their cached catalogue reads.
    await bumpRevision(tx, "catalogue");
  });
  // Menus and brand lists may have been cached while the tables were empty.
  invalidate();
  if (options.contentRoot !== false) {
    const result = await importContentFromDisk(db, { rootDir: options.contentRoot });
    if (result.issues.length) throw new Error(`Seed: the content import failed:\n${result.issues.map(formatContentIssue).join("\n")}`);
  }
}
