import { sql } from "drizzle-orm";
import { type DatabaseHandle, resultRows } from "./db.server";

// The embedded database (PGlite) runs no autovacuum: nothing ever analysed its tables, so every
// query was planned on PostgreSQL's default guesses (a table of 183 dealers taken for 304, 40
// brands for 290, an index that matches 4,475 ads for one that matches 49). Seen on the dealer
// directory's cards (2026-11-30): a bitmap AND with the whole live-ads index, eight times a page.
// Nor does anything vacuum it: dead rows of updated ads stay until a page is pruned in passing,
// and without a visibility map no index-only scan skips the table. A PostgreSQL server's
// autovacuum does both; the embedded database gets them here.

/** Whether the planner has no statistics on any of the app's tables (a fresh embedded database). */
export async function lacksPlannerStatistics(handle: DatabaseHandle): Promise<boolean> {
  const [row] = resultRows<{ analysed: boolean }>(
    await handle.db.execute(sql`select exists (select 1 from pg_stats where schemaname = 'public') as analysed`),
  );
  return !row?.analysed;
}

/**
 * At start: analyses an embedded database that was never analysed (about a second for the demo
 * data, before the server answers). A PostgreSQL server is left to its autovacuum.
 */
export async function analyseIfNeverAnalysed(handle: DatabaseHandle): Promise<boolean> {
  if (handle.kind !== "pglite" || !(await lacksPlannerStatistics(handle))) return false;
  await handle.db.execute(sql`analyze`);
  return true;
}

/**
 * The daily upkeep job: VACUUM ANALYZE of the embedded database, which holds its one connection
 * for about a second with the demo data (hence at night). Nothing on a PostgreSQL server.
 */
export async function upkeepDatabase(handle: DatabaseHandle): Promise<{ database: DatabaseHandle["kind"]; vacuumed: boolean; ms: number }> {
  if (handle.kind !== "pglite") return { database: handle.kind, vacuumed: false, ms: 0 };
  const started = performance.now();
  // Outside any transaction: VACUUM refuses one, and PGlite runs a query only between them.
  await handle.db.execute(sql`vacuum analyze`);
  return { database: handle.kind, vacuumed: true, ms: Math.round(performance.now() - started) };
}
