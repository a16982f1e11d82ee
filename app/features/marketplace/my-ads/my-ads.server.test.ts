import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { moderationActions, usedAdContacts, usedAdFavourites, usedAdPhotos, usedAdPrices, usedAdReports, usedAds } from "../../../../db/schema";
import { clearAds, insertAd, insertDealer, insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";
import { call, cookieFrom, get, givePassword, post } from "../../../../tests/setup/route-calls";

// env() caches on first use: the data folder and settings before anything reads them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-my-ads-"));
process.env.DATA_DIR = dataDir;
process.env.CAPTCHA = "off";
process.env.AUTH_SECRET = "my-ads-test-secret-0123456789-abcdefghijk";
process.env.RATE_LIMIT_AUTH = "1000";
process.env.RATE_LIMIT_FORMS = "1000";
delete process.env.SMTP_URL;
delete process.env.REDIS_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { applyMyAdAction, sellerAds, myAdsPage } = await import("./my-ads.server");
const { searchIndex, resetSearchIndex } = await import("../search/search-index.server");
const { action: loginAction } = await import("~/routes/accounts/login");
const { loader: myAdsLoader, action: myAdsAction } = await import("~/routes/marketplace/my-ads");
const { LISTING_DAYS, DAY_MS } = await import("./my-ads-rules");

const database = useTestDatabase();
const NOW = new Date("2026-11-20T10:00:00Z");

beforeEach(async () => {
  await clearAds(database().db);
  resetSearchIndex();
});

async function seller() {
  return insertSellerUser(database().db);
}

async function adRow(id: number) {
  const [row] = await database().db.select().from(usedAds).where(eq(usedAds.id, id));
  return row;
}

describe("the seller's list", () => {
  it("lists the user's own ads newest first, every status but removed, with their figures and cover", async () => {
    const { db } = database();
    const me = await seller();
    const other = await seller();
    const fan = await seller();
    const older = await insertAd(db, { sellerUserId: me.id, title: "Old Polo", createdAt: new Date("2026-09-01T08:00:00Z"), status: "expired" });
    const newer = await insertAd(db, {
      sellerUserId: me.id,
      title: "New Polo",
      createdAt: new Date("2026-11-01T08:00:00Z"),
      viewCount: 120,
      contactCount: 4,
      phoneRevealCount: 7,
      priceZar: 149_000,
      previousPriceZar: 159_000,
    });
    await insertAd(db, { sellerUserId: me.id, title: "Taken down", status: "removed" });
    await insertAd(db, { sellerUserId: other.id, title: "Not mine" });
    await db.insert(usedAdFavourites).values([
      { userId: fan.id, adId: newer.id, priceAtSave: 159_000 },
      { userId: other.id, adId: newer.id, priceAtSave: 159_000 },
    ]);
    const ads = await sellerAds(me.id);
    expect(ads.map((a) => a.title)).toEqual(["New Polo", "Old Polo"]);
    expect(ads[0]).toMatchObject({ id: newer.id, status: "published", viewCount: 120, contactCount: 4, phoneRevealCount: 7, favouriteCount: 2, priceZar: 149_000, previousPriceZar: 159_000 });
    expect(ads[0]!.cover).toMatchObject({ storageKey: "demo/hatchback-white-0" });
    expect(ads[1]).toMatchObject({ id: older.id, status: "expired", favouriteCount: 0 });
    // Live ads: published and paused (the expired one does not count).
    expect(await myAdsPage(me.id)).toMatchObject({ liveCount: 1, liveLimit: 10 });
  });
});

describe("the seller's actions", () => {
  it("marks an ad as sold (sold_at set, updated_at moved) and refuses someone else's ad", async () => {
    const { db } = database();
    const me = await seller();
    const intruder = await seller();
    const ad = await insertAd(db, { sellerUserId: me.id, updatedAt: new Date("2026-01-01T00:00:00Z") });
    expect(await applyMyAdAction(intruder.id, ad.id, "sold", NOW)).toMatchObject({ ok: false, reason: "not-found" });
    expect((await adRow(ad.id))?.status).toBe("published");
    expect(await applyMyAdAction(me.id, ad.id, "sold", NOW)).toMatchObject({ ok: true, ad: { status: "sold" } });
    const row = await adRow(ad.id);
    expect(row).toMatchObject({ status: "sold", soldAt: NOW });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(new Date("2026-01-01T00:00:00Z").getTime());
    // A sold ad cannot be paused or renewed.
    expect(await applyMyAdAction(me.id, ad.id, "pause", NOW)).toMatchObject({ ok: false, reason: "wrong-status" });
    expect(await applyMyAdAction(me.id, ad.id, "renew", NOW)).toMatchObject({ ok: false, reason: "wrong-status" });
  });

  it("renews an expired ad for 60 days and clears the warning; a published one's renewal moves updated_at too", async () => {
    const { db } = database();
    const me = await seller();
    const expired = await insertAd(db, { sellerUserId: me.id, status: "expired", expiresAt: new Date("2026-11-01T00:00:00Z"), expiryWarnedAt: new Date("2026-10-25T00:00:00Z") });
    const result = await applyMyAdAction(me.id, expired.id, "renew", NOW);
    expect(result).toMatchObject({ ok: true, ad: { status: "published", expiresAt: new Date(NOW.getTime() + LISTING_DAYS * DAY_MS) } });
    expect(await adRow(expired.id)).toMatchObject({ status: "published", expiresAt: new Date(NOW.getTime() + 60 * DAY_MS), expiryWarnedAt: null });

    const live = await insertAd(db, { sellerUserId: me.id, expiresAt: new Date("2026-11-24T00:00:00Z"), updatedAt: new Date("2026-01-01T00:00:00Z") });
    await applyMyAdAction(me.id, live.id, "renew", NOW);
    const renewed = await adRow(live.id);
    expect(renewed?.expiresAt).toEqual(new Date(NOW.getTime() + 60 * DAY_MS));
    expect(renewed!.updatedAt.getTime()).toBeGreaterThan(new Date("2026-01-01T00:00:00Z").getTime());
  });

  it("keeps the private seller's limit of 10 live ads when renewing or putting back an ad", async () => {
    const { db } = database();
    const me = await seller();
    for (let i = 0; i < 9; i++) await insertAd(db, { sellerUserId: me.id });
    const paused = await insertAd(db, { sellerUserId: me.id, status: "paused" });
    const expired = await insertAd(db, { sellerUserId: me.id, status: "expired" });
    // Nine published and one paused: ten live ads; the expired one cannot come back.
    expect(await applyMyAdAction(me.id, expired.id, "renew", NOW)).toMatchObject({ ok: false, reason: "limit", message: expect.stringContaining("10 ads for sale") });
    expect((await adRow(expired.id))?.status).toBe("expired");
    // The paused one is already counted: putting it back is allowed.
    expect(await applyMyAdAction(me.id, paused.id, "unpause", NOW)).toMatchObject({ ok: true });
  });

  it("pauses and puts back an ad: it leaves the search and comes back; a lapsed one comes back renewed", async () => {
    const { db } = database();
    const me = await seller();
    const ad = await insertAd(db, { sellerUserId: me.id, expiresAt: new Date("2026-11-22T00:00:00Z") });
    expect((await searchIndex()).index.has(ad.id)).toBe(true);
    expect(await applyMyAdAction(me.id, ad.id, "pause", NOW)).toMatchObject({ ok: true, ad: { status: "paused" } });
    expect((await searchIndex()).index.has(ad.id)).toBe(false);
    expect(await applyMyAdAction(me.id, ad.id, "unpause", NOW)).toMatchObject({ ok: true, ad: { status: "published" } });
    expect((await searchIndex()).index.has(ad.id)).toBe(true);
    expect((await adRow(ad.id))?.expiresAt).toEqual(new Date("2026-11-22T00:00:00Z"));

    await applyMyAdAction(me.id, ad.id, "pause", NOW);
    const later = new Date("2026-12-01T00:00:00Z");
    await applyMyAdAction(me.id, ad.id, "unpause", later);
    expect((await adRow(ad.id))?.expiresAt).toEqual(new Date(later.getTime() + 60 * DAY_MS));
  });

  it("deletes an ad with its photo rows, prices, favourites and contacts; the search drops it", async () => {
    const { db } = database();
    const me = await seller();
    const fan = await seller();
    const ad = await insertAd(db, { sellerUserId: me.id, photos: 4 });
    await db.insert(usedAdPrices).values({ adId: ad.id, priceZar: 159_000 });
    await db.insert(usedAdFavourites).values({ userId: fan.id, adId: ad.id, priceAtSave: 159_000 });
    await db.insert(usedAdContacts).values({ adId: ad.id, name: "Ayanda", email: "ayanda@example.co.za", message: "Still available?" });
    expect((await searchIndex()).index.has(ad.id)).toBe(true);
    expect(await applyMyAdAction(fan.id, ad.id, "delete", NOW)).toMatchObject({ ok: false, reason: "not-found" });
    expect(await applyMyAdAction(me.id, ad.id, "delete", NOW)).toMatchObject({ ok: true, ad: { status: "deleted" } });
    expect(await adRow(ad.id)).toBeUndefined();
    for (const table of [usedAdPhotos, usedAdPrices, usedAdFavourites, usedAdContacts]) {
      expect(await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.adId, ad.id))).toEqual([{ n: 0 }]);
    }
    // A deleted row leaves no updated_at behind: the index reconciles its ids after the write.
    expect((await searchIndex()).index.has(ad.id)).toBe(false);
  });

  it("never touches a dealer's ad", async () => {
    const { db } = database();
    const me = await seller();
    const dealer = await insertDealer(db);
    const ad = await insertAd(db, { sellerKind: "dealer", sellerUserId: null, dealerId: dealer.id });
    expect(await applyMyAdAction(me.id, ad.id, "delete", NOW)).toMatchObject({ ok: false, reason: "not-found" });
    expect(await adRow(ad.id)).toBeDefined();
  });
});

describe("an ad under review in My ads", () => {
  it("shows the reports' reasons, and 'review again' puts it first in the queue without putting it back on sale", async () => {
    const { db } = database();
    const me = await seller();
    const reader = await seller();
    const ad = await insertAd(db, { sellerUserId: me.id, status: "under_review" });
    await db.insert(usedAdReports).values([
      { adId: ad.id, reporterKey: `user:${reader.id}`, userId: reader.id, reason: "scam" },
      { adId: ad.id, reporterKey: "user:someone", reason: "wrong-details", resolvedAt: new Date() },
    ]);
    const [listed] = await sellerAds(me.id);
    // Only open reports speak: a settled one is history.
    expect(listed).toMatchObject({ id: ad.id, status: "under_review", review: { reasons: [{ reason: "scam", count: 1 }], requested: false } });
    expect(await applyMyAdAction(me.id, ad.id, "pause", NOW)).toMatchObject({ ok: false, reason: "wrong-status" });
    expect(await applyMyAdAction(me.id, ad.id, "review-again", NOW)).toMatchObject({ ok: true, ad: { status: "under_review" } });
    const row = await adRow(ad.id);
    expect(row?.status).toBe("under_review");
    expect(row?.reviewRequestedAt).toBeInstanceOf(Date);
    expect(await db.select({ action: moderationActions.action, actor: moderationActions.actor }).from(moderationActions).where(eq(moderationActions.targetId, String(ad.id)))).toEqual([
      { action: "review-requested", actor: "seller" },
    ]);
    // Someone else cannot ask for it.
    const other = await seller();
    expect(await applyMyAdAction(other.id, ad.id, "review-again", NOW)).toMatchObject({ ok: false, reason: "not-found" });
    // Published ads have nothing to ask.
    const live = await insertAd(db, { sellerUserId: me.id });
    expect(await applyMyAdAction(me.id, live.id, "review-again", NOW)).toMatchObject({ ok: false, reason: "wrong-status" });
  });
});

describe("/mon-compte/annonces", () => {
  async function signedIn() {
    const { db } = database();
    const me = await seller();
    await givePassword(db, me.id, "Secret123");
    const login = await call(loginAction, post("/login", { email: me.email, password: "Secret123", redirectTo: "/mon-compte/annonces" }));
    expect(login.status).toBe(302);
    return { me, cookie: cookieFrom(login.headers) };
  }

  it("sends visitors to the login page and back", async () => {
    const answer = await call(myAdsLoader, get("/mon-compte/annonces"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/login?redirectTo=%2Fmon-compte%2Fannonces");
  });

  it("shows the list and the live-ads line, and a banner after a no-script action", async () => {
    const { db } = database();
    const { me, cookie } = await signedIn();
    const ad = await insertAd(db, { sellerUserId: me.id, title: "2019 VW Polo Vivo", expiresAt: new Date(Date.now() + 12 * DAY_MS - 3_600_000) });
    const page = await call(myAdsLoader, get("/mon-compte/annonces", cookie));
    expect(page.body).toMatchObject({ liveLine: "1 of 10 live ads", liveFull: false, notice: null, confirmDelete: null });
    expect(page.body.ads).toMatchObject([{ id: ad.id, title: "2019 VW Polo Vivo", timeLine: "Expires in 12 days", buttons: ["edit", "sold", "pause", "delete"] }]);

    const sold = await call(myAdsAction, post("/mon-compte/annonces", { intent: "sold", adId: String(ad.id) }, { cookie }));
    expect(sold.status).toBe(303);
    expect(sold.headers.get("location")).toBe(`/mon-compte/annonces?done=sold&ad=${ad.id}`);
    const after = await call(myAdsLoader, get(`/mon-compte/annonces?done=sold&ad=${ad.id}`, cookie));
    expect(after.body.notice).toBe("“2019 VW Polo Vivo” is marked as sold. Congratulations!");
  });

  it("answers scripted forms with data, and refuses bad input, other people's ads and other sites", async () => {
    const { db } = database();
    const { me, cookie } = await signedIn();
    const someone = await seller();
    const mine = await insertAd(db, { sellerUserId: me.id });
    const theirs = await insertAd(db, { sellerUserId: someone.id });
    const paused = await call(myAdsAction, post("/mon-compte/annonces", { intent: "pause", adId: String(mine.id), scripted: "1" }, { cookie }));
    expect(paused).toMatchObject({ status: 200, body: { ok: true, intent: "pause", adId: mine.id } });
    expect((await call(myAdsAction, post("/mon-compte/annonces", { intent: "pause", adId: String(theirs.id) }, { cookie }))).status).toBe(404);
    expect((await adRow(theirs.id))?.status).toBe("published");
    expect((await call(myAdsAction, post("/mon-compte/annonces", { intent: "pause", adId: String(mine.id) }, { cookie }))).status).toBe(409);
    expect((await call(myAdsAction, post("/mon-compte/annonces", { intent: "explode", adId: String(mine.id) }, { cookie }))).status).toBe(400);
    expect((await call(myAdsAction, post("/mon-compte/annonces", { intent: "sold", adId: "abc" }, { cookie }))).status).toBe(400);
    const foreign = await call(myAdsAction, post("/mon-compte/annonces", { intent: "sold", adId: String(mine.id) }, { cookie, origin: "https://evil.example" }));
    expect(foreign.status).toBe(403);
    expect((await adRow(mine.id))?.status).toBe("paused");
  });

  it("deletes only after the confirm step", async () => {
    const { db } = database();
    const { me, cookie } = await signedIn();
    const ad = await insertAd(db, { sellerUserId: me.id, title: "2015 Toyota Corolla" });
    const unconfirmed = await call(myAdsAction, post("/mon-compte/annonces", { intent: "delete", adId: String(ad.id) }, { cookie }));
    expect(unconfirmed.headers.get("location")).toBe(`/mon-compte/annonces?supprimer=${ad.id}`);
    expect(await adRow(ad.id)).toBeDefined();
    const step = await call(myAdsLoader, get(`/mon-compte/annonces?supprimer=${ad.id}`, cookie));
    expect(step.body.confirmDelete).toEqual({ id: ad.id, title: "2015 Toyota Corolla" });
    const confirmed = await call(myAdsAction, post("/mon-compte/annonces", { intent: "delete", adId: String(ad.id), confirm: "yes" }, { cookie }));
    expect(confirmed.headers.get("location")).toBe(`/mon-compte/annonces?done=delete&ad=${ad.id}`);
    expect(await db.select().from(usedAds).where(inArray(usedAds.id, [ad.id]))).toEqual([]);
  });
});
