// Banner import, the database half: checks the rows' brands against the catalogue, matches each
// row to the stored banner of the same slot and title (case aside), then writes every change in
// one transaction. Any problem, or a dry run, writes nothing. Imported banners are real ones
// (is_demo false); stored banners the file does not name are left as they are.
import { eq } from "drizzle-orm";
import { invalidate } from "~/lib/cache.server";
import type { Database } from "~/lib/db.server";
import { editDistance } from "~/features/search/suggestions";
import { banners, brands } from "../../../db/schema";
import type { BannerImportRow, ImportIssue } from "./import";

interface BannerImportResult {
  issues: ImportIssue[];
  /** "slot: title" of each banner. */
  created: string[];
  updated: string[];
  unchanged: string[];
  written: boolean;
}

type BannerValues = Omit<typeof banners.$inferInsert, "id">;

function valuesOf(row: BannerImportRow): BannerValues {
  return {
    slot: row.slot,
    title: row.title,
    imagePath: row.imagePath,
    imageWidth: row.imageWidth,
    imageHeight: row.imageHeight,
    altText: row.altText,
    linkUrl: row.linkUrl,
    active: row.active,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    weight: row.weight,
    targetBrands: row.targetBrands,
    targetBodyTypes: row.targetBodyTypes,
    targetProvinces: row.targetProvinces,
    isDemo: false,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a instanceof Date ? a.toISOString() : a) === JSON.stringify(b instanceof Date ? b.toISOString() : b);

/** Imports checked rows (parseBanners). All or nothing, in one transaction. */
export async function importBanners(db: Database, rows: readonly BannerImportRow[], options: { dryRun?: boolean } = {}): Promise<BannerImportResult> {
  let result: BannerImportResult | undefined;
  const rollback = new Error("nothing to write");
  try {
    await db.transaction(async (tx) => {
      const [brandRows, stored] = await Promise.all([tx.select({ slug: brands.slug }).from(brands), tx.select().from(banners)]);
      const brandSlugs = new Set(brandRows.map((b) => b.slug));
      const issues: ImportIssue[] = [];
      for (const row of rows)
        for (const slug of row.targetBrands)
          if (!brandSlugs.has(slug)) {
            const guess = brandRows.find((b) => editDistance(slug, b.slug, 2) <= 2);
            issues.push({ row: row.row, column: "target_brands", message: `unknown brand '${slug}'${guess ? ` (did you mean ${guess.slug}?)` : ""}; give the catalogue's brand slugs` });
          }
      const storedByKey = new Map(stored.map((b) => [`${b.slot}\n${b.title.toLowerCase()}`, b]));
      const planned = rows.map((row) => {
        const existing = storedByKey.get(`${row.slot}\n${row.title.toLowerCase()}`);
        const values = valuesOf(row);
        const changed = !existing || Object.entries(values).some(([key, value]) => !same(existing[key as keyof typeof existing], value));
        return { row, values, existing, status: !existing ? ("created" as const) : changed ? ("updated" as const) : ("unchanged" as const) };
      });
      const named = (status: string) => planned.filter((p) => p.status === status).map((p) => `${p.row.slot}: ${p.row.title}`);
      result = { issues, created: named("created"), updated: named("updated"), unchanged: named("unchanged"), written: false };
      const changes = planned.filter((p) => p.status !== "unchanged");
      if (issues.length || options.dryRun || changes.length === 0) throw rollback;
      const inserts = changes.filter((p) => !p.existing).map((p) => p.values);
      if (inserts.length) await tx.insert(banners).values(inserts);
      for (const p of changes) if (p.existing) await tx.update(banners).set(p.values).where(eq(banners.id, p.existing.id));
      result.written = true;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  // The pages' banner list is cached for a minute in each process; this one drops it at once.
  if (result?.written) invalidate("content");
  return result!;
}
