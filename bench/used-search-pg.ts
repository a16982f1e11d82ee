// The used-car search over a real database (PostgreSQL filled by `npm run market:generate`): the
// search index loaded from it, then the representative searches through the page's own data
// function (the index pass with every facet's counts, the keyword from the search vector, the 24
// cards read from the database), repeated. Prints the load time and p50/p95 per search and overall;
// `--check` exits 1 when the overall p95 is over the budget.
//   DATABASE_URL=postgres://… npx tsx bench/used-search-pg.ts [--rounds=12] [--check]
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase, resultRows, setDatabase } from "../app/lib/db.server";
import { parseUsedSearch } from "../app/features/marketplace/search/search-parse";
import { searchIndex, setResultCaching } from "../app/features/marketplace/search/search-index.server";
import { usedSearchPage } from "../app/features/marketplace/search/used-search.server";
import { percentile, representativeSearches } from "./used-search-queries";

export const USED_SEARCH_P95_BUDGET_MS = 50;

const ROUNDS = Number(process.argv.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 12);
const CHECK = process.argv.includes("--check");
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Set DATABASE_URL to a PostgreSQL database filled by `npm run market:generate -- --ads 1000000`.");
  process.exit(2);
}

const handle: DatabaseHandle = await openDatabase({ databaseUrl: url });
setDatabase(handle);
try {
  const [{ live = 0, total = 0 } = {}] = resultRows<{ live: number; total: number }>(
    await handle.db.execute(sql`select count(*) filter (where status = 'published')::int as live, count(*)::int as total from used_ads`),
  );
  const loadStart = performance.now();
  await searchIndex();
  const loadMs = performance.now() - loadStart;
  console.log(`${total.toLocaleString("en")} ads (${live.toLocaleString("en")} live); index loaded from the database in ${(loadMs / 1000).toFixed(1)} s; heap ${(process.memoryUsage().heapUsed / 1_048_576).toFixed(0)} MB`);

  // Every search computed (the page's answer cache would serve the repeats); the keyword's ids keep
  // their short cache, as on the site.
  setResultCaching(false);
  const parsed = representativeSearches.map((q) => parseUsedSearch(new URLSearchParams(q)));
  const times: number[][] = parsed.map(() => []);
  const totals: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, search] of parsed.entries()) {
      const start = performance.now();
      const page = await usedSearchPage(search);
      times[i]!.push(performance.now() - start);
      totals[i] = page.total;
    }
  }
  // The first two rounds warm the JIT and the database's buffers up; they are left out (the
  // first round's keyword search, before its short cache, is printed on its own).
  const warm = times.map((t) => t.slice(2));
  console.log("search".padEnd(84), "matches".padStart(9), "first ms".padStart(9), "p50 ms".padStart(8), "p95 ms".padStart(8));
  representativeSearches.forEach((q, i) => {
    console.log(
      (q || "(no filter)").padEnd(84),
      String(totals[i]).padStart(9),
      times[i]![0]!.toFixed(1).padStart(9),
      percentile(warm[i]!, 50).toFixed(1).padStart(8),
      percentile(warm[i]!, 95).toFixed(1).padStart(8),
    );
  });
  const all = warm.flat();
  const p95 = percentile(all, 95);
  const ok = p95 <= USED_SEARCH_P95_BUDGET_MS;
  console.log(`all searches: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget ≤ ${USED_SEARCH_P95_BUDGET_MS} ms: ${ok ? "met" : "MISSED"}), max ${Math.max(...all).toFixed(1)} ms`);
  fs.mkdirSync("bench/out", { recursive: true });
  fs.writeFileSync(
    "bench/out/used-search-pg.json",
    JSON.stringify({ total, live, loadMs: Math.round(loadMs), p50Ms: percentile(all, 50), p95Ms: p95, searches: representativeSearches.map((q, i) => ({ q, matches: totals[i], p95Ms: percentile(warm[i]!, 95) })) }, null, 2),
  );
  process.exitCode = CHECK && !ok ? 1 : 0;
} finally {
  await handle.close();
}
// The index keeps a refresh timer; nothing else should hold the process.
process.exit(process.exitCode ?? 0);
