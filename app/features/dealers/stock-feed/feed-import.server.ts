import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type Database, db as defaultDb } from "~/lib/db.server";
import type { FileFormat } from "~/lib/import-file";
import { logger } from "~/lib/logger.server";
import { type Storage, storage as defaultStorage } from "~/lib/storage.server";
import { findCatalogueModel } from "~/features/marketplace/selling/ad-catalogue.server";
import { draftAdColumns } from "~/features/marketplace/selling/ad-drafts.server";
import { largestRendition } from "~/features/marketplace/selling/photo-renditions.server";
import { refreshPriceRatings } from "~/features/marketplace/pricing/price-ratings.server";
import { markSearchIndexStale } from "~/features/marketplace/search/search-index.server";
import { dealers, usedAdPhotos, usedAdPrices, usedAds } from "../../../../db/schema";
import { slugify } from "../../../../db/seed/slug";
import {
  catalogueKey,
  type FeedCar,
  type FeedFileIssue,
  type FeedIssue,
  FEED_PHOTO_REQUIRED,
  readFeed,
  recordCatalogueKeys,
  validateFeed,
} from "./feed-rows";
import { type FeedAdColumns, type FeedPlan, type FeedSkip, type PlannedCar, planFeed, previousPriceAfter, type StoredFeedAd } from "./feed-plan";
import { processFeedPhotos } from "./feed-photos.server";
import { openPhotoZip, type PhotoZip, PhotoZipError } from "./photo-zip.server";

// A dealer's stock feed, end to end: read and check every row (feed-rows.ts), check or store the
// photos (feed-photos.server.ts), plan the changes (feed-plan.ts), then write them in ONE
// transaction under a lock of the dealer's row (two imports of one dealer queue up). A feed with
// row errors changes nothing unless the caller asks for the good rows. After the commit the models'
// price ratings are refreshed and the search index learns of the changes, as publishing does.

const LISTING_DAYS = 60;
const DAY_MS = 86_400_000;

export interface FeedProgress {
  phase: "checking" | "photos" | "writing";
  done: number;
  total: number;
  /** The feed's rows. */
  rows: number;
}

export interface FeedImportOptions {
  dealerId: number;
  text: string;
  format: FileFormat;
  /** The photos' ZIP: a file's path or its bytes. */
  zip?: string | Buffer;
  dryRun?: boolean;
  markMissingSold?: boolean;
  /** Write the rows without errors even when others have some. */
  importGoodRows?: boolean;
  userId?: string | null;
  db?: Database;
  storage?: Storage;
  now?: Date;
  onProgress?: (progress: FeedProgress) => void | Promise<void>;
  /** Tests only: called inside the transaction after the writes, to prove a failure leaves nothing. */
  beforeCommit?: () => Promise<void>;
}

export interface FeedReport {
  format: FileFormat;
  rowsTotal: number;
  /** Problems of the file or ZIP itself: nothing could be read. */
  fileIssues: FeedFileIssue[];
  /** Rows refused (the wizard's checks, photos), by line and column. */
  errors: FeedIssue[];
  /** Good rows left out (the limit of live ads, an ad a moderator removed). */
  skipped: FeedSkip[];
  created: string[];
  updated: string[];
  /** Stock numbers whose price moved (a row of the price history each). */
  priceChanged: string[];
  unchanged: number;
  markedSold: string[];
  photos: { stored: number; reused: number };
  dryRun: boolean;
  written: boolean;
}

/** The ad columns a feed sets (adColumns' keys), read back from stored ads to compare. */
const FEED_AD_COLUMNS = [
  "brandId",
  "modelId",
  "makeName",
  "modelName",
  "title",
  "slug",
  "variant",
  "year",
  "mileageKm",
  "priceZar",
  "negotiable",
  "fuel",
  "transmission",
  "bodyType",
  "drive",
  "colour",
  "engineCc",
  "doors",
  "seats",
  "serviceHistory",
  "previousOwners",
  "province",
  "city",
  "description",
  "equipment",
  "phone",
  "showPhone",
] as const satisfies readonly (keyof typeof usedAds.$inferSelect)[];

type CatalogueMatch = NonNullable<Awaited<ReturnType<typeof findCatalogueModel>>>;

export class DealerNotFound extends Error {}

/** The ad's columns from the checked row (catalogue names and ids when the make and model are in it). */
function adColumns(car: FeedCar, match: CatalogueMatch | undefined, dealerPhone: string | null): FeedAdColumns {
  const { car: c, contact } = car.values;
  const makeName = match?.make ?? c.make;
  const modelName = match?.model ?? c.model;
  const title = [String(c.year), makeName, modelName, c.variant].filter(Boolean).join(" ");
  const phone = contact.phone ?? dealerPhone;
  return {
    brandId: match?.brandId ?? null,
    modelId: match?.modelId ?? null,
    makeName,
    modelName,
    title,
    slug: slugify(title) || "car",
    ...draftAdColumns(car.values),
    phone,
    showPhone: contact.phone !== null ? contact.showPhone : phone !== null,
  };
}

async function storedAds(executor: Pick<Database, "select">, dealerId: number, columnNames: readonly string[]): Promise<StoredFeedAd[]> {
  const rows = await executor
    .select()
    .from(usedAds)
    .where(and(eq(usedAds.dealerId, dealerId), isNotNull(usedAds.stockNumber)));
  if (rows.length === 0) return [];
  const photos = await executor
    .select({ adId: usedAdPhotos.adId, key: usedAdPhotos.storageKey })
    .from(usedAdPhotos)
    .innerJoin(usedAds, eq(usedAds.id, usedAdPhotos.adId))
    .where(and(eq(usedAds.dealerId, dealerId), isNotNull(usedAds.stockNumber)))
    .orderBy(usedAdPhotos.adId, usedAdPhotos.position);
  const keysOf = new Map<number, string[]>();
  for (const p of photos) keysOf.set(p.adId, [...(keysOf.get(p.adId) ?? []), p.key]);
  return rows.map((row) => ({
    id: row.id,
    stockNumber: row.stockNumber!,
    status: row.status,
    columns: Object.fromEntries(columnNames.map((name) => [name, (row as Record<string, unknown>)[name]])) as FeedAdColumns,
    photoKeys: keysOf.get(row.id) ?? [],
  }));
}

const emptyReport = (format: FileFormat, dryRun: boolean): FeedReport => ({
  format,
  rowsTotal: 0,
  fileIssues: [],
  errors: [],
  skipped: [],
  created: [],
  updated: [],
  priceChanged: [],
  unchanged: 0,
  markedSold: [],
  photos: { stored: 0, reused: 0 },
  dryRun,
  written: false,
});

function reportPlan(report: FeedReport, plan: FeedPlan): void {
  report.created = plan.create.map((c) => c.stockNumber);
  report.updated = plan.update.map((u) => u.car.stockNumber);
  report.priceChanged = plan.update.filter((u) => u.price).map((u) => u.car.stockNumber);
  report.unchanged = plan.unchanged.length;
  report.markedSold = plan.markSold.map((a) => a.stockNumber);
  report.skipped = plan.skipped;
}

/** Reads, checks and (unless a dry run) imports a dealer's feed; see the module's comment. */
export async function importStockFeed(options: FeedImportOptions): Promise<FeedReport> {
  const database = options.db ?? defaultDb();
  const store = options.storage ?? defaultStorage();
  const now = options.now ?? new Date();
  const dryRun = options.dryRun ?? false;
  const report = emptyReport(options.format, dryRun);
  let rows = 0;
  const progress = async (p: Omit<FeedProgress, "rows">) => options.onProgress?.({ ...p, rows });

  const [dealer] = await database
    .select({ id: dealers.id, adLimit: dealers.adLimit, phone: dealers.phone })
    .from(dealers)
    .where(eq(dealers.id, options.dealerId))
    .limit(1);
  if (!dealer) throw new DealerNotFound(`No dealer has the id ${options.dealerId}`);

  const read = readFeed(options.text, options.format);
  report.rowsTotal = rows = read.records.length;
  if (read.issues.length) return { ...report, fileIssues: read.issues };
  await progress({ phase: "checking", done: 0, total: read.records.length });

  const catalogue = new Map<string, CatalogueMatch>();
  for (const { make, model } of recordCatalogueKeys(read.records)) {
    const match = await findCatalogueModel(make, model);
    if (match) catalogue.set(catalogueKey(make, model), match);
  }
  const checked = validateFeed(read, catalogue);
  const errors = [...checked.issues];
  const dealerPhone = dealer.phone ? internationalDealerPhone(dealer.phone) : null;
  const columnNames = FEED_AD_COLUMNS;
  const known = new Set((await storedAds(database, dealer.id, columnNames)).map((a) => a.stockNumber));

  let zip: PhotoZip | undefined;
  try {
    if (options.zip !== undefined) zip = await openPhotoZip(options.zip);
  } catch (error) {
    if (error instanceof PhotoZipError) return { ...report, fileIssues: [{ message: error.message }] };
    throw error;
  }

  try {
    // The photos each car names must be in the ZIP; a new car needs at least one. Without a ZIP
    // (or with a blank cell) a known car keeps the photos it has.
    const cars: FeedCar[] = [];
    for (const car of checked.cars) {
      const isKnown = known.has(car.stockNumber);
      const problems: string[] = [];
      let names = car.photos;
      if (names === undefined || !zip) {
        if (!isKnown) problems.push(names === undefined ? FEED_PHOTO_REQUIRED : "The photos of a new car come in a ZIP sent with the feed");
        names = undefined;
      } else {
        for (const name of names) {
          if (!zip.has(name)) problems.push(`'${name}' is not in the photos' ZIP`);
          else if (zip.ambiguous(name)) problems.push(`'${name}' is in the ZIP twice (in two folders): rename one`);
        }
      }
      if (problems.length) for (const message of problems) errors.push({ line: car.line, column: "photos", message });
      else cars.push({ ...car, photos: names });
    }

    const failIfErrors = () => errors.length > 0 && !options.importGoodRows && !dryRun;
    if (failIfErrors()) return { ...report, errors: sortIssues(errors) };

    // Photos: checked (dry run) or stored, each file once.
    const names = cars.flatMap((c) => c.photos ?? []);
    await progress({ phase: "photos", done: 0, total: new Set(names.map((n) => n.toLowerCase())).size });
    const photos = zip
      ? await processFeedPhotos({
          names,
          zip,
          mode: dryRun ? "check" : "store",
          executor: database,
          storage: store,
          userId: options.userId,
          onProgress: (done, total) => progress({ phase: "photos", done, total }),
        })
      : { results: new Map(), stored: 0, reused: 0 };
    report.photos = { stored: photos.stored, reused: photos.reused };

    const planned: PlannedCar[] = [];
    for (const car of cars) {
      const results = (car.photos ?? []).map((name) => ({ name, result: photos.results.get(name.toLowerCase())! }));
      const refused = results.filter((r) => "error" in r.result);
      if (refused.length) {
        for (const r of refused) errors.push({ line: car.line, column: "photos", message: `${r.name}: ${(r.result as { error: string }).error}` });
        continue;
      }
      planned.push({
        line: car.line,
        stockNumber: car.stockNumber,
        columns: adColumns(car, catalogue.get(catalogueKey(car.values.car.make, car.values.car.model)), dealerPhone),
        photoKeys: car.photos ? [...new Set(results.map((r) => (r.result as { key: string }).key))] : undefined,
      });
    }
    report.errors = sortIssues(errors);
    const planInput = { cars: planned, adLimit: dealer.adLimit, markMissingSold: options.markMissingSold ?? false, listed: checked.stockNumbers };

    if (dryRun) {
      reportPlan(report, planFeed({ ...planInput, stored: await storedAds(database, dealer.id, columnNames) }));
      return report;
    }
    if (failIfErrors()) return report;

    await progress({ phase: "writing", done: 0, total: planned.length });
    const plan = await database.transaction(async (tx) => {
      // One import of a dealer at a time: the plan is made again against the ads as they are now.
      await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, dealer.id)).for("update");
      const [limitRow] = await tx.select({ adLimit: dealers.adLimit }).from(dealers).where(eq(dealers.id, dealer.id));
      const plan = planFeed({ ...planInput, adLimit: limitRow!.adLimit, stored: await storedAds(tx, dealer.id, columnNames) });
      await writePlan(tx as unknown as Database, dealer.id, plan, now);
      await options.beforeCommit?.();
      return plan;
    });
    reportPlan(report, plan);
    report.written = plan.create.length + plan.update.length + plan.markSold.length + plan.unchanged.length > 0;
    await progress({ phase: "writing", done: planned.length, total: planned.length });
    await afterCommit(database, [
      ...plan.create.map((c) => c.columns.modelId),
      ...plan.update.flatMap((u) => [u.car.columns.modelId, u.ad.columns.modelId]),
      ...plan.markSold.map((a) => a.columns.modelId),
    ]);
    return report;
  } finally {
    zip?.close();
  }
}

const sortIssues = (issues: FeedIssue[]) => [...issues].sort((a, b) => a.line - b.line);

/** The dealer's listed number as ads keep it (+27…), or null when it is not a South African number. */
function internationalDealerPhone(phone: string): string | null {
  const compact = phone.replace(/[\s\-().]/g, "");
  if (/^\+27[1-9]\d{8}$/.test(compact)) return compact;
  if (/^0[1-9]\d{8}$/.test(compact)) return `+27${compact.slice(1)}`;
  return null;
}

const CHUNK = 400;
const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

async function writePhotos(tx: Database, ads: { adId: number; title: string; keys: string[] }[]): Promise<void> {
  if (ads.length === 0) return;
  for (const part of chunks(ads.map((a) => a.adId))) await tx.delete(usedAdPhotos).where(inArray(usedAdPhotos.adId, part));
  const rows = ads.flatMap(({ adId, title, keys }) =>
    keys.map((storageKey, position) => ({ adId, position, storageKey, width: largestRendition.width, height: largestRendition.height, alt: `${title}, photo ${position + 1} of ${keys.length}` })),
  );
  for (const part of chunks(rows, 2000)) await tx.insert(usedAdPhotos).values(part);
}

/** The plan's writes, in the caller's transaction. */
async function writePlan(tx: Database, dealerId: number, plan: FeedPlan, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + LISTING_DAYS * DAY_MS);

  const created: { adId: number; car: PlannedCar }[] = [];
  for (const part of chunks(plan.create)) {
    const rows = await tx
      .insert(usedAds)
      .values(
        part.map((car) => ({
          ...(car.columns as unknown as typeof usedAds.$inferInsert),
          status: "published" as const,
          sellerKind: "dealer" as const,
          dealerId,
          stockNumber: car.stockNumber,
          photoCount: car.photoKeys?.length ?? 0,
          publishedAt: now,
          expiresAt,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: usedAds.id, stockNumber: usedAds.stockNumber });
    const byStock = new Map(part.map((car) => [car.stockNumber, car]));
    for (const row of rows) created.push({ adId: row.id, car: byStock.get(row.stockNumber!)! });
  }
  await writePhotos(
    tx,
    created.map(({ adId, car }) => ({ adId, title: String(car.columns.title), keys: car.photoKeys ?? [] })),
  );
  const prices = [
    ...created.map(({ adId, car }) => ({ adId, priceZar: car.columns.priceZar, changedAt: now })),
    ...plan.update.filter((u) => u.price).map((u) => ({ adId: u.ad.id, priceZar: u.price!.to, changedAt: now })),
  ];
  for (const part of chunks(prices, 2000)) await tx.insert(usedAdPrices).values(part);

  for (const { car, ad, price, photosChanged, revived } of plan.update) {
    const [current] = await tx.select({ previousPriceZar: usedAds.previousPriceZar }).from(usedAds).where(eq(usedAds.id, ad.id));
    await tx
      .update(usedAds)
      .set({
        ...(car.columns as unknown as Partial<typeof usedAds.$inferInsert>),
        previousPriceZar: previousPriceAfter(price, current?.previousPriceZar ?? null),
        ...(photosChanged ? { photoCount: car.photoKeys!.length } : {}),
        // A sold or expired car listed again is on sale again; a paused or reviewed ad keeps its state.
        ...(revived ? { status: "published" as const, soldAt: null, publishedAt: now, expiryWarnedAt: null } : {}),
        expiresAt,
        updatedAt: now,
      })
      .where(eq(usedAds.id, ad.id));
  }
  await writePhotos(
    tx,
    plan.update.filter((u) => u.photosChanged).map((u) => ({ adId: u.ad.id, title: String(u.car.columns.title), keys: u.car.photoKeys! })),
  );

  // Still in stock: the listing runs on (not a change buyers see, so updated_at stays).
  for (const part of chunks(plan.unchanged.map((u) => u.ad.id))) {
    await tx
      .update(usedAds)
      .set({ expiresAt, expiryWarnedAt: null })
      .where(and(inArray(usedAds.id, part), eq(usedAds.status, "published")));
  }
  for (const part of chunks(plan.markSold.map((a) => a.id))) {
    await tx
      .update(usedAds)
      .set({ status: "sold", soldAt: now, updatedAt: now })
      .where(and(inArray(usedAds.id, part), sql`status in ('published', 'paused')`));
  }
}

/** The models' other ads are re-rated (these ads are among their comparables), and search reloads. */
async function afterCommit(database: Database, modelIds: unknown[]): Promise<void> {
  const ids = [...new Set(modelIds.filter((id): id is number => typeof id === "number"))];
  if (ids.length) {
    try {
      await refreshPriceRatings(database, { modelIds: ids });
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message }, modelIds: ids.length }, "price ratings refresh after a stock feed failed");
    }
  }
  markSearchIndexStale();
}

