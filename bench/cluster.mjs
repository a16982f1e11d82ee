// The cluster run (`npm run bench -- --only=cluster`, or `--cluster` after the pages): the
// deployment of `npm run cluster` (nginx rendered from deploy/, three instances, S3 photos) on
// the machine's PostgreSQL (database voitura_cluster_bench, kept between runs: its first seed
// takes a minute) and Redis (prefix voitura-cluster-bench:). A mixed load through nginx for
// --cluster-duration seconds (60) at --cluster-connections (100): new-car and used-car searches
// with random filters, ad pages and model pages, while sellers post ads with a photo each; then
// the same with one instance killed (SIGKILL) halfway. Writes bench/out/cluster.json.
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { tsImport } from "tsx/esm/api";
import { BROWSER_ACCEPT_ENCODING } from "./load.mjs";
import { option } from "./options.mjs";
import { beforeCleanup, log, root, sleep, withTimeout } from "./processes.mjs";

const DURATION = Number(option("cluster-duration", "60"));
const CONNECTIONS = Number(option("cluster-connections", "100"));
const PORT = Number(option("cluster-port", "3440"));
const SELLERS = 6;
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const maybe = (p, value) => (Math.random() < p ? value : undefined);

const BODIES = ["hatchback", "sedan", "suv", "crossover", "bakkie", "double-cab", "mpv", "coupe"];
const FUELS = ["petrol", "diesel", "hybrid", "electric"];
const GEARBOXES = ["manual", "automatic"];
const PROVINCES = ["gauteng", "western-cape", "kwazulu-natal", "eastern-cape", "free-state", "limpopo", "mpumalanga", "north-west", "northern-cape"];
const query = (params) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined)).toString();

const newCarSearch = () =>
  `/voitures-neuves/recherche?${query({
    body: maybe(0.6, pick(BODIES)),
    fuel: maybe(0.4, pick(FUELS)),
    transmission: maybe(0.4, pick(GEARBOXES)),
    price_max: maybe(0.7, String(200_000 + 10_000 * Math.floor(Math.random() * 150))),
  })}`;
// In the order the site writes them: any other order is redirected to this one (302).
const usedCarSearch = () =>
  `/marche-doccasion/rechercher?${query({
    price_max: maybe(0.7, String(80_000 + 5_000 * Math.floor(Math.random() * 150))),
    year_min: maybe(0.5, String(2012 + Math.floor(Math.random() * 12))),
    transmission: maybe(0.4, pick(GEARBOXES)),
    body: maybe(0.5, pick(BODIES)),
    province: maybe(0.5, pick(PROVINCES)),
    sort: maybe(0.3, "price-asc"),
  })}`;

/** What a visitor asks for: a third searches (new and used), the rest ad and model pages. */
function mixedPath(ads, models) {
  const r = Math.random();
  if (r < 0.2) return newCarSearch();
  if (r < 0.4) return usedCarSearch();
  if (r < 0.75) return pick(ads);
  return pick(models);
}

async function paths(cluster) {
  const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const ads = await sql`select id, slug from used_ads where status = 'published' order by random() limit 2000`;
    const brands = await (await fetch(`${cluster.url}/menus/brands.json`)).json();
    const models = brands.flatMap((b) => b.models.map((m) => `/guide-auto/voitures-neuves/marque/${b.slug}/modele/${m.id}-${m.slug}`));
    return { ads: ads.map((a) => `/marche-doccasion/annonce/${a.id}-${a.slug}`), models };
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/** Sellers posting ads one after the other until `until`; counts what was published and what failed. */
async function postAds(cluster, site, sellers, until, photoSeed) {
  const tally = { published: 0, failed: 0, reasons: [] };
  let seed = photoSeed;
  await Promise.all(
    sellers.map(async (seller) => {
      while (Date.now() < until) {
        try {
          await site.postAd(seller, [await site.carPhoto(seed++)], { word: `bench${seed}` });
          tally.published++;
        } catch (err) {
          tally.failed++;
          if (tally.reasons.length < 5) tally.reasons.push(err instanceof Error ? err.message : String(err));
          await sleep(500);
        }
      }
    }),
  );
  return tally;
}

function load(url, seconds, ads, models) {
  return withTimeout(
    autocannon({
      url,
      duration: seconds,
      connections: CONNECTIONS,
      headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, "user-agent": BROWSER_UA, accept: "text/html" },
      requests: [{ setupRequest: (request) => ({ ...request, path: mixedPath(ads, models) }) }],
    }),
    (seconds + 60) * 1000,
    "autocannon (cluster)",
  );
}

const figures = (result, posting) => ({
  pagesPerSecond: Math.round(result.requests.average),
  requests: result.requests.total,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  non2xx: result.non2xx,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])),
  // autocannon's errors include its timeouts (no answer within 10 s).
  errors: result.errors,
  timeouts: result.timeouts,
  adsPublished: posting.published,
  adsFailed: posting.failed,
  adFailures: posting.reasons,
});

async function phase(cluster, site, label, ads, models, { killHalfway, seed }) {
  const sellers = [];
  for (let i = 0; i < SELLERS; i++) {
    const email = `bench-${label}-${Date.now()}-${i}@example.com`;
    sellers.push(await site.newSeller({ base: cluster.url, ip: `198.51.100.${i + (killHalfway ? 100 : 1)}` }, cluster.instances.map((x) => x.dataDir), email, `Bench Seller ${i}`));
  }
  log(`cluster, ${label}: ${DURATION} s at ${CONNECTIONS} connections through nginx, ${SELLERS} sellers posting${killHalfway ? ", instance b killed halfway" : ""}`);
  const until = Date.now() + DURATION * 1000;
  const killed = killHalfway
    ? sleep((DURATION * 1000) / 2).then(async () => {
        log("cluster: kill -9 of instance b");
        await cluster.instances[1].kill();
      })
    : Promise.resolve();
  const [result, posting] = await Promise.all([load(cluster.url, DURATION, ads, models), postAds(cluster, site, sellers, until, seed)]);
  await killed;
  return figures(result, posting);
}

export async function measureCluster() {
  const { startCluster } = await tsImport("../scripts/cluster.ts", import.meta.url);
  const site = await tsImport("../tests/cluster/site-client.ts", import.meta.url);
  log(`cluster: nginx on ${PORT}, three instances, database voitura_cluster_bench (seeded on its first run)`);
  const cluster = await startCluster({
    port: PORT,
    databaseName: "voitura_cluster_bench",
    redisPrefix: "voitura-cluster-bench:",
    captcha: "off",
    authLimit: 10_000,
    log,
  });
  beforeCleanup(() => cluster.stop());
  try {
    const { ads, models } = await paths(cluster);
    log(`cluster: ${ads.length} ad pages and ${models.length} model pages to ask for; warm-up 5 s`);
    await load(cluster.url, 5, ads, models);
    const steady = await phase(cluster, site, "steady", ads, models, { killHalfway: false, seed: Date.now() % 1_000_000 });
    const killed = await phase(cluster, site, "one-killed", ads, models, { killHalfway: true, seed: (Date.now() % 1_000_000) + 500_000 });
    const report = { date: new Date().toISOString(), instances: cluster.instances.length, durationSeconds: DURATION, connections: CONNECTIONS, steady, oneKilledHalfway: killed };
    const out = path.join(root, "bench", "out");
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, "cluster.json"), `${JSON.stringify(report, null, 2)}\n`);
    printCluster(report);
    return report;
  } finally {
    await cluster.stop();
  }
}

function printCluster(report) {
  console.log(`\nCluster: ${report.instances} instances behind nginx, ${report.durationSeconds} s at ${report.connections} connections (searches with random filters, ad and model pages) while sellers post ads`);
  for (const [label, f] of [["steady", report.steady], ["one instance killed halfway", report.oneKilledHalfway]]) {
    console.log(
      `  ${label.padEnd(28)} ${String(f.pagesPerSecond).padStart(6)} pages/s  p50 ${f.p50Ms} ms  p99 ${f.p99Ms} ms  max ${f.maxMs} ms  ` +
        `errors ${f.errors} (of which timeouts ${f.timeouts})  non-2xx ${f.non2xx} ${JSON.stringify(f.statusCodes)}  ads published ${f.adsPublished}, failed ${f.adsFailed}${f.adFailures.length ? ` (${f.adFailures.join("; ")})` : ""}`,
    );
  }
}
