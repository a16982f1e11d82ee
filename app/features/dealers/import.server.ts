// Dealer import, the database half: finds each row's brands in the catalogue, lays the row over
// the stored dealer of the same slug (or the defaults), checks the result, then writes every
// change in one transaction: dealers upserted by slug, their brands replaced where the file gives
// them, the "dealers" revision bumped so every process drops its cached dealer pages. Any problem,
// or a dry run, writes nothing.
import { inArray, sql } from "drizzle-orm";
import { bumpRevision, invalidate } from "~/lib/cache.server";
import type { Database, Transaction } from "~/lib/db.server";
import { editDistance } from "~/features/search/suggestions";
import { brands, dealerBrands, dealers } from "../../../db/schema";
import { type DealerImportRow, type ImportIssue, dealerRuleIssues, lookupKey } from "./import";

type DealerValues = Omit<typeof dealers.$inferInsert, "id" | "createdAt" | "updatedAt">;

interface DealerImportResult {
  /** Problems only the stored data reveals (an unknown brand…); nothing is written when there are any. */
  issues: ImportIssue[];
  created: string[];
  updated: string[];
  unchanged: string[];
  /** False on a dry run, on problems, and when nothing changed. */
  written: boolean;
}

interface Planned {
  row: DealerImportRow;
  values: DealerValues;
  /** The brand ids to store, when the row gives its brands. */
  brandIds?: number[];
  status: "created" | "updated" | "unchanged";
}

const BATCH = 200;
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The defaults of a new dealer (the table's), for what a row leaves out. */
function defaults(row: DealerImportRow): DealerValues {
  return {
    slug: row.slug,
    name: row.name,
    groupName: null,
    kind: "independent",
    sellsNew: false,
    sellsUsed: true,
    streetAddress: "",
    suburb: "",
    city: row.city,
    province: row.province,
    postalCode: "",
    phone: null,
    email: null,
    website: null,
    openingHours: null,
    services: ["sales"],
    onMarketplace: false,
    isDemo: false,
  };
}

/** The given fields of a row (undefined: keep). Imported dealers are real data, never labelled demo. */
function given(row: DealerImportRow): Partial<DealerValues> {
  return {
    name: row.name,
    groupName: row.groupName,
    kind: row.kind,
    sellsNew: row.sellsNew,
    sellsUsed: row.sellsUsed,
    streetAddress: row.streetAddress,
    suburb: row.suburb,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    phone: row.phone,
    email: row.email,
    website: row.website,
    openingHours: row.openingHours,
    services: row.services,
    onMarketplace: row.onMarketplace,
    isDemo: false,
  };
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

async function plan(db: Database | Transaction, rows: readonly DealerImportRow[]): Promise<{ issues: ImportIssue[]; planned: Planned[] }> {
  const issues: ImportIssue[] = [];
  const slugs = rows.map((r) => r.slug);
  const [brandRows, stored, storedBrands] = await Promise.all([
    db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands),
    slugs.length ? db.select().from(dealers).where(inArray(dealers.slug, slugs)) : [],
    slugs.length
      ? db
          .select({ slug: dealers.slug, brandId: dealerBrands.brandId })
          .from(dealerBrands)
          .innerJoin(dealers, sql`${dealers.id} = ${dealerBrands.dealerId}`)
          .where(inArray(dealers.slug, slugs))
      : [],
  ]);
  const brandByKey = new Map<string, number>();
  for (const b of brandRows) {
    brandByKey.set(b.slug, b.id);
    brandByKey.set(lookupKey(b.name), b.id);
  }
  const storedBySlug = new Map(stored.map((d) => [d.slug, d]));
  const storedBrandIds = new Map<string, number[]>();
  for (const { slug, brandId } of storedBrands) storedBrandIds.set(slug, [...(storedBrandIds.get(slug) ?? []), brandId]);

  const planned: Planned[] = [];
  for (const row of rows) {
    let brandIds: number[] | undefined;
    if (row.brands) {
      brandIds = [];
      for (const written of row.brands) {
        const id = brandByKey.get(lookupKey(written));
        if (id !== undefined) {
          if (!brandIds.includes(id)) brandIds.push(id);
          continue;
        }
        const guess = brandRows.find((b) => editDistance(lookupKey(written), b.slug, 2) <= 2);
        issues.push({ row: row.row, column: "brands", message: `unknown brand '${written}'${guess ? ` (did you mean ${guess.name}?)` : ""}` });
      }
    }
    const existing = storedBySlug.get(row.slug);
    const fresh = defaults(row);
    // The stored dealer in the same shape as a new one, so the two compare field by field.
    const base = existing ? (Object.fromEntries(Object.keys(fresh).map((key) => [key, existing[key as keyof typeof existing]])) as DealerValues) : fresh;
    const values = { ...base };
    for (const [key, value] of Object.entries(given(row))) if (value !== undefined) (values as Record<string, unknown>)[key] = value;
    const brandCount = (brandIds ?? storedBrandIds.get(row.slug) ?? []).length;
    for (const problem of dealerRuleIssues({ kind: values.kind!, sellsNew: values.sellsNew!, sellsUsed: values.sellsUsed!, brandCount }))
      if (!(problem.column === "brands" && row.brands && brandIds!.length < row.brands.length)) issues.push({ row: row.row, ...problem });

    const brandsChanged = brandIds !== undefined && canonical([...brandIds].sort()) !== canonical([...(storedBrandIds.get(row.slug) ?? [])].sort());
    const status = !existing ? "created" : brandsChanged || canonical(values) !== canonical(base) ? "updated" : "unchanged";
    planned.push({ row, values, brandIds, status });
  }
  return { issues, planned };
}

/**
 * Imports checked rows (parseDealers). All or nothing: the comparison and the writes run in one
 * transaction, and a problem or a dry run leaves the database as it was.
 */
export async function importDealers(db: Database, rows: readonly DealerImportRow[], options: { dryRun?: boolean } = {}): Promise<DealerImportResult> {
  let result: DealerImportResult | undefined;
  const rollback = new Error("nothing to write");
  try {
    await db.transaction(async (tx) => {
      const { issues, planned } = await plan(tx, rows);
      const slugsOf = (status: Planned["status"]) => planned.filter((p) => p.status === status).map((p) => p.row.slug);
      result = { issues, created: slugsOf("created"), updated: slugsOf("updated"), unchanged: slugsOf("unchanged"), written: false };
      const changed = planned.filter((p) => p.status !== "unchanged");
      if (issues.length || options.dryRun || changed.length === 0) throw rollback;

      const idBySlug = new Map<string, number>();
      for (const chunk of chunks(changed)) {
        const written = await tx
          .insert(dealers)
          .values(chunk.map((p) => p.values))
          .onConflictDoUpdate({
            target: dealers.slug,
            set: {
              ...Object.fromEntries(
                Object.keys(chunk[0]!.values)
                  .filter((key) => key !== "slug")
                  .map((key) => [key, sql.raw(`excluded."${(dealers as unknown as Record<string, { name: string }>)[key]!.name}"`)]),
              ),
              updatedAt: sql`now()`,
            },
          })
          .returning({ id: dealers.id, slug: dealers.slug });
        for (const w of written) idBySlug.set(w.slug, w.id);
      }
      const withBrands = changed.filter((p) => p.brandIds !== undefined);
      for (const chunk of chunks(withBrands)) {
        const ids = chunk.map((p) => idBySlug.get(p.row.slug)!);
        await tx.delete(dealerBrands).where(inArray(dealerBrands.dealerId, ids));
        const links = chunk.flatMap((p) => p.brandIds!.map((brandId) => ({ dealerId: idBySlug.get(p.row.slug)!, brandId })));
        if (links.length) await tx.insert(dealerBrands).values(links);
      }
      await bumpRevision(tx, "dealers");
      result.written = true;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  // This process drops its cached dealer pages at once; others see the revision within seconds.
  if (result?.written) invalidate("dealers");
  return result!;
}
