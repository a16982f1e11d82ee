// Used ads the ad-page journeys need in known states (published, sold, draft, expired, one to be
// reported), written into the fresh e2e database before the server starts. The server seeds the
// demo marketplace only into an empty used_ads table, so this script seeds first, as the server
// would (catalogue, then demo ads and photos), and adds its ads after. Their ids sit far above
// the demo ads' (which count from 1), so both live side by side.
import { runAdExpiry } from "../../app/features/marketplace/ad-expiry.server";
import { isEmptyCatalogue, setDatabase, type DatabaseHandle } from "../../app/lib/db.server";
import { demoPhotoKey } from "../../app/features/marketplace/selling/demo-photos";
import { usedAdPhotos, usedAdReports } from "../../db/schema";
import { storage } from "../../app/lib/storage.server";
import { seedDatabase } from "../../db/seed";
import { isEmptyMarketplace, seedMarketplace } from "../../db/seed/marketplace";
import { insertAd, insertDealer, insertSellerUser } from "./ad-fixtures";
import { givePassword } from "./route-calls";
import {
  E2E_ADS,
  E2E_BANNED_SELLER,
  E2E_DEALER_EMAIL,
  E2E_MODERATED_ADS,
  E2E_MODERATOR,
  E2E_MY_ADS,
  E2E_MY_ADS_SELLER,
  E2E_NO_ADS_SELLER,
  E2E_REPORTED_SELLER,
  E2E_REPORTERS,
  E2E_SELLER,
} from "./e2e-marketplace-data";

export async function writeMarketplaceFixtures(handle: DatabaseHandle): Promise<void> {
  if (await isEmptyCatalogue(handle.db)) await seedDatabase(handle.db);
  if (await isEmptyMarketplace(handle.db)) await seedMarketplace(handle.db, { photos: storage() });
  await handle.db.transaction(async (tx) => {
    const seller = await insertSellerUser(tx, { ...E2E_SELLER, createdAt: new Date("2022-05-02T08:00:00Z") });
    const dealer = await insertDealer(tx, { slug: "e2e-highveld-motors", name: "Highveld Motors", email: E2E_DEALER_EMAIL });
    const polo = {
      makeName: "Volkswagen",
      modelName: "Polo Vivo",
      sellerUserId: seller.id,
    };
    await insertAd(tx, {
      ...polo,
      id: E2E_ADS.published,
      title: "2019 Volkswagen Polo Vivo 1.4 Trendline",
      slug: "2019-volkswagen-polo-vivo-1-4-trendline",
      photos: 8,
      negotiable: true,
      priceRating: 2,
      ratingMedian: 166_000,
      ratingComparables: 23,
      description: "One careful owner, always serviced at VW.\nNew Bridgestone tyres in March.\n\n<b>No</b> offers by SMS please.",
      equipment: ["Air conditioning", "Electric windows", "Central locking", "ABS brakes", "Bluetooth", "Isofix child-seat mounts"],
    });
    await insertAd(tx, {
      ...polo,
      id: E2E_ADS.dealer,
      sellerKind: "dealer",
      sellerUserId: null,
      dealerId: dealer.id,
      title: "2020 Volkswagen Polo Vivo 1.6 Highline",
      slug: "2020-volkswagen-polo-vivo-1-6-highline",
      year: 2020,
      priceZar: 189_900,
      mileageKm: 54_000,
      photos: 2,
    });
    await insertAd(tx, { ...polo, id: E2E_ADS.sold, status: "sold", soldAt: new Date(), title: "2017 Volkswagen Polo Vivo 1.4", slug: "2017-volkswagen-polo-vivo-1-4", year: 2017, priceZar: 129_000 });
    await insertAd(tx, { ...polo, id: E2E_ADS.toReport, title: "2018 Volkswagen Polo Vivo 1.4 Comfortline", slug: "2018-volkswagen-polo-vivo-1-4-comfortline", year: 2018, priceZar: 145_000 });
    await insertAd(tx, { ...polo, id: E2E_ADS.draft, status: "draft", publishedAt: null, title: "2016 Volkswagen Polo Vivo", slug: "2016-volkswagen-polo-vivo" });
    await insertAd(tx, { ...polo, id: E2E_ADS.expired, status: "expired", title: "2015 Volkswagen Polo Vivo", slug: "2015-volkswagen-polo-vivo", year: 2015, priceZar: 99_000 });
    await insertAd(tx, { ...polo, id: E2E_ADS.contactNoScript, title: "2019 Volkswagen Polo Vivo 1.4 Blueline", slug: "2019-volkswagen-polo-vivo-1-4-blueline", priceZar: 162_000, photos: 1 });
  });

  // My ads: a seller who can sign in, with ads in the states the journeys act on.
  const DAY = 86_400_000;
  const now = Date.now();
  await handle.db.transaction(async (tx) => {
    for (const account of [E2E_MY_ADS_SELLER, E2E_NO_ADS_SELLER]) {
      const user = await insertSellerUser(tx, { id: account.id, name: account.name, email: account.email });
      await givePassword(tx, user.id, account.password);
    }
    const mine = { sellerUserId: E2E_MY_ADS_SELLER.id, makeName: "Toyota", modelName: "Corolla", bodyType: "sedan" as const, colour: "silver", photos: 0 };
    const ad = async (id: number, title: string, values: Parameters<typeof insertAd>[1] = {}) => {
      const row = { ...mine, ...values };
      await insertAd(tx, { ...row, id, title, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"), photoCount: 2, createdAt: new Date(now - (id - 990_100) * 60_000) });
      // Demo photos of the car's body and paint (drawn on demand by /medias).
      await tx.insert(usedAdPhotos).values(
        (["side", "front"] as const).map((shot, position) => ({ adId: id, position, storageKey: demoPhotoKey(row.bodyType, row.colour, shot), width: 1280, height: 960, alt: `${title}, ${shot}` })),
      );
    };
    await ad(E2E_MY_ADS.toSell, "2018 Toyota Corolla 1.6 Prestige", { viewCount: 214, contactCount: 5, phoneRevealCount: 9, priceZar: 189_000 });
    await ad(E2E_MY_ADS.toPause, "2017 Toyota Corolla Quest 1.8", { priceZar: 152_000 });
    await ad(E2E_MY_ADS.expired, "2014 Toyota Corolla 1.3 Esteem", { status: "expired", expiresAt: new Date(now - 5 * DAY), publishedAt: new Date(now - 65 * DAY), priceZar: 99_000 });
    await ad(E2E_MY_ADS.toDelete, "2012 Toyota Corolla 2.0 Exclusive", { priceZar: 85_000 });
    await ad(E2E_MY_ADS.reduced, "2020 Toyota Corolla Cross 1.8 Xi", { priceZar: 179_900, previousPriceZar: 189_900, bodyType: "suv" });
    await ad(E2E_MY_ADS.expiringSoon, "2016 Toyota Corolla 1.4D Prestige", { expiresAt: new Date(now + 3 * DAY), priceZar: 129_000 });
    await ad(E2E_MY_ADS.hiddenPhone, "2019 Toyota Corolla Quest Plus", { showPhone: false, priceZar: 175_000 });
  });

  // Moderation: established reporters, the moderator, and two sellers with reported ads.
  await handle.db.transaction(async (tx) => {
    const established = new Date("2023-08-01T09:00:00Z");
    for (const account of [...E2E_REPORTERS, E2E_MODERATOR, E2E_REPORTED_SELLER, E2E_BANNED_SELLER]) {
      await insertSellerUser(tx, { id: account.id, name: account.name, email: account.email, createdAt: established });
      await givePassword(tx, account.id, account.password);
    }
    const hilux = { makeName: "Toyota", modelName: "Hilux", bodyType: "bakkie" as const, colour: "white", photos: 0, photoCount: 2 };
    const reported = [
      { id: E2E_MODERATED_ADS.toRestore, seller: E2E_REPORTED_SELLER.id, title: "2019 Toyota Hilux 2.8GD-6 Raider", status: "under_review" as const, reporters: 3 },
      { id: E2E_MODERATED_ADS.toRemove, seller: E2E_REPORTED_SELLER.id, title: "2016 Toyota Hilux 2.4GD-6 SRX", status: "under_review" as const, reporters: 3 },
      { id: E2E_MODERATED_ADS.toBan, seller: E2E_BANNED_SELLER.id, title: "2021 Toyota Hilux 2.8GD-6 Legend", status: "published" as const, reporters: 1 },
    ];
    for (const ad of reported) {
      await insertAd(tx, { ...hilux, id: ad.id, sellerUserId: ad.seller, title: ad.title, slug: ad.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"), status: ad.status, priceZar: 389_000 });
      // Demo photos of the bakkie's body and paint (drawn on demand by /medias), as the moderator sees them.
      await tx.insert(usedAdPhotos).values(
        (["side", "front"] as const).map((shot, position) => ({ adId: ad.id, position, storageKey: demoPhotoKey(hilux.bodyType, hilux.colour, shot), width: 1280, height: 960, alt: `${ad.title}, ${shot}` })),
      );
      await tx.insert(usedAdReports).values(
        E2E_REPORTERS.slice(0, ad.reporters).map((reporter, index) => ({
          adId: ad.id,
          reporterKey: `user:${reporter.id}`,
          userId: reporter.id,
          reason: index === 0 ? ("scam" as const) : ("wrong-details" as const),
          details: index === 0 ? "Asked for a R 5 000 deposit before I could see the bakkie." : "",
        })),
      );
    }
  });

  // The expiry job as the queue would run it: it mails the expiring ad's renew link to the outbox
  // the server's journeys read (only this fixture's ads are private, real and near their end).
  setDatabase(handle);
  await runAdExpiry({});
  setDatabase(undefined);
}
