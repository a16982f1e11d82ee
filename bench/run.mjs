// `npm run bench`: throughput and page quality of the production build. See bench/README.md.
//
// For each page (pages.mjs): autocannon against the app, the same against nginx serving the
// page's saved HTML (the ceiling for this machine), then Lighthouse (mobile). Prints a table with
// the budgets (budgets.mjs) and writes bench/out/latest.json. Every step is bounded in time; the
// server, nginx and Chromium are stopped at the end, on failure and on Ctrl-C (processes.mjs).
//
// Options: --no-build  --no-nginx  --no-lighthouse  --duration=10  --connections=50
//          --lighthouse-runs=3  --only=home,contact  --check (exit 1 when a budget is missed)
//          --used-search-db=postgres://… (the used-car search over a database of generated ads)
//          --only=photos (20 photo uploads of 4 MB: time per photo and the server's peak memory)
//          --only=stock-feed (a dealer feed of 2,000 cars and 16,000 photos imported twice: stock-feed.mjs)
//          --only=cluster, or --cluster after the pages (three instances behind nginx: cluster.mjs)
//          --only=memory (crawl, scan and 100 connections: the server's resident memory, memory.mjs)
//          --no-load (Lighthouse alone: no load tests, no nginx ceiling, no search_suggestion latency)
import { budgetChecks } from "./budgets.mjs";
import { measureCluster } from "./cluster.mjs";
import { auditPages, clientJs } from "./lighthouse.mjs";
import { measureLoad, measureSuggestions } from "./load.mjs";
import { machineReference } from "./machine.mjs";
import { nginxBinary } from "./nginx.mjs";
import { DURATION, LIGHTHOUSE_RUNS, WARMUP_SECONDS, flag, only, onlyLabels, option } from "./options.mjs";
import { fetchPages, pages } from "./pages.mjs";
import { measureMemory, printMemory } from "./memory.mjs";
import { measurePhotoUploads } from "./photo-upload.mjs";
import { measureDashboard } from "./dashboard.mjs";
import { cleanup, log, startWatchdog } from "./processes.mjs";
import { printReport, writeReport } from "./report.mjs";
import { build, startServer } from "./server.mjs";
import { measureUsedSearch } from "./used-search.mjs";
import { measureStockFeed } from "./stock-feed.mjs";

// The whole run is bounded: build, start, and per page two load tests plus Lighthouse.
const WATCHDOG_MS = (8 * 60 + pages.length * (5 * (DURATION + WARMUP_SECONDS) + 90 * LIGHTHOUSE_RUNS + 30) + 2 * (DURATION + WARMUP_SECONDS) + (option("used-search-db", "") ? 10 * 60 : 0) + (flag("cluster") || onlyLabels.includes("cluster") ? 10 * 60 : 0) + (onlyLabels.includes("stock-feed") ? 60 * 60 : 0) + 5 * 60) * 1000;
const watchdog = startWatchdog(WATCHDOG_MS);

async function main() {
  if (onlyLabels.includes("cluster")) {
    await measureCluster();
    return 0;
  }
  if (onlyLabels.includes("stock-feed")) {
    await measureStockFeed();
    return 0;
  }
  if (!flag("no-build")) await build();
  const machine = { before: await machineReference(), after: null };
  const server = await startServer();
  const { port, origin } = server;
  if (onlyLabels.includes("memory")) {
    // Alone, on its fresh server: what the crawl, the scan and the load leave behind.
    const memory = await measureMemory(server, { seconds: 3 * DURATION });
    printMemory(memory);
    return flag("check") && !(memory.peakMb <= memory.budgetMb) ? 1 : 0;
  }
  const nginx = flag("no-nginx") || flag("no-load") ? undefined : nginxBinary();
  if (!flag("no-nginx") && !flag("no-load") && !nginx) log("nginx not found: the ceiling is skipped (apt-get install -y nginx-light)");
  const { results, skipped, savedHtml } = await fetchPages(origin);

  // In this order, so that nothing measured runs on a server still busy with a load test:
  // Lighthouse, then latency at a fixed rate, then the throughput tests.
  const lighthouseRan = !flag("no-lighthouse");
  if (lighthouseRan) await auditPages(results, port);
  const loadRan = !flag("no-load");
  const suggestions = loadRan && (!only || onlyLabels.includes("suggestions")) ? await measureSuggestions(origin) : null;
  if (loadRan) await measureLoad(origin, results, savedHtml, nginx, server.pid);
  machine.after = loadRan ? await machineReference() : null;

  const home = results.find((r) => r.path === "/");
  let homeJs = null;
  if (home?.lighthouse?.scripts) homeJs = await clientJs(home.lighthouse.scripts, `http://localhost:${port}`);

  // Last: twenty photos make the server decode 240 megapixels, which nothing else should share.
  const photosAsked = loadRan && (!only || onlyLabels.includes("photos"));
  const photos = photosAsked ? await measurePhotoUploads(server) : null;

  // The dealer dashboard, signed in (it restarts the server to make the bench account a member).
  const dashboard = loadRan && (!only || onlyLabels.includes("dashboard")) ? await measureDashboard(server) : null;
  if (dashboard) log(`dashboard ${dashboard.path}: ${dashboard.requestsPerSecond} pages/s rendered, p99 ${dashboard.p99Ms} ms, ${dashboard.non2xx} non-2xx, ${dashboard.errors} errors`);

  const usedSearchDb = option("used-search-db", "");
  const usedSearch = usedSearchDb ? await measureUsedSearch(usedSearchDb) : null;

  if (flag("cluster")) await measureCluster();

  const checks = budgetChecks({ results, skipped, lighthouseRan, suggestions, usedSearch, usedSearchAsked: Boolean(usedSearchDb), photos });
  const { missed, unknown } = printReport({ results, suggestions, homeJs, checks, lighthouseRan, photos, machine });
  writeReport({ results, suggestions, homeJs, checks, photos, machine });
  return flag("check") && (missed.length || unknown.length) ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`\nbench failed: ${err instanceof Error ? err.message : err}`);
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
process.exit(code);
