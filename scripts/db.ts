// Database maintenance: `tsx scripts/db.ts migrate|seed|reset`.
// Opens the database exactly like the server (DATABASE_URL, else PGlite in DATA_DIR).
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, isEmptyCatalogue, migrateDatabase, openDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { seedDatabase } from "../db/seed";
import { isEmptyMarketplace, seedMarketplace } from "../db/seed/marketplace";
import { isEmptyDealerDirectory, seedDealerDirectory } from "../db/seed/dealers";
import { isEmptyOwnerReviews, seedOwnerReviews } from "../db/seed/reviews";
import { storage } from "../app/lib/storage.server";

const commands = ["migrate", "seed", "reset"] as const;
type Command = (typeof commands)[number];

const step = (message: string) => console.log(`db: ${message}`);

function describeTarget(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `PGlite in ${path.resolve(dataDir, "pglite")}`;
  const url = new URL(databaseUrl);
  // Never print the password.
  if (url.password) url.password = "***";
  return `PostgreSQL at ${url.toString()}`;
}

async function dropEverything(handle: DatabaseHandle): Promise<void> {
  // One statement per call: the extended query protocol refuses multi-statement strings.
  await handle.db.execute(sql`drop schema if exists drizzle cascade`);
  await handle.db.execute(sql`drop schema if exists public cascade`);
  await handle.db.execute(sql`create schema public`);
}

async function seedIfEmpty(handle: DatabaseHandle): Promise<void> {
  if (!(await isEmptyCatalogue(handle.db))) {
    step("the catalogue already has data: catalogue seed skipped (use `reset` to start again)");
  } else {
    const started = performance.now();
    await seedDatabase(handle.db);
    step(`demo data seeded in ${Math.round(performance.now() - started)} ms`);
  }
  if (await isEmptyDealerDirectory(handle.db)) {
    const seeded = await seedDealerDirectory(handle.db);
    step(`demo dealer directory seeded: ${seeded.dealers} dealers, ${seeded.brandLinks} franchises`);
  }
  if (await isEmptyOwnerReviews(handle.db)) {
    const seeded = await seedOwnerReviews(handle.db);
    step(`demo owner reviews seeded: ${seeded.reviews} reviews by ${seeded.reviewers} owners`);
  }
  if (!(await isEmptyMarketplace(handle.db))) {
    step("the marketplace already has ads: marketplace seed skipped");
    return;
  }
  const seeded = await seedMarketplace(handle.db, { photos: storage() });
  step(`demo marketplace seeded in ${seeded.ms} ms: ${seeded.ads} ads, ${seeded.photosRendered} photos rendered`);
}

async function run(command: Command): Promise<void> {
  const e = env();
  step(`${command} on ${describeTarget(e.DATABASE_URL, e.DATA_DIR)}`);
  const handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  try {
    if (command === "reset") {
      await dropEverything(handle);
      step("dropped schemas public and drizzle");
    }
    // Seeding needs the tables, so seed and reset migrate first (a no-op when up to date).
    await migrateDatabase(handle);
    step("migrations applied");
    if (command !== "migrate") await seedIfEmpty(handle);
  } finally {
    await handle.close();
  }
}

const command = process.argv[2];
if (!commands.includes(command as Command)) {
  console.error(`Usage: tsx scripts/db.ts ${commands.join("|")}`);
  process.exitCode = 2;
} else {
  try {
    await run(command as Command);
    step("done");
  } catch (err) {
    console.error(`db: ${command} failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
