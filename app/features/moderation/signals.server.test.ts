import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { uploadedPhotos, usedAdPhotos } from "../../../db/schema";
import { type AdFixture, clearAds, insertAd, insertDealer, insertSellerUser } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { adSignals, type ModerationSignal, sharedPhotoMessage } from "./signals.server";

// The signals the moderation queue shows beside a reported ad (issue 43): a price far under its
// comparables, a photo another seller's ad carries too, a number on the ads of many private sellers.

const database = useTestDatabase();

beforeEach(async () => {
  await clearAds(database().db);
  await database().db.execute(sql`delete from uploaded_photos`);
});

/** A published ad without the fixture's shared demo photos. */
const ad = async (values: AdFixture = {}) => (await insertAd(database().db, { photos: 0, ...values })).id;
const privateSeller = async () => ({ sellerKind: "private" as const, sellerUserId: (await insertSellerUser(database().db)).id });
const dealer = async () => ({ sellerKind: "dealer" as const, dealerId: (await insertDealer(database().db)).id });

/** A seller's upload (its content-hash key in the ledger) shown as one of the ad's photos. */
async function uploadedPhoto(adId: number, key: string, position = 0) {
  const { db } = database();
  await db.insert(uploadedPhotos).values({ storageKey: key, width: 1280, height: 960 }).onConflictDoNothing();
  await db.insert(usedAdPhotos).values({ adId, position, storageKey: key, width: 1280, height: 960 });
}

const kinds = (signals: ModerationSignal[] | undefined) => (signals ?? []).map((s) => s.kind);
const signal = (signals: ModerationSignal[] | undefined, kind: ModerationSignal["kind"]) => signals?.find((s) => s.kind === kind);

describe("adSignals", () => {
  it("answers every id asked, with no signal for an ordinary ad", async () => {
    const plain = await ad({ ...(await privateSeller()), priceRating: 3, ratingMedian: 160_000, ratingComparables: 9 });
    const signals = await adSignals([plain, 999_999]);
    expect([...signals.keys()]).toEqual([plain, 999_999]);
    expect(signals.get(plain)).toEqual([]);
    expect(signals.get(999_999)).toEqual([]);
    expect((await adSignals([])).size).toBe(0);
    // An id no column can hold is answered as unknown, not sent to the database.
    expect(await adSignals([-1, 2 ** 40, Number.NaN])).toEqual(new Map([[-1, []], [2 ** 40, []], [Number.NaN, []]]));
  });

  it("reads the database once per kind of signal, however many ads are asked", async () => {
    const seller = await privateSeller();
    const ids = [await ad(seller), await ad(seller), await ad(seller), await ad(seller)];
    const execute = vi.spyOn(database().db, "execute");
    try {
      await adSignals(ids.slice(0, 1));
      expect(execute).toHaveBeenCalledTimes(3);
      execute.mockClear();
      await adSignals(ids);
      expect(execute).toHaveBeenCalledTimes(3);
      execute.mockClear();
      await adSignals([]);
      expect(execute).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
  });

  it("flags a price 30 % or more under the median of five or more comparables, not 29 % or four", async () => {
    const seller = await privateSeller();
    const far = await ad({ ...seller, priceZar: 156_000, priceRating: 1, ratingMedian: 240_000, ratingComparables: 7 });
    const exactly = await ad({ ...seller, priceZar: 84_000, priceRating: 1, ratingMedian: 120_000, ratingComparables: 5 });
    const nearly = await ad({ ...seller, priceZar: 85_200, priceRating: 1, ratingMedian: 120_000, ratingComparables: 5 });
    const few = await ad({ ...seller, priceZar: 50_000, priceRating: 0, ratingMedian: 120_000, ratingComparables: 4 });
    const unrated = await ad({ ...seller, priceZar: 50_000 });
    const signals = await adSignals([far, exactly, nearly, few, unrated]);
    expect(signal(signals.get(far), "low-price")?.message).toBe("R 84 000 (35 %) below the median of 7 similar ads");
    expect(signal(signals.get(exactly), "low-price")?.message).toBe("R 36 000 (30 %) below the median of 5 similar ads");
    expect(kinds(signals.get(nearly))).toEqual([]);
    expect(kinds(signals.get(few))).toEqual([]);
    expect(kinds(signals.get(unrated))).toEqual([]);
  });

  it("flags a photo that another seller's ad carries, naming that ad", async () => {
    const thabo = await privateSeller();
    const stolenFrom = await ad(thabo);
    const copy = await ad(await privateSeller());
    const byDealer = await ad(await dealer());
    await uploadedPhoto(stolenFrom, "ads/0a1b2c");
    await uploadedPhoto(stolenFrom, "ads/3d4e5f", 1);
    await uploadedPhoto(copy, "ads/0a1b2c");
    await uploadedPhoto(byDealer, "ads/3d4e5f");
    const signals = await adSignals([stolenFrom, copy, byDealer]);
    expect(signal(signals.get(stolenFrom), "shared-photo")?.message).toBe(`A photo of this ad is also on ads ${copy} and ${byDealer}, of 2 other sellers`);
    expect(signal(signals.get(copy), "shared-photo")?.message).toBe(`A photo of this ad is also on ad ${stolenFrom}, of another seller`);
    expect(kinds(signals.get(byDealer))).toEqual(["shared-photo"]);
  });

  it("does not flag a photo one seller shows on two ads, nor the site's own demo photos", async () => {
    const thabo = await privateSeller();
    const first = await ad(thabo);
    const second = await ad(thabo);
    await uploadedPhoto(first, "ads/777aaa");
    await uploadedPhoto(second, "ads/777aaa");
    const dealerSeller = await dealer();
    const dealerFirst = await ad(dealerSeller);
    const dealerSecond = await ad(dealerSeller);
    await uploadedPhoto(dealerFirst, "ads/888bbb");
    await uploadedPhoto(dealerSecond, "ads/888bbb");
    // The fixture's photos are the demo photos every demo ad shares: not a seller's upload.
    const demoA = (await insertAd(database().db, { ...(await privateSeller()), photos: 2 })).id;
    const demoB = (await insertAd(database().db, { ...(await privateSeller()), photos: 2 })).id;
    const signals = await adSignals([first, second, dealerFirst, dealerSecond, demoA, demoB]);
    for (const id of [first, second, dealerFirst, dealerSecond, demoA, demoB]) expect(kinds(signals.get(id))).toEqual([]);
  });

  it("flags a number on the ads of more than three private sellers, however it was typed", async () => {
    const written = ["072 987 6543", "+27 72 987 6543", "+27729876543", "072-987-6543"];
    const sellers = [await privateSeller(), await privateSeller(), await privateSeller()];
    const ads: number[] = [];
    for (const [i, seller] of sellers.entries()) ads.push(await ad({ ...seller, phone: written[i] }));
    // Three private sellers, one of them with two ads, and a dealer: not yet.
    ads.push(await ad({ ...sellers[2]!, phone: "(072) 987 6543" }));
    ads.push(await ad({ ...(await dealer()), phone: "0729876543" }));
    const other = await ad({ ...(await privateSeller()), phone: "082 123 4567" });
    let signals = await adSignals([...ads, other]);
    for (const id of [...ads, other]) expect(kinds(signals.get(id))).toEqual([]);

    const fourth = await ad({ ...(await privateSeller()), phone: written[3] });
    signals = await adSignals([...ads, fourth, other]);
    for (const id of [...ads, fourth]) {
      expect(signal(signals.get(id), "shared-phone")?.message).toBe("This phone number is on the ads of 4 private sellers");
    }
    expect(kinds(signals.get(other))).toEqual([]);
  });
});

describe("sharedPhotoMessage", () => {
  it("names the other ads in order, up to ten, then how many more", () => {
    expect(sharedPhotoMessage([34, 12], 1)).toBe("A photo of this ad is also on ads 12 and 34, of another seller");
    const many = Array.from({ length: 13 }, (_, i) => 100 + i);
    expect(sharedPhotoMessage(many, 13)).toBe("A photo of this ad is also on ads 100, 101, 102, 103, 104, 105, 106, 107, 108, 109 and 3 more, of 13 other sellers");
  });
});
