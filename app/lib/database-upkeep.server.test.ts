import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { brands } from "../../db/schema";
import { useTestDatabase } from "../../tests/setup/database";
import { analyseIfNeverAnalysed, lacksPlannerStatistics, upkeepDatabase } from "./database-upkeep.server";
import { resultRows } from "./db.server";

// The embedded database has no autovacuum: the server analyses it at start when it never was,
// and the nightly job vacuums and analyses it. A PostgreSQL server is left to its own.

const database = useTestDatabase();

/** What the planner believes the brands table holds. */
async function estimatedBrands(): Promise<number> {
  const [row] = resultRows<{ estimate: number }>(await database().db.execute(sql`select reltuples::int as estimate from pg_class where relname = 'brands'`));
  return Number(row!.estimate);
}

describe("database upkeep", () => {
  it("gives a never-analysed embedded database its statistics once, and leaves PostgreSQL to autovacuum", async () => {
    const handle = database();
    await handle.db.insert(brands).values(
      Array.from({ length: 40 }, (_, i) => ({ externalCode: `b${i}`, slug: `brand-${i}`, name: `Brand ${i}`, country: "South Africa", description: "", colour: "#123456" })),
    );
    if (handle.kind === "postgres") {
      expect(await analyseIfNeverAnalysed(handle)).toBe(false);
      expect(await upkeepDatabase(handle)).toEqual({ database: "postgres", vacuumed: false, ms: 0 });
      return;
    }
    expect(await lacksPlannerStatistics(handle)).toBe(true);
    expect(await analyseIfNeverAnalysed(handle)).toBe(true);
    expect(await lacksPlannerStatistics(handle)).toBe(false);
    expect(await estimatedBrands()).toBe(40);
    // Analysed once: a restart does not analyse again.
    expect(await analyseIfNeverAnalysed(handle)).toBe(false);
  });

  it("vacuums and analyses the embedded database in the nightly job", async () => {
    const handle = database();
    if (handle.kind === "postgres") return;
    await handle.db.execute(sql`delete from brands where slug like 'brand-1%'`);
    const outcome = await upkeepDatabase(handle);
    expect(outcome).toMatchObject({ database: "pglite", vacuumed: true });
    expect(await estimatedBrands()).toBe(29);
    const [vacuumed] = resultRows<{ at: string | null }>(await handle.db.execute(sql`select last_vacuum::text as at from pg_stat_user_tables where relname = 'brands'`));
    expect(vacuumed?.at).not.toBeNull();
  });
});
