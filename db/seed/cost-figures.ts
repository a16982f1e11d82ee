// The shipped cost figures (db/seed/data/cost-figures.json: published South African figures with
// their source and month, and Voitura's stated estimates). The seed loads them; a database seeded
// before they existed gets them once at start, so an operator's own import is never overridden.
import { sql } from "drizzle-orm";
import { invalidate } from "~/lib/cache.server";
import { type Executor, resultRows } from "~/lib/db.server";
import { formatIssue, parseCostFigures, type CostFigure } from "~/features/ownership-costs/cost-figures";
import { costFigures } from "../schema";
import shippedFigures from "./data/cost-figures.json";

/** The shipped figures, checked by the import's own rules (a bad edit of the file fails the seed's test). */
export function shippedCostFigures(): CostFigure[] {
  const { rows, issues } = parseCostFigures(JSON.stringify(shippedFigures), "json");
  if (issues.length) throw new Error(`db/seed/data/cost-figures.json: ${issues.map(formatIssue).join("; ")}`);
  return rows;
}

export async function hasNoCostFigures(db: Executor): Promise<boolean> {
  const [row] = resultRows<{ any: boolean }>(await db.execute(sql`select exists (select 1 from cost_figures) as any`));
  return !row?.any;
}

export async function seedCostFigures(db: Executor): Promise<{ figures: number }> {
  const rows = shippedCostFigures();
  await db.insert(costFigures).values(rows);
  invalidate("catalogue");
  return { figures: rows.length };
}
