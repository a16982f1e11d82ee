// The cars of the valuation journey (tests/e2e/car-valuation.spec.ts): seven live Daihatsu Terios
// (one of them a seller's who can sign in) with their price history, two sold ones months ago, and
// two SsangYong Korandos (too few to value). Written after the demo marketplace, with ids far above it.
import type { DatabaseHandle } from "../../app/lib/db.server";
import { usedAdPrices } from "../../db/schema";
import { insertAd, insertSellerUser } from "./ad-fixtures";
import { givePassword } from "./route-calls";
import { E2E_RARE_KORANDOS, E2E_TERIOS_OTHERS, E2E_VALUATION_SELLER, E2E_VALUATION_SELLER_AD } from "./e2e-valuation-data";

const DAY = 86_400_000;

export async function writeValuationFixtures(handle: DatabaseHandle): Promise<void> {
  const now = Date.now();
  await handle.db.transaction(async (tx) => {
    const others = await insertSellerUser(tx, { id: "e2e-terios-sellers", name: "Mpho Sithole", email: "terios-sellers@example.com" });
    const seller = await insertSellerUser(tx, { id: E2E_VALUATION_SELLER.id, name: E2E_VALUATION_SELLER.name, email: E2E_VALUATION_SELLER.email });
    await givePassword(tx, seller.id, E2E_VALUATION_SELLER.password);
    const terios = { makeName: "Daihatsu", modelName: "Terios", variant: "1.5", year: 2013, bodyType: "suv" as const, colour: "silver", photos: 0, photoCount: 0 };
    const title = "2013 Daihatsu Terios 1.5";
    const slug = "2013-daihatsu-terios-1-5";
    // On sale for 75 days: counted in this month and the two or three before it.
    const publishedAt = new Date(now - 75 * DAY);
    const expiresAt = new Date(now + 20 * DAY);
    const cars = [
      ...E2E_TERIOS_OTHERS.map((c, i) => ({ id: 990_402 + i, sellerUserId: others.id, km: c.km, price: c.price })),
      { id: E2E_VALUATION_SELLER_AD.id, sellerUserId: seller.id, km: E2E_VALUATION_SELLER_AD.km, price: E2E_VALUATION_SELLER_AD.price },
    ];
    for (const car of cars) {
      await insertAd(tx, { ...terios, id: car.id, sellerUserId: car.sellerUserId, title, slug, mileageKm: car.km, priceZar: car.price, publishedAt, expiresAt });
      await tx.insert(usedAdPrices).values({ adId: car.id, priceZar: car.price, changedAt: publishedAt });
    }
    // Sold five months ago: in the chart's table, too few for a median.
    for (const [i, price] of [98_000, 104_000].entries()) {
      const id = 990_410 + i;
      await insertAd(tx, { ...terios, id, sellerUserId: others.id, title, slug, mileageKm: 118_000, priceZar: price, status: "sold", publishedAt: new Date(now - 190 * DAY), soldAt: new Date(now - 150 * DAY) });
      await tx.insert(usedAdPrices).values({ adId: id, priceZar: price, changedAt: new Date(now - 190 * DAY) });
    }
    for (let i = 0; i < E2E_RARE_KORANDOS; i++) {
      await insertAd(tx, {
        id: 990_420 + i,
        sellerUserId: others.id,
        makeName: "SsangYong",
        modelName: "Korando",
        variant: "1.7",
        title: `${2015 + i} SsangYong Korando 1.7`,
        slug: `${2015 + i}-ssangyong-korando-1-7`,
        year: 2015 + i,
        mileageKm: 80_000 + i * 10_000,
        priceZar: 120_000 + i * 10_000,
        bodyType: "suv",
        drive: "4x4",
        photos: 0,
        photoCount: 0,
      });
    }
  });
}
