import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { moderationActions, modelReviews, usedAdReports, usedAds, users } from "../../../db/schema";
import { insertAd, insertDealer, insertSellerUser } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { insertReview, insertReviewBrand, insertReviewer, insertReviewModel } from "../../../tests/setup/review-fixtures";
import { call, cookieFrom, get, givePassword, post } from "../../../tests/setup/route-calls";
import { emptyOutbox, parsedOutboxMails } from "../../../tests/setup/outbox";

// env() caches on first use: the data folder (outbox) and the moderators before anything reads them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-moderation-"));
process.env.DATA_DIR = dataDir;
process.env.MODERATOR_EMAILS = "Moderator@Example.co.za, second.moderator@example.co.za";
delete process.env.SMTP_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { restoreAd, removeAd, banSeller, banSellerOfAd, banAuthorOfReview, restoreReview, removeReview } = await import("./actions.server");
const { moderationQueue, moderationAdItem } = await import("./queue.server");
const { isModerator } = await import("./moderators.server");
const { loader: queueRoute } = await import("~/routes/moderation/queue");
const adRoutes = await import("~/routes/moderation/ad");
// call() gives no route parameters: the item's id comes from its path, as React Router would give it.
const withAdId = <A,>(handler: (args: A) => unknown) => (args: never) => {
  const { request } = args as { request: Request };
  return handler({ ...(args as object), params: { adId: new URL(request.url).pathname.split("/").pop() } } as A);
};
const adRoute = withAdId(adRoutes.loader as never);
const adAction = withAdId(adRoutes.action as never);
const { action: loginAction } = await import("~/routes/accounts/login");
const { applyMyAdAction } = await import("~/features/marketplace/my-ads/my-ads.server");
const { loader: sellStart } = await import("~/routes/selling/start");

const database = useTestDatabase();
const mails = () => parsedOutboxMails(dataDir);
beforeEach(() => emptyOutbox(dataDir));

async function statusOf(adId: number) {
  const [row] = await database().db.select({ status: usedAds.status }).from(usedAds).where(eq(usedAds.id, adId));
  return row?.status;
}

async function reported(status: "published" | "under_review" = "under_review") {
  const { db } = database();
  const seller = await insertSellerUser(db, { name: "Sipho Ndlovu" });
  const ad = await insertAd(db, { sellerUserId: seller.id, status, title: "2019 Toyota Fortuner 2.8GD-6" });
  const reader = await insertSellerUser(db, { name: "Reader" });
  await db.insert(usedAdReports).values({ adId: ad.id, reporterKey: `user:${reader.id}`, userId: reader.id, reason: "scam", details: "Wants a deposit first" });
  return { seller, ad };
}

async function signIn(email: string, name = "Someone") {
  const { db } = database();
  // The database lives for the whole file: a moderator signed in by an earlier test is reused.
  const [known] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!known) {
    const user = await insertSellerUser(db, { email, name });
    await givePassword(db, user.id, "Secret123");
  }
  const login = await call(loginAction, post("/login", { email, password: "Secret123", redirectTo: "/" }));
  return cookieFrom(login.headers);
}

describe("who moderates", () => {
  it("is a verified account MODERATOR_EMAILS names, whatever the case", () => {
    expect(isModerator({ email: "moderator@example.co.za", emailVerified: true })).toBe(true);
    expect(isModerator({ email: "moderator@example.co.za", emailVerified: false })).toBe(false);
    expect(isModerator({ email: "someone@example.co.za", emailVerified: true })).toBe(false);
    expect(isModerator(null)).toBe(false);
  });

  it("gives the 404 page to visitors and other accounts, the queue to a moderator", async () => {
    expect((await call(queueRoute, get("/moderation"))).status).toBe(404);
    const other = await signIn("buyer@example.co.za");
    expect((await call(queueRoute, get("/moderation", other))).status).toBe(404);
    const { ad } = await reported();
    expect((await call(adRoute, get(`/moderation/annonces/${ad.id}`, other))).status).toBe(404);
    expect((await call(adAction, post(`/moderation/annonces/${ad.id}`, { intent: "remove", reason: "Not allowed to do this" }, { cookie: other }))).status).toBe(404);
    expect(await statusOf(ad.id)).toBe("under_review");
    const moderator = await signIn("moderator@example.co.za", "Thandi");
    const queue = await call(queueRoute, get("/moderation", moderator));
    expect(queue.status).toBe(200);
    expect((queue.body.items as { id: number }[]).find((i) => i.id === ad.id)).toMatchObject({ kind: "ad", id: ad.id, openReports: 1, reasons: ["Looks like a scam (1)"] });
  });
});

describe("the queue", () => {
  it("lists reported ads and reviews, sellers' requests for a review first, and leaves settled ones out", async () => {
    const { db } = database();
    const first = await reported("published");
    const second = await reported();
    const settled = await reported("published");
    await db.update(usedAdReports).set({ resolvedAt: new Date() }).where(eq(usedAdReports.adId, settled.ad.id));
    await applyMyAdAction(first.seller.id, second.ad.id, "review-again"); // not theirs: refused
    await applyMyAdAction(second.seller.id, second.ad.id, "review-again");
    const ours = [first.ad.id, second.ad.id, settled.ad.id];
    const items = (await moderationQueue()).filter((i) => i.kind === "ad" && ours.includes(i.id));
    expect(items.map((i) => i.id)).toEqual([second.ad.id, first.ad.id]);
    expect(items[0]).toMatchObject({ reviewRequested: true, statusLabel: "Under review" });
    // Asked for a review, an ad comes before everything else in the queue.
    expect((await moderationQueue())[0]).toMatchObject({ id: second.ad.id });
  });
});

describe("moderating an ad", () => {
  it("restores an ad under review: back on sale, reports settled, the seller mailed, the history written", async () => {
    const { ad } = await reported();
    expect(await restoreAd(ad.id, "moderator@example.co.za", "The papers check out.")).toMatchObject({ ok: true });
    expect(await statusOf(ad.id)).toBe("published");
    expect((await moderationQueue()).some((i) => i.kind === "ad" && i.id === ad.id)).toBe(false);
    const [mail] = mails();
    expect(mail?.subject).toBe("Your ad 2019 Toyota Fortuner 2.8GD-6 is back on Voitura");
    expect(mail?.text).toContain("The papers check out.");
    const item = await moderationAdItem(ad.id);
    expect(item?.history).toMatchObject([{ action: "Restored", actor: "moderator@example.co.za", reason: "The papers check out." }]);
    expect(item?.reports).toMatchObject([{ reasonLabel: "Looks like a scam", settled: true, counts: true }]);
  });

  it("removes an ad with a reason the seller is told, through the moderator's form; a short reason is a 400", async () => {
    const { ad } = await reported();
    const moderator = await signIn("moderator@example.co.za", "Thandi");
    const short = await call(adAction, post(`/moderation/annonces/${ad.id}`, { intent: "remove", reason: "bad" }, { cookie: moderator }));
    expect(short).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { reason: expect.stringContaining("at least 10") } } });
    expect(await statusOf(ad.id)).toBe("under_review");
    const done = await call(adAction, post(`/moderation/annonces/${ad.id}`, { intent: "remove", reason: "The photos belong to another seller's car." }, { cookie: moderator }));
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    expect(await statusOf(ad.id)).toBe("removed");
    const [mail] = mails();
    expect(mail?.subject).toBe("Your ad 2019 Toyota Fortuner 2.8GD-6 was removed");
    expect(mail?.text).toContain("The photos belong to another seller's car.");
    expect(mail?.text).toContain("Looks like a scam (1)");
    expect(await removeAd(ad.id, "moderator@example.co.za", "Twice is once too many")).toMatchObject({ ok: false, status: 409 });
    expect(await removeAd(99_999_999, "moderator@example.co.za", "No such ad at all")).toMatchObject({ ok: false, status: 404 });
  });

  it("bans a seller: live ads hidden, no new post, a mail saying why; dealers' ads cannot be banned", async () => {
    const { db } = database();
    const { seller, ad } = await reported("published");
    const paused = await insertAd(db, { sellerUserId: seller.id, status: "paused" });
    const sold = await insertAd(db, { sellerUserId: seller.id, status: "sold", soldAt: new Date() });
    expect(await banSeller(seller.id, "moderator@example.co.za", "Several scam reports from different buyers.")).toMatchObject({ ok: true });
    expect([await statusOf(ad.id), await statusOf(paused.id), await statusOf(sold.id)]).toEqual(["removed", "removed", "sold"]);
    const [row] = await db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, seller.id));
    expect(row?.bannedAt).toBeInstanceOf(Date);
    expect(mails().map((m) => m.subject)).toEqual(["Your Voitura account can no longer sell"]);
    const audit = await db.select({ action: moderationActions.action, kind: moderationActions.targetKind }).from(moderationActions);
    expect(audit).toEqual(expect.arrayContaining([{ action: "ban", kind: "user" }, { action: "remove", kind: "ad" }]));
    // No ad of theirs goes live again: not a new one, not a renewal.
    const expired = await insertAd(db, { sellerUserId: seller.id, status: "expired" });
    expect(await applyMyAdAction(seller.id, expired.id, "renew")).toMatchObject({ ok: false, message: expect.stringContaining("can no longer sell") });
    await givePassword(db, seller.id, "Secret123");
    const login = await call(loginAction, post("/login", { email: seller.email, password: "Secret123", redirectTo: "/" }));
    expect(await call(sellStart, get("/poster-une-annonce", cookieFrom(login.headers)))).toMatchObject({ status: 200, body: { banned: expect.stringContaining("can no longer sell") } });

    const dealer = await insertDealer(db);
    const dealerAd = await insertAd(db, { sellerKind: "dealer", sellerUserId: null, dealerId: dealer.id, status: "under_review" });
    const moderator = await signIn("moderator@example.co.za", "Thandi");
    const refused = await call(adAction, post(`/moderation/annonces/${dealerAd.id}`, { intent: "ban", reason: "A dealer is not an account." }, { cookie: moderator }));
    expect(refused).toMatchObject({ status: 409 });
  });
});

describe("a ban and what follows it", () => {
  it("is written on the item it was decided on, settles its reports, and no restore puts a banned seller's ad back on sale", async () => {
    const { db } = database();
    const { seller, ad } = await reported("published");
    await db.update(usedAds).set({ status: "sold", soldAt: new Date() }).where(eq(usedAds.id, ad.id));
    const live = await insertAd(db, { sellerUserId: seller.id });
    expect(await banSellerOfAd(ad.id, "moderator@example.co.za", "Sold stolen cars under three accounts.")).toMatchObject({ ok: true });
    const item = await moderationAdItem(ad.id);
    expect(item?.history).toMatchObject([{ action: "Seller banned", reason: "Sold stolen cars under three accounts." }]);
    expect(item?.reports.every((r) => r.settled)).toBe(true);
    expect((await moderationQueue()).some((i) => i.id === ad.id && i.kind === "ad")).toBe(false);
    expect(await statusOf(live.id)).toBe("removed");
    const refused = await restoreAd(live.id, "moderator@example.co.za");
    expect(refused).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("banned") });
    expect(await statusOf(live.id)).toBe("removed");
  });

  it("banning a review's author hides that review and writes the ban on its history", async () => {
    const { db } = database();
    const brand = await insertReviewBrand(db, "banned-brand", "Banned Motors");
    const model = await insertReviewModel(db, brand.id, { slug: "veld", name: "Veld" });
    const author = await insertReviewer(db, "Spam Author");
    const reviewId = await insertReview(db, { modelId: model.id, userId: author.id, overall: 10 });
    expect(await banAuthorOfReview(reviewId, "moderator@example.co.za", "Writes paid reviews for a dealer.")).toMatchObject({ ok: true });
    const [review] = await db.select({ hiddenAt: modelReviews.hiddenAt }).from(modelReviews).where(eq(modelReviews.id, reviewId));
    expect(review?.hiddenAt).toBeInstanceOf(Date);
    const rows = await db.select({ action: moderationActions.action }).from(moderationActions).where(eq(moderationActions.targetId, String(reviewId)));
    expect(rows.map((r) => r.action)).toContain("ban");
  });
});

describe("moderating a review", () => {
  it("restores and removes an owner review, settling its reports", async () => {
    const { db } = database();
    const brand = await insertReviewBrand(db, "moderated", "Moderated Motors");
    const model = await insertReviewModel(db, brand.id, { slug: "karoo-x", name: "Karoo X" });
    const author = await insertReviewer(db);
    const review = { id: await insertReview(db, { modelId: model.id, userId: author.id, overall: 2 }) };
    await db.update(modelReviews).set({ hiddenAt: new Date() }).where(eq(modelReviews.id, review.id));
    expect(await restoreReview(review.id, "moderator@example.co.za")).toMatchObject({ ok: true });
    const [shown] = await db.select({ hiddenAt: modelReviews.hiddenAt }).from(modelReviews).where(eq(modelReviews.id, review.id));
    expect(shown?.hiddenAt).toBeNull();
    expect(await removeReview(review.id, "moderator@example.co.za", "It is about another car entirely.")).toMatchObject({ ok: true });
    const [hidden] = await db.select({ hiddenAt: modelReviews.hiddenAt }).from(modelReviews).where(eq(modelReviews.id, review.id));
    expect(hidden?.hiddenAt).toBeInstanceOf(Date);
  });
});
