// The cost figures, the database half: every figure loaded once a minute per process (a page
// view costs no query), and the import that replaces figures in one transaction. An import bumps
// the catalogue's revision: the version pages and the comparator that show the figures are cached
// under it, in every process.
import { sql } from "drizzle-orm";
import { bumpRevision, cached, invalidate } from "~/lib/cache.server";
import { type Database, db, type Executor } from "~/lib/db.server";
import { costFigures } from "../../../db/schema";
import { type CostFigure, CostFigures, type CostFigureKind, type ImportIssue } from "./cost-figures";

const FIGURES_TTL_MS = 60_000;

async function readFigures(executor: Executor): Promise<CostFigure[]> {
  const rows = await executor.select().from(costFigures).orderBy(costFigures.kind, costFigures.key);
  return rows.map((r) => ({ kind: r.kind as CostFigureKind, key: r.key, value: r.value, unit: r.unit, asOf: r.asOf, source: r.source, sourceUrl: r.sourceUrl, estimate: r.estimate }));
}

/** Every figure, cached for a minute (and dropped at once when an import commits). */
export function loadCostFigures(): Promise<CostFigures> {
  return cached("cost-figures", { ttlMs: FIGURES_TTL_MS, tags: ["catalogue"] }, async () => new CostFigures(await readFigures(db())));
}

interface CostFiguresImportResult {
  issues: ImportIssue[];
  created: string[];
  updated: string[];
  unchanged: string[];
  written: boolean;
}

const label = (f: Pick<CostFigure, "kind" | "key">) => `${f.kind} ${f.key}`;
const same = (a: CostFigure, b: CostFigure) =>
  a.value === b.value && a.unit === b.unit && a.asOf === b.asOf && a.source === b.source && a.sourceUrl === b.sourceUrl && a.estimate === b.estimate;

/** Writes the checked rows in one transaction: a known kind and key is updated, a new one added; figures not in the file stay. */
export async function importCostFigures(database: Database, rows: readonly CostFigure[], options: { dryRun?: boolean } = {}): Promise<CostFiguresImportResult> {
  const rollback = new Error("nothing to write");
  let result: CostFiguresImportResult | undefined;
  try {
    await database.transaction(async (tx) => {
      const stored = new Map((await readFigures(tx)).map((f) => [label(f), f]));
      const created = rows.filter((r) => !stored.has(label(r)));
      const updated = rows.filter((r) => stored.has(label(r)) && !same(stored.get(label(r))!, r));
      const unchanged = rows.filter((r) => stored.has(label(r)) && same(stored.get(label(r))!, r));
      result = { issues: [], created: created.map(label), updated: updated.map(label), unchanged: unchanged.map(label), written: false };
      const changes = [...created, ...updated];
      if (options.dryRun || changes.length === 0) throw rollback;
      await tx
        .insert(costFigures)
        .values(changes.map((r) => ({ ...r, updatedAt: new Date() })))
        .onConflictDoUpdate({
          target: [costFigures.kind, costFigures.key],
          set: {
            value: sql`excluded.value`,
            unit: sql`excluded.unit`,
            asOf: sql`excluded.as_of`,
            source: sql`excluded.source`,
            sourceUrl: sql`excluded.source_url`,
            estimate: sql`excluded.estimate`,
            updatedAt: sql`now()`,
          },
        });
      await bumpRevision(tx, "catalogue");
      result.written = true;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  if (result?.written) invalidate("catalogue");
  return result!;
}
