// Synthetic used-car ads for load tests: `npm run market:generate -- --ads N` (docs/marketplace.md).
// Opens the database exactly like the server (DATABASE_URL, else PGlite in DATA_DIR), seeds the
// catalogue and the demo marketplace when missing, then adds generated ads until the database holds
// N demo ads. Ad number i is always the same car (the demo generator, seeded by i), and the count
// of demo ads is where a new run starts: an interrupted run continues where it stopped.
import path from "node:path";
import { SingleBar } from "cli-progress";
import { sql } from "drizzle-orm";
import { ensureDemoPhotos } from "../app/features/marketplace/selling/demo-photos.server";
import { refreshPriceRatings } from "../app/features/marketplace/pricing/price-ratings.server";
import { DataDirLockedError, isEmptyCatalogue, migrateDatabase, openDatabase, resultRows } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { storage } from "../app/lib/storage.server";
import { seedDatabase } from "../db/seed";
import { isEmptyDealerDirectory, seedDealerDirectory } from "../db/seed/dealers";
import {
  allDemoPhotoSets,
  createAdGenerator,
  demoSellerIds,
  generateDemoDealers,
  generateDemoPrivateSellers,
  insertGeneratedAds,
  isEmptyMarketplace,
  loadAdSources,
  seedMarketplace,
} from "../db/seed/marketplace";

const USAGE = "Usage: npm run market:generate -- --ads N [--batch B] [--no-ratings]";
const MAX_ADS = 10_000_000;

const say = (message: string) => process.stdout.write(`${message}\n`);
const fail = (message: string) => process.stderr.write(`${message}\n`);

interface Options {
  ads: number;
  batch: number;
  ratings: boolean;
}

function parseOptions(argv: string[]): Options | string {
  const options: Options = { ads: 0, batch: 5_000, ratings: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    const integer = (label: string, min: number, max: number) => {
      // 1_000_000 reads better on a command line; the underscores are dropped.
      const text = (value() ?? "").replace(/_/g, "");
      if (!/^\d+$/.test(text)) throw new Error(`${label} must be a whole number.`);
      const parsed = Number(text);
      if (parsed < min || parsed > max) throw new Error(`${label} must be between ${min} and ${max}.`);
      return parsed;
    };
    try {
      if (name === "--ads") options.ads = integer("--ads", 1, MAX_ADS);
      else if (name === "--batch") options.batch = integer("--batch", 100, 20_000);
      else if (name === "--no-ratings") options.ratings = false;
      else return `Unknown option ${arg}.`;
    } catch (err) {
      return (err as Error).message;
    }
  }
  return options.ads ? options : "How many ads? Give --ads N.";
}

function describeTarget(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `PGlite in ${path.resolve(dataDir, "pglite")}`;
  const url = new URL(databaseUrl);
  if (url.password) url.password = "***";
  return `PostgreSQL at ${url.toString()}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    say(USAGE);
    return 0;
  }
  const parsed = parseOptions(argv);
  if (typeof parsed === "string") {
    fail(parsed);
    fail(USAGE);
    return 2;
  }
  const options = parsed;
  const e = env();
  say(`market:generate on ${describeTarget(e.DATABASE_URL, e.DATA_DIR)}`);
  const handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  try {
    const db = handle.db;
    await migrateDatabase(handle);
    if (await isEmptyCatalogue(db)) {
      say("empty catalogue: seeding the demo catalogue first");
      await seedDatabase(db);
    }
    if (await isEmptyDealerDirectory(db)) await seedDealerDirectory(db);
    if (await isEmptyMarketplace(db)) {
      say("no ads yet: seeding the demo marketplace first");
      const seeded = await seedMarketplace(db, { photos: storage() });
      say(`demo marketplace seeded: ${seeded.ads} ads in ${seconds(seeded.ms)}`);
    }

    // Generated ads may be any body type in any colour: every demo photo must exist.
    const photoSets = allDemoPhotoSets();
    const photoBar = new SingleBar({ stream: process.stderr, format: "photos   [{bar}] {value}/{total} drawn", hideCursor: true });
    let drawn = 0;
    photoBar.start(photoSets.length * 4, 0);
    const photos = await ensureDemoPhotos(storage(), photoSets, { onRendered: () => photoBar.update(++drawn) });
    photoBar.update(photos.rendered + photos.kept);
    photoBar.stop();

    const start = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from used_ads where is_demo`))[0]?.n ?? 0;
    if (start >= options.ads) {
      say(`the database already holds ${start} demo ads (asked for ${options.ads}): nothing to add`);
    } else {
      const generator = createAdGenerator({ versions: await loadAdSources(db), dealers: generateDemoDealers(), privateSellers: generateDemoPrivateSellers() });
      const sellers = await demoSellerIds(db);
      say(`adding ads ${start + 1} to ${options.ads}, ${options.batch} a transaction`);
      const bar = new SingleBar(
        { stream: process.stderr, format: "ads      [{bar}] {percentage}% | {value}/{total} | {rate} ads/s | ETA {eta_formatted}", hideCursor: true },
      );
      const began = performance.now();
      bar.start(options.ads, start, { rate: 0 });
      // One transaction per batch, one batch in flight: a stopped run leaves whole batches, in
      // order, and the count resumes it. The next batch is generated while the database writes.
      let writing: Promise<void> = Promise.resolve();
      for (let from = start; from < options.ads; from += options.batch) {
        const to = Math.min(options.ads, from + options.batch);
        const ads = Array.from({ length: to - from }, (_, k) => generator.ad(from + k));
        await writing;
        writing = db.transaction((tx) => insertGeneratedAds(tx, ads, sellers)).then(() => {
          bar.update(to, { rate: Math.round((to - start) / ((performance.now() - began) / 1000)) });
        });
        // Seen at once if the batch fails, not only after the next one is generated.
        writing.catch(() => {});
      }
      await writing;
      bar.stop();
      const ms = performance.now() - began;
      say(`${options.ads - start} ads added in ${seconds(ms)} (${Math.round(((options.ads - start) / ms) * 1000)} ads/s)`);
    }

    if (options.ratings) {
      const began = performance.now();
      const bar = new SingleBar({ stream: process.stderr, format: "ratings  [{bar}] {value}/{total} live ads rated", hideCursor: true });
      bar.start(1, 0);
      const rated = await refreshPriceRatings(db, {
        onProgress: (done, total) => {
          bar.setTotal(total);
          bar.update(done.rated);
        },
      });
      bar.stop();
      say(`price ratings: ${rated.rated} live ads rated, ${rated.changed} changed, in ${seconds(performance.now() - began)}`);
    }
    if (handle.kind === "postgres") {
      // Fresh statistics, so the planner knows the new size of the tables at once.
      await db.execute(sql`analyze used_ads`);
      await db.execute(sql`analyze used_ad_photos`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  fail(err instanceof DataDirLockedError ? err.message : `market:generate failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
