import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "~/lib/db.server";
import { adDrafts, brands, models, usedAdPhotos, usedAdPrices, usedAds, versions } from "../../../../db/schema";
import { insertAd, insertAds, insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";
import { PHOTO_REQUIRED_MESSAGE, type StepValues } from "./ad-draft-steps";
import { publishDraft, startEditDraft } from "./ad-draft-publish.server";
import { draftPriceOutlook, saveDraftStep, sellerDraft, startDraft } from "./ad-drafts.server";
import { DESCRIPTION_PHONE_MESSAGE } from "./ad-form-schema";
import { PRIVATE_LIVE_AD_LIMIT, PRIVATE_LIVE_AD_LIMIT_MESSAGE } from "../ad-form-rules";
import { priceRatingCodes } from "../pricing/price-rating";

const database = useTestDatabase({ seed: true });

/** A catalogue model with versions, as the seller would type it (lower case on purpose). */
let car: { make: string; model: string; modelId: number; brandId: number; bodyType: string; version: { name: string; fuel: string; transmission: string; engineCc: number | null } };

beforeAll(async () => {
  const { db } = database();
  // The demo ads would be comparables: each test writes the ones it needs.
  await db.execute(sql`delete from used_ads`);
  const [row] = await db
    .select({ make: brands.name, model: models.name, modelId: models.id, brandId: brands.id, bodyType: models.bodyType, name: versions.name, fuel: versions.fuel, transmission: versions.transmission, engineCc: versions.engineCc })
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .orderBy(asc(versions.id))
    .limit(1);
  car = { make: row!.make.toLowerCase(), model: row!.model.toUpperCase(), modelId: row!.modelId, brandId: row!.brandId, bodyType: row!.bodyType, version: { name: row!.name, fuel: row!.fuel, transmission: row!.transmission, engineCc: row!.engineCc } };
});

const steps = (): Record<string, StepValues> => ({
  car: { make: car.make, model: car.model, variant: car.version.name, year: "2020", bodyType: "", fuel: "", transmission: "", drive: "" },
  condition: { mileageKm: "64 000", serviceHistory: "full", previousOwners: "1", colour: "silver", engineCc: "", doors: "", seats: "", equipment: ["Bluetooth", "Tow bar"] },
  price: { priceZar: "R 200 000", negotiable: "yes" },
  place: { province: "western-cape", city: "stellenbosch" },
  description: { description: "Well looked after, always garaged, new tyres fitted in March." },
  contact: { phone: "082 123 4567", showPhone: "yes" },
});

/** A description long enough for the schema (the fixture's own is a short one). */
const described = { description: "One careful owner, full service history at the agents, new tyres." };

const photos = [
  { key: "ads/cover", width: 1280, height: 960 },
  { key: "ads/second", width: 1280, height: 960 },
];

/** A draft with every step saved and two photos. */
async function completeDraft(userId: string) {
  const draft = await startDraft(userId);
  for (const [step, values] of Object.entries(steps())) {
    const saved = await saveDraftStep(userId, draft.id, step as "car", values);
    expect(saved, step).toMatchObject({ ok: true });
  }
  await database().db.update(adDrafts).set({ photos }).where(eq(adDrafts.id, draft.id));
  return draft.id;
}

describe("ad drafts", () => {
  it("starts a draft, continues the same unfinished one, and keeps it from other users", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const other = await insertSellerUser(db);
    const first = await startDraft(seller.id);
    expect((await startDraft(seller.id)).id).toBe(first.id);
    expect(await sellerDraft(seller.id, first.id)).toMatchObject({ id: first.id, adId: null });
    expect(await sellerDraft(other.id, first.id)).toBeUndefined();
    expect(await saveDraftStep(other.id, first.id, "car", steps().car!)).toMatchObject({ ok: false, status: 404 });
    expect((await startDraft(other.id)).id).not.toBe(first.id);
  });

  it("keeps a bad step's values with the messages under its fields, and completes it once valid", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const draft = await startDraft(seller.id);
    const bad = { description: "Call me on 082 123 4567 for this lovely car, any time." };
    const answer = await saveDraftStep(seller.id, draft.id, "description", bad);
    expect(answer).toEqual({ ok: false, status: 400, fieldErrors: { description: DESCRIPTION_PHONE_MESSAGE }, values: bad });
    let saved = await sellerDraft(seller.id, draft.id);
    expect(saved?.fields.description).toEqual(bad);
    expect(saved?.completedSteps).not.toContain("description");

    expect(await saveDraftStep(seller.id, draft.id, "description", steps().description!)).toEqual({ ok: true, next: "photos" });
    saved = await sellerDraft(seller.id, draft.id);
    expect(saved?.completedSteps).toContain("description");
    // Back saves what was typed, even invalid, and never complains.
    expect(await saveDraftStep(seller.id, draft.id, "description", bad, "back")).toEqual({ ok: true, next: "place" });
    saved = await sellerDraft(seller.id, draft.id);
    expect(saved?.fields.description).toEqual(bad);
    expect(saved?.completedSteps).not.toContain("description");
  });

  it("fills the blank body, fuel, gearbox and drive of a catalogue car, with its names as the catalogue spells them", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const draft = await startDraft(seller.id);
    expect(await saveDraftStep(seller.id, draft.id, "car", steps().car!)).toEqual({ ok: true, next: "condition" });
    const saved = await sellerDraft(seller.id, draft.id);
    expect(saved?.fields.car).toMatchObject({ bodyType: car.bodyType, fuel: car.version.fuel, transmission: car.version.transmission });
    expect(saved?.fields.car?.make).not.toBe(car.make);
    expect(String(saved?.fields.car?.make).toLowerCase()).toBe(car.make);
    if (car.version.engineCc) expect(saved?.fields.condition?.engineCc).toBe(String(car.version.engineCc));
    // The seller's own choice is kept.
    await saveDraftStep(seller.id, draft.id, "car", { ...steps().car!, fuel: "electric" });
    expect((await sellerDraft(seller.id, draft.id))?.fields.car?.fuel).toBe("electric");
  });

  it("asks for a photo before the contact step", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const draft = await startDraft(seller.id);
    expect(await saveDraftStep(seller.id, draft.id, "photos", {})).toMatchObject({ ok: false, status: 400, fieldErrors: { photos: PHOTO_REQUIRED_MESSAGE } });
    await db.update(adDrafts).set({ photos }).where(eq(adDrafts.id, draft.id));
    expect(await saveDraftStep(seller.id, draft.id, "photos", {})).toEqual({ ok: true, next: "contact" });
  });

  it("rates the asked price against the comparable published ads before publishing", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const draft = await startDraft(seller.id);
    expect(await draftPriceOutlook(draft)).toEqual({ kind: "unknown" });
    await saveDraftStep(seller.id, draft.id, "car", steps().car!);
    await saveDraftStep(seller.id, draft.id, "condition", steps().condition!);
    const comparable = { modelId: car.modelId, brandId: car.brandId, makeName: "X", modelName: "Y", year: 2020, mileageKm: 60_000 };
    await insertAds(db, [210_000, 220_000, 230_000, 240_000].map((priceZar) => ({ ...comparable, priceZar })));
    // Out of the band (year and mileage) and sold ones are not comparables.
    await insertAds(db, [{ ...comparable, year: 2016 }, { ...comparable, mileageKm: 300_000 }, { ...comparable, status: "sold" }]);
    expect(await draftPriceOutlook((await sellerDraft(seller.id, draft.id))!)).toEqual({ kind: "few", comparables: 4 });
    await insertAds(db, [{ ...comparable, priceZar: 250_000 }]);
    expect(await draftPriceOutlook((await sellerDraft(seller.id, draft.id))!)).toEqual({ kind: "rated", median: 230_000, comparables: 5 });
  });
});

describe("publishing a draft", () => {
  it("says which steps are missing and writes nothing", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const draft = await startDraft(seller.id);
    await saveDraftStep(seller.id, draft.id, "car", steps().car!);
    const answer = await publishDraft(seller.id, draft.id);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.stepErrors).sort()).toEqual(["condition", "contact", "description", "photos", "place", "price"]);
    expect(answer.stepErrors.photos).toEqual({ photos: PHOTO_REQUIRED_MESSAGE });
    expect(await sellerDraft(seller.id, draft.id)).toBeDefined();
    expect(resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from used_ads where seller_user_id = ${seller.id}`))[0]?.n).toBe(0);
  });

  it("publishes the ad with its photos, first price, 60 days and the catalogue's ids, then deletes the draft", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const draftId = await completeDraft(seller.id);
    const now = new Date("2026-05-01T10:00:00Z");
    const answer = await publishDraft(seller.id, draftId, { now });
    expect(answer).toMatchObject({ ok: true, edited: false });
    if (!answer.ok) return;
    const [ad] = await db.select().from(usedAds).where(eq(usedAds.id, answer.adId));
    expect(ad).toMatchObject({
      status: "published",
      sellerKind: "private",
      sellerUserId: seller.id,
      brandId: car.brandId,
      modelId: car.modelId,
      year: 2020,
      mileageKm: 64_000,
      priceZar: 200_000,
      negotiable: true,
      bodyType: car.bodyType,
      colour: "silver",
      province: "western-cape",
      city: "stellenbosch",
      equipment: ["Bluetooth", "Tow bar"],
      phone: "+27821234567",
      showPhone: true,
      previousPriceZar: null,
      photoCount: 2,
      publishedAt: now,
      expiresAt: new Date("2026-06-30T10:00:00Z"),
    });
    expect(ad!.title).toBe(`2020 ${ad!.makeName} ${ad!.modelName} ${car.version.name}`);
    expect(ad!.makeName.toLowerCase()).toBe(car.make);
    expect(answer.path).toBe(`/marche-doccasion/annonce/${ad!.id}-${ad!.slug}`);
    expect(ad!.slug).toMatch(/^2020-[a-z0-9-]+$/);
    const rows = await db.select().from(usedAdPhotos).where(eq(usedAdPhotos.adId, ad!.id)).orderBy(asc(usedAdPhotos.position));
    expect(rows.map((p) => [p.position, p.storageKey])).toEqual([
      [0, "ads/cover"],
      [1, "ads/second"],
    ]);
    expect(await db.select({ price: usedAdPrices.priceZar }).from(usedAdPrices).where(eq(usedAdPrices.adId, ad!.id))).toEqual([{ price: 200_000 }]);
    expect(await sellerDraft(seller.id, draftId)).toBeUndefined();
    // Publishing the same draft again (a second tab) finds nothing to publish.
    expect(await publishDraft(seller.id, draftId)).toMatchObject({ ok: false, status: 404 });
  });

  it("rates the new ad against its comparables", async () => {
    const { db } = database();
    await db.execute(sql`delete from used_ads`);
    const comparable = { modelId: car.modelId, brandId: car.brandId, year: 2020, mileageKm: 60_000 };
    await insertAds(db, [230_000, 240_000, 250_000, 260_000, 270_000].map((priceZar) => ({ ...comparable, priceZar })));
    const seller = await insertSellerUser(db);
    const answer = await publishDraft(seller.id, await completeDraft(seller.id));
    if (!answer.ok) throw new Error("not published");
    const [ad] = await db.select().from(usedAds).where(eq(usedAds.id, answer.adId));
    // R 200 000 against a median of R 250 000: great.
    expect(ad).toMatchObject({ priceRating: priceRatingCodes.great, ratingMedian: 250_000, ratingComparables: 5 });
  });

  it("refuses an eleventh live ad of a private seller, writing nothing", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    await insertAds(db, Array.from({ length: PRIVATE_LIVE_AD_LIMIT }, () => ({ sellerUserId: seller.id })));
    const draftId = await completeDraft(seller.id);
    expect(await publishDraft(seller.id, draftId)).toEqual({ ok: false, status: 409, formError: PRIVATE_LIVE_AD_LIMIT_MESSAGE, stepErrors: {} });
    expect(await sellerDraft(seller.id, draftId)).toBeDefined();
    expect(resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from used_ads where seller_user_id = ${seller.id}`))[0]?.n).toBe(PRIVATE_LIVE_AD_LIMIT);
  });
});

describe("editing an ad", () => {
  it("opens an edit draft only for the seller's own ad, with its fields and photos, and resumes it", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const other = await insertSellerUser(db);
    const ad = await insertAd(db, { sellerUserId: seller.id, photos: 3, negotiable: true, phone: "+27721234567", showPhone: false });
    expect(await startEditDraft(other.id, ad.id)).toBeUndefined();
    const sold = await insertAd(db, { sellerUserId: seller.id, status: "sold" });
    expect(await startEditDraft(seller.id, sold.id)).toBeUndefined();
    const draft = await startEditDraft(seller.id, ad.id);
    expect(draft).toMatchObject({ adId: ad.id, userId: seller.id });
    expect(draft!.photos.map((p) => p.key)).toEqual(["demo/hatchback-white-0", "demo/hatchback-white-1", "demo/hatchback-white-2"]);
    expect(draft!.fields.price).toEqual({ priceZar: "159000", negotiable: "yes" });
    expect(draft!.fields.contact).toEqual({ phone: "+27721234567" });
    expect((await startEditDraft(seller.id, ad.id))?.id).toBe(draft!.id);
    // A new ad's draft is a different one.
    expect((await startDraft(seller.id)).id).not.toBe(draft!.id);
  });

  it("saves a lower price as reduced, a higher one clears it; photos are replaced and updated_at moves", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const ad = await insertAd(db, { ...described, sellerUserId: seller.id, photos: 3, updatedAt: new Date("2026-01-01T00:00:00Z") });
    let draft = await startEditDraft(seller.id, ad.id);
    expect(await saveDraftStep(seller.id, draft!.id, "price", { priceZar: "149 000" })).toEqual({ ok: true, next: "place" });
    await db.update(adDrafts).set({ photos: [draft!.photos[2]!, draft!.photos[0]!] }).where(eq(adDrafts.id, draft!.id));
    const now = new Date("2026-03-01T08:00:00Z");
    expect(await publishDraft(seller.id, draft!.id, { now })).toMatchObject({ ok: true, adId: ad.id, edited: true });
    let [row] = await db.select().from(usedAds).where(eq(usedAds.id, ad.id));
    expect(row).toMatchObject({ priceZar: 149_000, previousPriceZar: 159_000, negotiable: false, photoCount: 2, updatedAt: now, status: "published" });
    expect((await db.select().from(usedAdPhotos).where(eq(usedAdPhotos.adId, ad.id)).orderBy(asc(usedAdPhotos.position))).map((p) => p.storageKey)).toEqual([
      "demo/hatchback-white-2",
      "demo/hatchback-white-0",
    ]);
    expect((await db.select().from(usedAdPrices).where(eq(usedAdPrices.adId, ad.id))).map((p) => p.priceZar)).toEqual([149_000]);
    expect(await sellerDraft(seller.id, draft!.id)).toBeUndefined();

    draft = await startEditDraft(seller.id, ad.id);
    await saveDraftStep(seller.id, draft!.id, "price", { priceZar: "155 000" });
    expect(await publishDraft(seller.id, draft!.id)).toMatchObject({ ok: true });
    [row] = await db.select().from(usedAds).where(eq(usedAds.id, ad.id));
    expect(row).toMatchObject({ priceZar: 155_000, previousPriceZar: null });
    expect((await db.select().from(usedAdPrices).where(eq(usedAdPrices.adId, ad.id))).map((p) => p.priceZar).sort()).toEqual([149_000, 155_000]);
  });

  it("does not count an edit against the live-ad limit", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    await insertAds(db, Array.from({ length: PRIVATE_LIVE_AD_LIMIT - 1 }, () => ({ sellerUserId: seller.id })));
    const ad = await insertAd(db, { ...described, sellerUserId: seller.id });
    const draft = await startEditDraft(seller.id, ad.id);
    await saveDraftStep(seller.id, draft!.id, "price", { priceZar: "150000" });
    expect(await publishDraft(seller.id, draft!.id)).toMatchObject({ ok: true, edited: true });
  });
});
