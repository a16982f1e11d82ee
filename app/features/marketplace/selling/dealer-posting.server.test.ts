import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adDrafts, brands, dealerMembers, dealers, models, usedAdPrices, usedAds, versions } from "../../../../db/schema";
import { insertAd, insertDealer, insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";
import type { StepValues } from "./ad-draft-steps";
import { publishDraft, startEditDraft } from "./ad-draft-publish.server";
import { saveDraftStep, sellerDraft, startDraft } from "./ad-drafts.server";
import { NOT_DEALER_MEMBER_MESSAGE } from "./seller-limits.server";
import { dealerLiveAdLimitMessage, PRIVATE_LIVE_AD_LIMIT, STOCK_NUMBER_MESSAGE } from "../ad-form-rules";

// Posting for a dealer (issue 46): the ad is the dealer's, the writer must act for it, and the
// dealer's own limit and stock numbers apply instead of a private seller's.

const database = useTestDatabase({ seed: true });

let car: { make: string; model: string; variant: string };
let dealerId: number;
let otherDealerId: number;

beforeAll(async () => {
  const { db } = database();
  await db.execute(sql`delete from used_ads`);
  const [row] = await db
    .select({ make: brands.name, model: models.name, variant: versions.name })
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .orderBy(asc(versions.id))
    .limit(1);
  car = row!;
  dealerId = (await insertDealer(db, { name: "Jacaranda Motors (demo data)" })).id;
  otherDealerId = (await insertDealer(db, { name: "Bosveld Auto (demo data)", city: "polokwane", province: "limpopo" })).id;
});

const steps = (stockNumber = "VW-2291"): Record<string, StepValues> => ({
  car: { make: car.make, model: car.model, variant: car.variant, year: "2021", bodyType: "", fuel: "", transmission: "", drive: "" },
  condition: { mileageKm: "41 000", serviceHistory: "full", previousOwners: "1", colour: "white", engineCc: "", doors: "", seats: "", equipment: [] },
  price: { priceZar: "R 289 900" },
  place: { province: "gauteng", city: "pretoria" },
  description: { description: "Dealer maintained, one owner, balance of service plan, demo data." },
  contact: { phone: "012 345 6789", showPhone: "yes", stockNumber },
});

async function member(role: "owner" | "staff", ofDealer = dealerId) {
  const { db } = database();
  const user = await insertSellerUser(db);
  await db.insert(dealerMembers).values({ dealerId: ofDealer, userId: user.id, role });
  return user;
}

/** A dealer draft with every step saved and a photo; the draft row may be forged for another dealer. */
async function completeDealerDraft(userId: string, forDealer: number | null, stockNumber?: string) {
  const draft = await startDraft(userId, forDealer);
  for (const [step, values] of Object.entries(steps(stockNumber))) {
    expect(await saveDraftStep(userId, draft.id, step as "car", values), step).toMatchObject({ ok: true });
  }
  await database().db.update(adDrafts).set({ photos: [{ key: "ads/dealer-cover", width: 1280, height: 960 }] }).where(eq(adDrafts.id, draft.id));
  return draft.id;
}

describe("posting for a dealer", () => {
  it("starts from the dealer's town and number, and publishes the dealer's ad with its stock number", async () => {
    const { db } = database();
    const staff = await member("staff");
    const draft = await startDraft(staff.id, dealerId);
    const [dealer] = await db.select().from(dealers).where(eq(dealers.id, dealerId));
    expect((draft.fields as Record<string, StepValues>).place).toEqual({ province: dealer!.province, city: dealer!.city });
    // A private draft of the same person is another draft.
    expect((await startDraft(staff.id)).id).not.toBe(draft.id);

    const draftId = await completeDealerDraft(staff.id, dealerId, "VW-1001");
    const answer = await publishDraft(staff.id, draftId);
    expect(answer).toMatchObject({ ok: true, edited: false });
    const [ad] = await db.select().from(usedAds).where(eq(usedAds.id, (answer as { adId: number }).adId));
    expect(ad).toMatchObject({ sellerKind: "dealer", dealerId, sellerUserId: null, stockNumber: "VW-1001", status: "published" });
  });

  it("is not held to a private seller's limit, but to the dealer's own", async () => {
    const { db } = database();
    const owner = await member("owner");
    for (let i = 0; i < PRIVATE_LIVE_AD_LIMIT; i++) await insertAd(db, { sellerKind: "private", sellerUserId: owner.id, dealerId: null });
    expect(await publishDraft(owner.id, await completeDealerDraft(owner.id, dealerId, "LIM-1"))).toMatchObject({ ok: true });

    const live = await db.select({ id: usedAds.id }).from(usedAds).where(eq(usedAds.dealerId, dealerId));
    await db.update(dealers).set({ adLimit: live.length }).where(eq(dealers.id, dealerId));
    const refused = await publishDraft(owner.id, await completeDealerDraft(owner.id, dealerId, "LIM-2"));
    expect(refused).toEqual({ ok: false, status: 409, formError: dealerLiveAdLimitMessage(live.length), stepErrors: {} });
    expect(await db.select().from(usedAds).where(eq(usedAds.stockNumber, "LIM-2"))).toHaveLength(0);
    await db.update(dealers).set({ adLimit: 500 }).where(eq(dealers.id, dealerId));
  });

  it("refuses a draft for a dealer the writer does not act for, and a stock number the dealer already uses", async () => {
    const { db } = database();
    const outsider = await member("owner", otherDealerId);
    // A draft forged for another dealer (the start page would not have made it).
    const forged = await completeDealerDraft(outsider.id, dealerId, "FORGED-1");
    expect(await publishDraft(outsider.id, forged)).toEqual({ ok: false, status: 409, formError: NOT_DEALER_MEMBER_MESSAGE, stepErrors: {} });
    expect(await db.select().from(usedAds).where(eq(usedAds.stockNumber, "FORGED-1"))).toHaveLength(0);
    expect(await sellerDraft(outsider.id, forged)).toBeDefined();

    const staff = await member("staff");
    expect(await publishDraft(staff.id, await completeDealerDraft(staff.id, dealerId, "DUP-7"))).toMatchObject({ ok: true });
    const again = await publishDraft(staff.id, await completeDealerDraft(staff.id, dealerId, "DUP-7"));
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect((again as { formError: string }).formError).toContain("already has the stock number DUP-7");
  });

  it("checks the stock number's form, and drops it from a private seller's ad", async () => {
    const { db } = database();
    const staff = await member("staff");
    const draft = await startDraft(staff.id, dealerId);
    const bad = await saveDraftStep(staff.id, draft.id, "contact", { phone: "", stockNumber: "<script>" });
    expect(bad).toMatchObject({ ok: false, status: 400, fieldErrors: { stockNumber: STOCK_NUMBER_MESSAGE } });

    const seller = await insertSellerUser(db);
    const privateDraft = await completeDealerDraft(seller.id, null, "PRIV-1");
    const answer = await publishDraft(seller.id, privateDraft);
    const [ad] = await db.select().from(usedAds).where(eq(usedAds.id, (answer as { adId: number }).adId));
    expect(ad).toMatchObject({ sellerKind: "private", sellerUserId: seller.id, dealerId: null, stockNumber: null });
  });

  it("lets any member edit the dealer's ad (a price change is kept), never a member of another dealer", async () => {
    const { db } = database();
    const owner = await member("owner");
    const answer = await publishDraft(owner.id, await completeDealerDraft(owner.id, dealerId, "ED-1"));
    const adId = (answer as { adId: number }).adId;

    const outsider = await member("staff", otherDealerId);
    expect(await startEditDraft(outsider.id, adId)).toBeUndefined();

    const ownersEdit = await startEditDraft(owner.id, adId);
    expect(ownersEdit).toMatchObject({ dealerId, adId });
    // A colleague takes over the edit the owner left open.
    const staff = await member("staff");
    const edit = await startEditDraft(staff.id, adId);
    expect(edit).toMatchObject({ id: ownersEdit!.id, userId: staff.id, dealerId });
    expect(await saveDraftStep(staff.id, edit!.id, "price", { priceZar: "R 279 900" })).toMatchObject({ ok: true });
    expect(await publishDraft(staff.id, edit!.id)).toMatchObject({ ok: true, edited: true });
    const [ad] = await db.select().from(usedAds).where(eq(usedAds.id, adId));
    expect(ad).toMatchObject({ priceZar: 279_900, previousPriceZar: 289_900, stockNumber: "ED-1", sellerKind: "dealer" });
    expect((await db.select().from(usedAdPrices).where(eq(usedAdPrices.adId, adId))).map((p) => p.priceZar)).toEqual([289_900, 279_900]);

    // Removed from the dealer, the colleague's open edit cannot be saved.
    const next = await startEditDraft(staff.id, adId);
    await db.delete(dealerMembers).where(eq(dealerMembers.userId, staff.id));
    expect(await publishDraft(staff.id, next!.id)).toMatchObject({ ok: false, status: 404 });
  });
});
