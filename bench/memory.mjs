// The server's memory as a small server would see it (issue 44: the embedded default must run on a
// 1 GB server, at most 512 MB resident). `--only=memory` runs this alone, against a fresh server:
//   1. a crawler reads every URL of the sitemaps, eight at a time;
//   2. a scanner asks for paths that do not exist and for searches with many filter combinations
//      (each a new entry for the caches keyed by URL);
//   3. 100 connections load the main page types for a while, every request rendered (the page
//      cache skipped), so the render threads start if the server has them;
//   4. the server is left idle, and its memory read again.
// It measures the server restarted on the data its first start seeded, as a production server runs
// (the demo seed and its photo drawing happen once, and their memory stays with that process), and
// prints the first start's memory too. Prints the resident memory after each phase and the peak.
import autocannon from "autocannon";
import { BROWSER_ACCEPT_ENCODING } from "./load.mjs";
import { PAGES, fetchPages } from "./pages.mjs";
import { processMemory, watchMemory } from "./photo-upload.mjs";
import { log, sleep, withTimeout } from "./processes.mjs";
import { BYPASS_TOKEN } from "./server.mjs";

export const MEMORY_BUDGET_MB = 512;
export const MEMORY_CONNECTIONS = 100;
const CRAWL_CONCURRENCY = 8;
const IDLE_SECONDS = 30;

async function get(url, headers = {}) {
  const response = await fetch(url, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...headers }, signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  return response.status;
}

/** Every <loc> of the sitemap index and of the sitemaps it names. */
async function sitemapUrls(origin) {
  const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname + new URL(m[1]).search);
  const index = await (await fetch(`${origin}/sitemap.xml`)).text();
  const urls = [];
  for (const sitemap of locs(index)) urls.push(...locs(await (await fetch(`${origin}${sitemap}`)).text()));
  return urls;
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachAtOnce(items, concurrency, task) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await task(items[next++]);
  }));
}

/** Paths a scanner or a curious visitor sends: unknown files, and search pages with every filter mix. */
function scanPaths() {
  const probes = ["/wp-login.php", "/.env", "/admin", "/phpmyadmin/", "/.git/config", "/xmlrpc.php", "/api/v1/users", "/backup.zip"];
  const paths = probes.flatMap((probe) => [probe, `${probe}?x=${Math.random().toString(36).slice(2)}`]);
  const provinces = ["gauteng", "western-cape", "kwazulu-natal", "eastern-cape", "free-state"];
  for (const province of provinces) {
    for (const maxPrice of [100000, 150000, 200000, 300000, 450000, 600000]) {
      for (const minYear of [2012, 2016, 2019, 2022]) {
        paths.push(`/marche-doccasion/rechercher?province=${province}&price_max=${maxPrice}&year_min=${minYear}`);
      }
    }
  }
  for (const maxPrice of [200000, 300000, 400000, 500000, 700000, 900000, 1200000]) {
    for (const body of ["suv", "sedan", "bakkie", "hatchback"]) paths.push(`/voitures-neuves/recherche?price_max=${maxPrice}&body=${body}`);
  }
  return paths;
}

/** The server's heap and external memory as its metrics give them (with METRICS_TOKEN), else null. */
async function heapReport(origin, token) {
  if (!token) return null;
  const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  return text.split("\n").filter((line) => /^(nodejs_heap_size_total_bytes|nodejs_heap_size_used_bytes|nodejs_external_memory_bytes|process_resident_memory_bytes)\b/.test(line));
}

export async function measureMemory(firstStart, { seconds = 30, metricsToken = process.env.METRICS_TOKEN } = {}) {
  const seeded = Math.round(processMemory(firstStart.pid)?.rssMb ?? NaN);
  const server = await firstStart.restart();
  const { origin, pid } = server;
  const reading = () => Math.round(processMemory(pid)?.rssMb ?? NaN);
  const phases = [
    { phase: "first start, after seeding the demo data and drawing its photos", rssMb: seeded },
    { phase: "restarted on that data", rssMb: reading() },
  ];
  const watch = watchMemory(pid);

  const urls = await sitemapUrls(origin);
  log(`memory: crawling ${urls.length} URLs of the sitemaps, ${CRAWL_CONCURRENCY} at a time`);
  const statuses = new Map();
  await withTimeout(eachAtOnce(urls, CRAWL_CONCURRENCY, async (path) => {
    const status = await get(`${origin}${path}`).catch(() => 0);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }), 20 * 60_000, "the crawl");
  phases.push({ phase: `crawled ${urls.length} URLs (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(", ")})`, rssMb: reading() });

  const scans = scanPaths();
  log(`memory: scanning ${scans.length} unknown paths and filtered searches`);
  await eachAtOnce(scans, CRAWL_CONCURRENCY, (path) => get(`${origin}${path}`).catch(() => 0));
  phases.push({ phase: `scanned ${scans.length} paths`, rssMb: reading() });

  const { results } = await fetchPages(origin, PAGES);
  const paths = results.filter((r) => r.status === 200).map((r) => r.path);
  log(`memory: ${MEMORY_CONNECTIONS} connections over ${paths.length} page types for ${seconds} s, every request rendered`);
  const load = await withTimeout(
    autocannon({
      url: origin,
      connections: MEMORY_CONNECTIONS,
      duration: seconds,
      headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, "x-page-cache-bypass": BYPASS_TOKEN },
      requests: paths.map((path) => ({ method: "GET", path })),
    }),
    (seconds + 60) * 1000,
    "the memory load",
  );
  phases.push({ phase: `loaded (${Math.round(load.requests.average)} pages/s, ${load.non2xx} not 2xx)`, rssMb: reading() });
  const { peakMb } = watch.stop();

  log(`memory: idle for ${IDLE_SECONDS} s`);
  await sleep(IDLE_SECONDS * 1000);
  phases.push({ phase: `idle ${IDLE_SECONDS} s`, rssMb: reading() });
  const heap = await heapReport(origin, metricsToken).catch(() => null);
  return { phases, peakMb: Math.round(peakMb ?? NaN), budgetMb: MEMORY_BUDGET_MB, heap };
}

export function printMemory({ phases, peakMb, budgetMb, heap }) {
  console.log("\nServer memory (resident set, MB)");
  for (const { phase, rssMb } of phases) console.log(`  ${String(rssMb).padStart(5)}  ${phase}`);
  console.log(`  ${String(peakMb).padStart(5)}  peak  (budget ≤ ${budgetMb}: ${peakMb <= budgetMb ? "met" : "MISSED"})`);
  if (heap?.length) {
    console.log("  the server's metrics at the end:");
    for (const line of heap) console.log(`    ${line}`);
  }
}
