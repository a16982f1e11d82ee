import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { brands, models, usedAdDailyStats, usedAdPhotos, usedAds, versions } from "../../../../db/schema";
import { southAfricanDay } from "~/lib/south-african-time";
import { insertAd, insertDealer, insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";
import { markSearchIndexStale } from "../search/search-index.server";
import { adPage, adPageStatus, firstNameOf, loadAdPage, NO_RATING_REASON, recordAdView, SIMILAR_MAX } from "./ad-page.server";

const database = useTestDatabase({ seed: true });

const request = (path: string) => new Request(`http://localhost${path}`);

/** What loadAdPage threw (a redirect, or the 404's data) or returned, with the status the route gives it. */
async function answer(path: string, adIdSlug: string) {
  try {
    const body = await loadAdPage(request(path), { adIdSlug });
    return { status: adPageStatus(body), body };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const d = thrown as { data?: unknown; init?: { status?: number } };
    return { status: d.init?.status ?? 500, message: d.data };
  }
}

describe("ad page data", () => {
  it("gives a private seller's first name and member-since year, never their email or number", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db, { name: "Naledi Dlamini Khumalo", createdAt: new Date("2020-06-01T00:00:00Z") });
    const ad = await insertAd(db, { sellerUserId: seller.id, photos: 4 });
    const page = await adPage(ad.id);
    expect(page?.seller).toEqual({ kind: "private", firstName: "Naledi", memberSince: 2020 });
    expect(page?.photos.map((p) => p.storageKey)).toEqual([0, 1, 2, 3].map((i) => `demo/hatchback-white-${i}`));
    expect(page?.photos[0]).toMatchObject({ width: expect.any(Number), height: expect.any(Number), alt: expect.any(String) });
    // In the seller's order, whatever order the rows were written in; none is an empty list.
    await db.update(usedAdPhotos).set({ position: sql`10 - ${usedAdPhotos.position}` }).where(eq(usedAdPhotos.adId, ad.id));
    expect((await adPage(ad.id))?.photos.map((p) => p.storageKey)).toEqual([3, 2, 1, 0].map((i) => `demo/hatchback-white-${i}`));
    expect((await adPage((await insertAd(db, { sellerUserId: seller.id, photos: 0 })).id))?.photos).toEqual([]);
    expect(page?.ad.hasPhone).toBe(true);
    // No reveal button for a seller who hides the number.
    const hidden = await insertAd(db, { sellerUserId: seller.id, showPhone: false });
    expect((await adPage(hidden.id))?.ad.hasPhone).toBe(false);
    const text = JSON.stringify(page);
    expect(text).not.toContain(seller.email);
    expect(text).not.toContain("072 987 6543");
  });

  it("gives a dealer's name, town and directory page, never its email", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { slug: "coastal-auto-durban", name: "Coastal Auto", city: "durban", province: "kwazulu-natal" });
    const ad = await insertAd(db, { sellerKind: "dealer", dealerId: dealer.id });
    const page = await adPage(ad.id);
    expect(page?.seller).toEqual({ kind: "dealer", id: dealer.id, slug: "coastal-auto-durban", name: "Coastal Auto", city: "durban", province: "kwazulu-natal", verified: false });
    expect(JSON.stringify(page)).not.toContain(dealer.email!);
  });

  it("links the catalogue model with its cheapest version on sale", async () => {
    const { db } = database();
    const [model] = await db
      .select({ id: models.id, slug: models.slug, brandId: models.brandId, brandSlug: brands.slug })
      .from(models)
      .innerJoin(brands, eq(brands.id, models.brandId))
      .orderBy(asc(models.id))
      .limit(1);
    const [cheapest] = await db
      .select({ price: versions.priceZar })
      .from(versions)
      .where(and(eq(versions.modelId, model!.id), eq(versions.onSale, true)))
      .orderBy(asc(versions.priceZar))
      .limit(1);
    const ad = await insertAd(db, { brandId: model!.brandId, modelId: model!.id });
    const page = await adPage(ad.id);
    expect(page?.catalogue).toMatchObject({
      modelId: model!.id,
      path: `/guide-auto/voitures-neuves/marque/${model!.brandSlug}/modele/${model!.id}-${model!.slug}`,
      newPriceFrom: cheapest!.price,
    });
    const free = await insertAd(db, { makeName: "Tata", modelName: "Indica" });
    expect((await adPage(free.id))?.catalogue).toBeNull();
  });

  it("explains the price rating in one sentence, or says why there is none", async () => {
    const { db } = database();
    const rated = await insertAd(db, { priceRating: 1, ratingMedian: 177_000, ratingComparables: 23, mileageKm: 60_000, year: 2020 });
    expect((await adPage(rated.id))?.rating).toEqual({
      code: 1,
      reason: "R 18 000 below the median of 23 similar 2019-2021 Polo Vivo ads with 30 000-90 000 km",
      median: 177_000,
      comparables: 23,
    });
    const unrated = await insertAd(db, { priceRating: 0 });
    expect((await adPage(unrated.id))?.rating).toEqual({ code: 0, reason: NO_RATING_REASON, median: null, comparables: null });
  });

  it("finds similar ads: same model nearest in price, then same body type and budget, published only", async () => {
    const { db } = database();
    const base = await insertAd(db, { makeName: "Suzuki", modelName: "Swift", priceZar: 200_000 });
    const near = await insertAd(db, { makeName: "Suzuki", modelName: "Swift", priceZar: 205_000 });
    const far = await insertAd(db, { makeName: "Suzuki", modelName: "Swift", priceZar: 260_000 });
    await insertAd(db, { makeName: "Suzuki", modelName: "Swift", priceZar: 201_000, status: "sold" });
    const sameBody = await insertAd(db, { makeName: "Kia", modelName: "Picanto", priceZar: 199_000, bodyType: "hatchback" });
    await insertAd(db, { makeName: "Kia", modelName: "Sorento", priceZar: 200_000, bodyType: "suv" });
    await insertAd(db, { makeName: "Kia", modelName: "Rio", priceZar: 400_000, bodyType: "hatchback" });
    // Written behind the app's back: the search index (where similar ads are found) reads them now.
    markSearchIndexStale();
    const similar = (await adPage(base.id))!.similar.map((a) => a.id);
    expect(similar.slice(0, 2)).toEqual([near.id, far.id]);
    expect(similar).toContain(sameBody.id);
    expect(similar).not.toContain(base.id);
    expect(similar.length).toBeLessThanOrEqual(SIMILAR_MAX);
    for (const card of (await adPage(base.id))!.similar) expect(card.status).toBe("published");
  });

  it("counts a view with one update that leaves updated_at alone, only for readable ads", async () => {
    const { db } = database();
    const ad = await insertAd(db);
    const [before] = await db.select({ updatedAt: usedAds.updatedAt }).from(usedAds).where(eq(usedAds.id, ad.id));
    expect(await recordAdView(ad.id)).toBe(true);
    expect(await recordAdView(ad.id)).toBe(true);
    const [after] = await db.select({ views: usedAds.viewCount, updatedAt: usedAds.updatedAt }).from(usedAds).where(eq(usedAds.id, ad.id));
    expect(after).toEqual({ views: 2, updatedAt: before!.updatedAt });
    // The same views on the ad's South African day (the dealer dashboard's 30 days).
    const days = await db.select().from(usedAdDailyStats).where(eq(usedAdDailyStats.adId, ad.id));
    expect(days).toEqual([{ adId: ad.id, day: southAfricanDay(new Date()), views: 2, phoneReveals: 0 }]);
    const draft = await insertAd(db, { status: "draft" });
    expect(await recordAdView(draft.id)).toBe(false);
    expect(await recordAdView(99_999_999)).toBe(false);
    expect(await db.select().from(usedAdDailyStats).where(eq(usedAdDailyStats.adId, draft.id))).toHaveLength(0);
  });

  it("uses the first word of a name", () => {
    expect(firstNameOf("  Sipho  Ndlovu ")).toBe("Sipho");
    expect(firstNameOf("")).toBe("Private seller");
  });
});

describe("ad page answers", () => {
  it("a non-numeric id is the spec's 404, an unknown id the 404 page", async () => {
    expect(await answer("/marche-doccasion/annonce/abc-polo", "abc-polo")).toMatchObject({
      status: 404,
      message: "Page Not Found: /marche-doccasion/annonce/abc-polo",
    });
    expect(await answer("/marche-doccasion/annonce/0-x", "0-x")).toMatchObject({ status: 404 });
    expect(await answer("/marche-doccasion/annonce/987654321-x", "987654321-x")).toMatchObject({
      status: 404,
      message: "Page not found: /marche-doccasion/annonce/987654321-x",
    });
  });

  it("a stale or missing slug is a 301 to the canonical URL, keeping the query", async () => {
    const { db } = database();
    const ad = await insertAd(db);
    const canonical = `/marche-doccasion/annonce/${ad.id}-${ad.slug}`;
    expect(await answer(`/marche-doccasion/annonce/${ad.id}-old`, `${ad.id}-old`)).toEqual({ status: 301, location: canonical });
    expect(await answer(`/marche-doccasion/annonce/${ad.id}?x=1`, `${ad.id}`)).toEqual({ status: 301, location: `${canonical}?x=1` });
    expect(await answer(canonical, `${ad.id}-${ad.slug}`)).toMatchObject({ status: 200, body: { withdrawn: false, canonicalPath: canonical } });
  });

  it("a draft and a paused ad are 404; removed and expired ads 410 and under-review 200, naming the car and nothing else", async () => {
    const { db } = database();
    const draft = await insertAd(db, { status: "draft" });
    expect((await answer(`/x`, `${draft.id}-${draft.slug}`)).status).toBe(404);
    // A seller's paused ad is shown to no one (they have it in My ads).
    const paused = await insertAd(db, { status: "paused" });
    expect((await answer(`/x`, `${paused.id}-${paused.slug}`)).status).toBe(404);
    await insertAd(db, { makeName: "Haval", modelName: "Jolion", priceZar: 300_000 });
    for (const [status, code] of [["removed", 410], ["expired", 410], ["under_review", 200]] as const) {
      const ad = await insertAd(db, {
        status,
        makeName: "Haval",
        modelName: "Jolion",
        year: 2022,
        priceZar: 310_000,
        description: "Secret words of a scam: pay the deposit by EFT",
        phone: "0821234567",
        photos: 2,
      });
      const result = await answer(`/x`, `${ad.id}-${ad.slug}`);
      expect(result.status).toBe(code);
      expect(result.body).toMatchObject({ withdrawn: true, ad: { id: ad.id, status, makeName: "Haval", modelName: "Jolion", year: 2022 } });
      expect(Object.keys(result.body!.ad).sort()).toEqual(["id", "makeName", "modelName", "slug", "status", "title", "year"]);
      // What the page and its .data carry: no price, words, photos or seller anywhere in it.
      const shipped = JSON.stringify({ ...result.body, similar: [] });
      expect(shipped).not.toContain("310000");
      expect(shipped).not.toContain("Secret words");
      expect(shipped).not.toMatch(/photos|seller|storageKey|0821234567/);
      expect(result.body?.similar.length).toBeGreaterThan(0);
    }
    const sold = await insertAd(db, { status: "sold", soldAt: new Date() });
    expect(await answer(`/x`, `${sold.id}-${sold.slug}`)).toMatchObject({ status: 200, body: { withdrawn: false, ad: { status: "sold" } } });
  });
});
