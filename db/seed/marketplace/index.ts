import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../../app/lib/db.server";
import { resultRows } from "../../../app/lib/db.server";
import { insertJsonRows, type JsonColumn } from "../../../app/lib/json-rows.server";
import type { Storage } from "../../../app/lib/storage.server";
import { refreshPriceRatings } from "../../../app/features/marketplace/pricing/price-ratings.server";
import { ensureDemoPhotos, type DemoPhotoSet } from "../../../app/features/marketplace/selling/demo-photos.server";
import type { DemoShot } from "../../../app/features/marketplace/selling/demo-photos";
import { bodyTypes } from "../../schema/catalogue";
import { adColours } from "../../../app/features/marketplace/vocabulary";
import { type AdSourceVersion, createAdGenerator, DEMO_AD_COUNT, type GeneratedAd } from "./generate";
import { generateDemoDealers, generateDemoPrivateSellers } from "./sellers";

export { createAdGenerator, DEMO_AD_COUNT, demoStatusOf } from "./generate";
export type { AdSourceVersion, GeneratedAd } from "./generate";
export { generateDemoDealers, generateDemoPrivateSellers } from "./sellers";

// The demo marketplace in the database: demo dealers and private sellers, then the ads with their
// photos and price histories, all in one transaction, then the price ratings. Photos are rendered
// through the storage interface beside the inserts (sharp works on its own threads).

export async function isEmptyMarketplace(db: Executor): Promise<boolean> {
  const rows = resultRows<{ found: boolean }>(await db.execute(sql`select exists(select 1 from used_ads) as found`));
  return !rows[0]?.found;
}

/** Every catalogue version with its model and brand, in a stable order. */
export async function loadAdSources(db: Executor): Promise<AdSourceVersion[]> {
  const rows = resultRows<{
    version_name: string; price_zar: number; fuel: string; transmission: string; drive: string; engine_cc: number | null;
    doors: number; seats: number; body_type: string; launch_date: string | Date; model_id: number; model_name: string;
    brand_id: number; brand_name: string; popularity: number;
  }>(
    await db.execute(sql`select v.name as version_name, v.price_zar, v.fuel, v.transmission, v.drive, v.engine_cc,
        v.doors::int as doors, v.seats::int as seats, m.body_type, m.launch_date::text as launch_date, m.id as model_id,
        m.name as model_name, b.id as brand_id, b.name as brand_name, m.popularity
      from versions v join models m on m.id = v.model_id join brands b on b.id = m.brand_id
      order by b.external_code, m.external_code, v.external_code`),
  );
  return rows.map((r) => ({
    versionName: r.version_name,
    priceZar: r.price_zar,
    fuel: r.fuel as AdSourceVersion["fuel"],
    transmission: r.transmission as AdSourceVersion["transmission"],
    drive: r.drive as AdSourceVersion["drive"],
    engineCc: r.engine_cc,
    doors: r.doors,
    seats: r.seats,
    bodyType: r.body_type as AdSourceVersion["bodyType"],
    launchDate: String(r.launch_date).slice(0, 10),
    modelId: r.model_id,
    modelName: r.model_name,
    brandId: r.brand_id,
    brandName: r.brand_name,
    popularity: r.popularity,
  }));
}

/** Every body type and colour pair: the demo photo sets any generated ad may point at. */
export const allDemoPhotoSets = (): DemoPhotoSet[] => bodyTypes.flatMap((bodyType) => adColours.map((c) => ({ bodyType, colour: c.slug })));

interface DemoSellerIds {
  dealerIds: number[];
  userIds: string[];
}

const dealerColumns: JsonColumn[] = [
  ["slug", "text"], ["name", "text"], ["city", "text"], ["province", "text"], ["phone", "text"], ["email", "text"],
  ["is_demo", "boolean"], ["on_marketplace", "boolean"], ["created_at", "timestamptz"], ["updated_at", "timestamptz"],
];
const userColumns: JsonColumn[] = [
  ["id", "text"], ["name", "text"], ["email", "text"], ["email_verified", "boolean"], ["created_at", "timestamptz"], ["updated_at", "timestamptz"],
];

async function insertDemoSellers(tx: Executor): Promise<DemoSellerIds> {
  const dealers = generateDemoDealers();
  // The dealer directory's seed may have written these dealers already (with their addresses).
  await tx.execute(
    sql`${insertJsonRows("dealers", dealerColumns, dealers.map((d) => ({ ...d, is_demo: true, on_marketplace: true, created_at: d.createdAt, updated_at: d.createdAt })))} on conflict (slug) do nothing`,
  );
  const users = generateDemoPrivateSellers();
  await tx.execute(
    insertJsonRows("users", userColumns, users.map((u) => ({ id: u.id, name: u.name, email: u.email, email_verified: true, created_at: u.createdAt, updated_at: u.createdAt }))),
  );
  return demoSellerIds(tx);
}

/** The ids of the demo sellers, in the generator's order (dealers by slug, users by their fixed ids). */
export async function demoSellerIds(db: Executor): Promise<DemoSellerIds> {
  const bySlug = new Map(
    resultRows<{ id: number; slug: string }>(await db.execute(sql`select id, slug from dealers where is_demo`)).map((r) => [r.slug, r.id]),
  );
  const dealerIds = generateDemoDealers().map((d) => {
    const id = bySlug.get(d.slug);
    if (id === undefined) throw new Error(`Marketplace: demo dealer ${d.slug} is missing`);
    return id;
  });
  const users = generateDemoPrivateSellers();
  const found = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from users where id like 'demo-seller-%'`))[0]?.n ?? 0;
  if (found < users.length) throw new Error(`Marketplace: ${users.length - found} demo private sellers are missing`);
  return { dealerIds, userIds: users.map((u) => u.id) };
}

const adColumns: JsonColumn[] = [
  ["id", "int"], ["status", "text"], ["seller_kind", "text"], ["seller_user_id", "text"], ["dealer_id", "int"],
  ["brand_id", "int"], ["model_id", "int"], ["make_name", "text"], ["model_name", "text"], ["variant", "text"],
  ["title", "text"], ["slug", "text"], ["year", "smallint"], ["mileage_km", "int"], ["price_zar", "int"],
  ["negotiable", "boolean"], ["fuel", "text"], ["transmission", "text"], ["body_type", "text"], ["drive", "text"],
  ["colour", "text"], ["engine_cc", "int"], ["doors", "smallint"], ["seats", "smallint"], ["service_history", "text"],
  ["previous_owners", "smallint"], ["province", "text"], ["city", "text"], ["description", "text"], ["equipment", "jsonb"],
  ["phone", "text"], ["photo_count", "smallint"], ["is_demo", "boolean"], ["published_at", "timestamptz"],
  ["expires_at", "timestamptz"], ["sold_at", "timestamptz"], ["view_count", "int"], ["contact_count", "int"],
  ["phone_reveal_count", "int"], ["created_at", "timestamptz"], ["updated_at", "timestamptz"],
];
const photoColumns: JsonColumn[] = [
  ["ad_id", "int"], ["position", "smallint"], ["storage_key", "text"], ["width", "int"], ["height", "int"], ["alt", "text"], ["created_at", "timestamptz"],
];
const priceColumns: JsonColumn[] = [["ad_id", "int"], ["price_zar", "int"], ["changed_at", "timestamptz"]];

/** Inserts generated ads (ids reserved from the sequence first, so photos and prices can point at them). */
export async function insertGeneratedAds(tx: Executor, ads: readonly GeneratedAd[], sellers: DemoSellerIds): Promise<void> {
  if (!ads.length) return;
  const ids = resultRows<{ id: number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('used_ads', 'id'))::int as id from generate_series(1, ${ads.length})`),
  ).map((r) => r.id);
  const adRows = ads.map((ad, i) => ({
    id: ids[i],
    status: ad.status,
    seller_kind: ad.sellerKind,
    seller_user_id: ad.sellerKind === "private" ? sellers.userIds[ad.sellerIndex] : null,
    dealer_id: ad.sellerKind === "dealer" ? sellers.dealerIds[ad.sellerIndex] : null,
    brand_id: ad.brandId,
    model_id: ad.modelId,
    make_name: ad.makeName,
    model_name: ad.modelName,
    variant: ad.variant,
    title: ad.title,
    slug: ad.slug,
    year: ad.year,
    mileage_km: ad.mileageKm,
    price_zar: ad.priceZar,
    negotiable: ad.negotiable,
    fuel: ad.fuel,
    transmission: ad.transmission,
    body_type: ad.bodyType,
    drive: ad.drive,
    colour: ad.colour,
    engine_cc: ad.engineCc,
    doors: ad.doors,
    seats: ad.seats,
    service_history: ad.serviceHistory,
    previous_owners: ad.previousOwners,
    province: ad.province,
    city: ad.city,
    description: ad.description,
    equipment: ad.equipment,
    phone: ad.phone,
    photo_count: ad.photos.length,
    is_demo: true,
    published_at: ad.publishedAt,
    expires_at: ad.expiresAt,
    sold_at: ad.soldAt,
    view_count: ad.viewCount,
    contact_count: ad.contactCount,
    phone_reveal_count: ad.phoneRevealCount,
    created_at: ad.createdAt,
    updated_at: ad.updatedAt,
  }));
  await tx.execute(insertJsonRows("used_ads", adColumns, adRows));
  const photoRows = ads.flatMap((ad, i) =>
    ad.photos.map((p) => ({ ad_id: ids[i], position: p.position, storage_key: p.storageKey, width: p.width, height: p.height, alt: p.alt, created_at: ad.createdAt })),
  );
  await tx.execute(insertJsonRows("used_ad_photos", photoColumns, photoRows));
  const priceRows = ads.flatMap((ad, i) => ad.prices.map((p) => ({ ad_id: ids[i], price_zar: p.priceZar, changed_at: p.changedAt })));
  await tx.execute(insertJsonRows("used_ad_prices", priceColumns, priceRows));
}

interface SeedMarketplaceOptions {
  /** Where the demo photos are rendered to; false leaves them out (tests). */
  photos?: Storage | false;
  /** The shots rendered now (every shot by default); the rest can be rendered later. */
  photoShots?: readonly DemoShot[];
}

const SEED_BATCH = 1_000;

/**
 * The demo marketplace (expects no ads yet): ~40 dealers, ~300 private sellers, DEMO_AD_COUNT
 * ads with photos and prices, then their price ratings. Returns how long each part took.
 */
export async function seedMarketplace(db: Database, options: SeedMarketplaceOptions = {}): Promise<{ ads: number; photosRendered: number; ms: number }> {
  const started = performance.now();
  const generator = createAdGenerator({
    versions: await loadAdSources(db),
    dealers: generateDemoDealers(),
    privateSellers: generateDemoPrivateSellers(),
  });
  const ads = Array.from({ length: DEMO_AD_COUNT }, (_, index) => generator.ad(index));
  const photoWork = options.photos
    ? ensureDemoPhotos(options.photos, photoSetsOf(ads), { shots: options.photoShots })
    : Promise.resolve({ rendered: 0, kept: 0 });
  // A failed render must not leave an unhandled rejection while the inserts run.
  photoWork.catch(() => {});
  await db.transaction(async (tx) => {
    const sellers = await insertDemoSellers(tx);
    for (let i = 0; i < ads.length; i += SEED_BATCH) await insertGeneratedAds(tx, ads.slice(i, i + SEED_BATCH), sellers);
  });
  await refreshPriceRatings(db);
  const photos = await photoWork;
  return { ads: ads.length, photosRendered: photos.rendered, ms: Math.round(performance.now() - started) };
}

function photoSetsOf(ads: readonly GeneratedAd[]): DemoPhotoSet[] {
  const seen = new Map<string, DemoPhotoSet>();
  for (const ad of ads) seen.set(`${ad.bodyType}-${ad.colour}`, { bodyType: ad.bodyType, colour: ad.colour });
  return [...seen.values()];
}
