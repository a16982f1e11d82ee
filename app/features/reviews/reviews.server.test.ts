import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelReviews, reviewReports, reviewVotes, users } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import {
  insertReview,
  insertReviewBrand,
  insertReviewer,
  insertReviewModel,
  insertReviewVersion,
  reviewInput,
} from "../../../tests/setup/review-fixtures";

// Owner reviews against a real database: one review per user and model (writing again replaces
// it), helpful votes once per voter, reports once per reporter with the third hiding the review,
// account deletion taking a user's reviews, votes and reports, and the reads the pages use.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-reviews-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = "reviews-test-secret-0123456789-abcdefghij";
delete process.env.REDIS_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { deleteAccountAndData } = await import("~/features/privacy/account-deletion.server");
const reads = await import("./reviews.server");
const writes = await import("./review-writes.server");

const database = useTestDatabase();
const db = () => database().db;

let brand: { id: number; slug: string; name: string };
let hatch: { id: number; slug: string; name: string };
let suv: { id: number; slug: string; name: string };
let other: { id: number; slug: string; name: string };
let versionId: number;

beforeAll(async () => {
  brand = await insertReviewBrand(db(), "kaya", "Kaya Motors");
  hatch = await insertReviewModel(db(), brand.id, { slug: "swift-lite", name: "Swift Lite", bodyType: "hatchback" });
  suv = await insertReviewModel(db(), brand.id, { slug: "karoo", name: "Karoo", bodyType: "suv" });
  const otherBrand = await insertReviewBrand(db(), "umoya", "Umoya");
  other = await insertReviewModel(db(), otherBrand.id, { slug: "breeze", name: "Breeze", bodyType: "suv" });
  versionId = await insertReviewVersion(db(), hatch.id, "1.2 Trend");
});

const rowsOf = (userId: string) => db().select().from(modelReviews).where(eq(modelReviews.userId, userId));

describe("writing a review", () => {
  it("keeps one review per user and model: writing again replaces it, votes and first date kept", async () => {
    const owner = await insertReviewer(db(), "Naledi Khumalo");
    const first = await writes.saveReview(owner.id, hatch.id, reviewInput(7, { title: "Good little car", versionId }));
    expect(first).toMatchObject({ ok: true, created: true });
    if (!first.ok) throw new Error("not saved");
    const [before] = await rowsOf(owner.id);
    const voter = await writes.voteHelpful(first.reviewId, { voterKey: "visitor:aaaa" });
    expect(voter).toEqual({ ok: true, counted: true, helpfulCount: 1 });

    const again = await writes.saveReview(owner.id, hatch.id, reviewInput(9, { title: "Even better after a year", kilometres: 61_000 }));
    expect(again).toEqual({ ok: true, reviewId: first.reviewId, created: false });
    const rows = await rowsOf(owner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first.reviewId,
      overall: 9,
      title: "Even better after a year",
      kilometres: 61_000,
      versionId: null,
      helpfulCount: 1,
      createdAt: before!.createdAt,
    });
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());

    // Another model is another review; another user writes their own.
    expect(await writes.saveReview(owner.id, suv.id, reviewInput(6))).toMatchObject({ ok: true, created: true });
    const neighbour = await insertReviewer(db(), "Johan Botha");
    expect(await writes.saveReview(neighbour.id, hatch.id, reviewInput(5))).toMatchObject({ ok: true, created: true });
    expect(await rowsOf(owner.id)).toHaveLength(2);
  });

  it("refuses a second row for the same user and model at the database too", async () => {
    const owner = await insertReviewer(db());
    await insertReview(db(), { userId: owner.id, modelId: other.id, overall: 8 });
    await expect(insertReview(db(), { userId: owner.id, modelId: other.id, overall: 4 })).rejects.toThrow();
  });

  it("answers not-found for a model that does not exist", async () => {
    const owner = await insertReviewer(db());
    expect(await writes.saveReview(owner.id, 999_999, reviewInput(8))).toEqual({ ok: false, reason: "not-found" });
  });

  it("shows a new review at once on the model's summary and first page (the cache is invalidated)", async () => {
    const model = await insertReviewModel(db(), brand.id, { slug: "fresh", name: "Fresh" });
    expect((await reads.modelReviewSummary(model.id)).count).toBe(0);
    const owner = await insertReviewer(db());
    await writes.saveReview(owner.id, model.id, reviewInput(8));
    expect((await reads.modelReviewSummary(model.id)).count).toBe(1);
    expect((await reads.modelReviewPage(model.id, "latest", 1)).reviews.map((r) => r.title)).toEqual(["Scored 8 out of 10"]);
  });

  it("lets a user delete their own review", async () => {
    const owner = await insertReviewer(db());
    const model = await insertReviewModel(db(), brand.id, { slug: "gone", name: "Gone" });
    await writes.saveReview(owner.id, model.id, reviewInput(8));
    expect(await writes.deleteOwnReview(owner.id, model.id)).toBe(true);
    expect(await writes.deleteOwnReview(owner.id, model.id)).toBe(false);
    expect((await reads.modelReviewSummary(model.id)).count).toBe(0);
  });
});

describe("helpful votes", () => {
  it("count once per voter, never on one's own review, never on a hidden one", async () => {
    const owner = await insertReviewer(db());
    const reader = await insertReviewer(db());
    const id = await insertReview(db(), { userId: owner.id, modelId: other.id, overall: 7 });
    expect(await writes.voteHelpful(id, { voterKey: `user:${reader.id}`, userId: reader.id })).toEqual({ ok: true, counted: true, helpfulCount: 1 });
    expect(await writes.voteHelpful(id, { voterKey: `user:${reader.id}`, userId: reader.id })).toEqual({ ok: true, counted: false, helpfulCount: 1 });
    expect(await writes.voteHelpful(id, { voterKey: "visitor:1234" })).toEqual({ ok: true, counted: true, helpfulCount: 2 });
    expect(await writes.voteHelpful(id, { voterKey: `user:${owner.id}`, userId: owner.id })).toEqual({ ok: false, reason: "own-review" });
    expect(await db().$count(reviewVotes, eq(reviewVotes.reviewId, id))).toBe(2);

    const hidden = await insertReview(db(), { userId: reader.id, modelId: other.id, overall: 3, hiddenAt: new Date() });
    expect(await writes.voteHelpful(hidden, { voterKey: "visitor:1234" })).toEqual({ ok: false, reason: "not-found" });
    expect(await writes.voteHelpful(999_999, { voterKey: "visitor:1234" })).toEqual({ ok: false, reason: "not-found" });
  });

  it("keys a voter by account, else visitor id, else a keyed hash of the address", () => {
    expect(writes.readerKey({ userId: "u1", visitorId: "v1", ip: "1.2.3.4" })).toBe("user:u1");
    expect(writes.readerKey({ visitorId: "v1", ip: "1.2.3.4" })).toBe("visitor:v1");
    const byIp = writes.readerKey({ ip: "1.2.3.4" });
    expect(byIp).toMatch(/^ip:[0-9a-f]{32}$/);
    expect(byIp).not.toContain("1.2.3.4");
  });
});

describe("reports", () => {
  it("take one report per reporter, and the third distinct reporter hides the review everywhere", async () => {
    const model = await insertReviewModel(db(), brand.id, { slug: "reported", name: "Reported" });
    const owner = await insertReviewer(db());
    const kept = await insertReviewer(db());
    const id = await insertReview(db(), { userId: owner.id, modelId: model.id, overall: 2 });
    await insertReview(db(), { userId: kept.id, modelId: model.id, overall: 8 });
    const reporters = await Promise.all([insertReviewer(db()), insertReviewer(db()), insertReviewer(db())]);
    const report = (user: { id: string }) => writes.reportReview(id, { reason: "fake", details: "" }, { reporterKey: `user:${user.id}`, userId: user.id });

    expect((await reads.modelReviewSummary(model.id)).count).toBe(2);
    expect(await report(reporters[0]!)).toEqual({ ok: true, hidden: false });
    expect(await report(reporters[0]!)).toEqual({ ok: false, reason: "already-reported" });
    expect(await writes.reportReview(id, { reason: "other", details: "" }, { reporterKey: `user:${owner.id}`, userId: owner.id })).toEqual({
      ok: false,
      reason: "own-review",
    });
    expect(await report(reporters[1]!)).toEqual({ ok: true, hidden: false });
    expect(await report(reporters[2]!)).toEqual({ ok: true, hidden: true });
    expect(await db().$count(reviewReports, eq(reviewReports.reviewId, id))).toBe(3);

    const [row] = await db().select({ hiddenAt: modelReviews.hiddenAt }).from(modelReviews).where(eq(modelReviews.id, id));
    expect(row!.hiddenAt).toBeInstanceOf(Date);
    const summary = await reads.modelReviewSummary(model.id);
    expect(summary).toMatchObject({ count: 1, overall: 8 });
    expect((await reads.modelReviewPage(model.id, "latest", 1)).reviews.map((r) => r.id)).not.toContain(id);

    // Editing a hidden review keeps it hidden, and the owner still finds it to edit.
    await writes.saveReview(owner.id, model.id, reviewInput(9));
    expect((await reads.ownReview(owner.id, model.id))?.hidden).toBe(true);
    expect((await reads.modelReviewSummary(model.id)).count).toBe(1);
    expect(await writes.reportReview(999_999, { reason: "fake", details: "" }, { reporterKey: "visitor:x" })).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("deleting an account", () => {
  it("deletes the user's reviews with their votes and reports, and the votes and reports the user gave", async () => {
    const owner = await insertReviewer(db(), "Ayanda Zulu");
    const reader = await insertReviewer(db());
    const own = await insertReview(db(), { userId: owner.id, modelId: other.id, overall: 6 });
    const othersReview = await insertReview(db(), { userId: reader.id, modelId: suv.id, overall: 7 });
    await writes.voteHelpful(own, { voterKey: `user:${reader.id}`, userId: reader.id });
    await writes.reportReview(own, { reason: "off-topic", details: "" }, { reporterKey: `user:${reader.id}`, userId: reader.id });
    await writes.voteHelpful(othersReview, { voterKey: `user:${owner.id}`, userId: owner.id });
    await writes.reportReview(othersReview, { reason: "fake", details: "" }, { reporterKey: `user:${owner.id}`, userId: owner.id });
    const before = (await reads.modelReviewSummary(other.id)).count;

    await deleteAccountAndData(new Request("http://localhost:3000/mon-compte", { method: "POST" }), {
      id: owner.id,
      name: owner.name,
      email: owner.email,
      emailVerified: true,
      image: null,
    });

    expect(await db().$count(users, eq(users.id, owner.id))).toBe(0);
    expect(await db().$count(modelReviews, eq(modelReviews.userId, owner.id))).toBe(0);
    expect(await db().$count(reviewVotes, eq(reviewVotes.reviewId, own))).toBe(0);
    expect(await db().$count(reviewReports, eq(reviewReports.reviewId, own))).toBe(0);
    expect(await db().$count(reviewVotes, eq(reviewVotes.userId, owner.id))).toBe(0);
    expect(await db().$count(reviewReports, eq(reviewReports.userId, owner.id))).toBe(0);
    // Pages stop showing the review at once (the cached summary was dropped).
    expect((await reads.modelReviewSummary(other.id)).count).toBe(before - 1);
    // The other user's review stays (its count keeps the vote it had: it was given).
    expect(await db().$count(modelReviews, eq(modelReviews.id, othersReview))).toBe(1);
  });
});

describe("reads", () => {
  let model: { id: number; slug: string; name: string };
  const ids: number[] = [];

  beforeAll(async () => {
    model = await insertReviewModel(db(), brand.id, { slug: "paged", name: "Paged", bodyType: "sedan" });
    // Seven reviews, one a day, helpful counts out of date order; one hidden.
    const scores = [9, 8, 10, 6, 7, 9, 4];
    const helpful = [3, 12, 0, 7, 1, 12, 5];
    for (let i = 0; i < scores.length; i++) {
      const user = await insertReviewer(db(), `Owner ${i} Tester`);
      ids.push(
        await insertReview(db(), {
          userId: user.id,
          modelId: model.id,
          overall: scores[i]!,
          helpfulCount: helpful[i]!,
          recommends: scores[i]! >= 7,
          createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
        }),
      );
    }
    const hider = await insertReviewer(db());
    await insertReview(db(), { userId: hider.id, modelId: model.id, overall: 0, helpfulCount: 99, hiddenAt: new Date(), createdAt: new Date(Date.UTC(2025, 5, 1)) });
    (await import("~/lib/cache.server")).invalidate(reads.REVIEWS_TAG);
  });

  it("sums up a model's visible reviews", async () => {
    const summary = await reads.modelReviewSummary(model.id);
    expect(summary.count).toBe(7);
    expect(summary.overall).toBe(7.6); // 53 / 7
    expect(summary.recommendPercent).toBe(71); // 5 of 7
    expect(summary.distribution.map((d) => d.count)).toEqual([3, 2, 1, 1, 0]);
  });

  it("pages the latest first and the most helpful first, a page past the end being the last", async () => {
    const first = await reads.modelReviewPage(model.id, "latest", 1);
    expect(first).toMatchObject({ total: 7, page: 1, pageCount: 2 });
    expect(first.reviews.map((r) => r.id)).toEqual([ids[6], ids[5], ids[4], ids[3], ids[2]]);
    expect(first.reviews[0]!.author).toBe("Owner T.");
    const second = await reads.modelReviewPage(model.id, "latest", 2);
    expect(second.reviews.map((r) => r.id)).toEqual([ids[1], ids[0]]);
    expect((await reads.modelReviewPage(model.id, "latest", 40)).page).toBe(2);

    const helpful = await reads.modelReviewPage(model.id, "helpful", 1);
    // 12 (newer first), 12, 7, 5, 3; the hidden review's 99 votes do not count.
    expect(helpful.reviews.map((r) => r.id)).toEqual([ids[5], ids[1], ids[3], ids[6], ids[0]]);
  });

  it("ranks models with three reviews or more, overall and by body type", async () => {
    const best = await reads.bestRatedModels({ limit: 50 });
    const paged = best.find((m) => m.id === model.id);
    expect(paged).toMatchObject({ overall: 7.6, reviewCount: 7, recommendPercent: 71, brandName: "Kaya Motors", bodyType: "sedan" });
    for (const m of best) expect(m.reviewCount).toBeGreaterThanOrEqual(3);
    expect(best.map((m) => m.overall)).toEqual([...best.map((m) => m.overall)].sort((a, b) => b - a));
    expect((await reads.bestRatedModels({ bodyType: "sedan", limit: 50 })).map((m) => m.id)).toEqual([model.id]);
    expect(await reads.bestRatedModels({ bodyType: "bakkie", limit: 50 })).toEqual([]);
    expect(await reads.ratedBodyTypes()).toContainEqual({ bodyType: "sedan", models: 1 });
  });

  it("lists the latest reviews of every model or of one brand, with their model", async () => {
    const all = await reads.latestReviews({ page: 1 });
    expect(all.total).toBeGreaterThan(7);
    const kaya = await reads.latestReviews({ brandId: brand.id, page: 1 });
    expect(kaya.reviews.every((r) => r.brandName === "Kaya Motors")).toBe(true);
    expect(kaya.reviews[0]!.modelPath).toMatch(/^\/guide-auto\/voitures-neuves\/marque\/kaya\/modele\/\d+-/);
    const brandsList = await reads.reviewedBrands();
    expect(brandsList.map((b) => b.slug)).toEqual(expect.arrayContaining(["kaya", "umoya"]));
    const stats = await reads.reviewStatsOf([model.id, 999_999]);
    expect(stats.get(model.id)).toEqual({ modelId: model.id, reviewCount: 7, overall: 7.6 });
    expect(stats.has(999_999)).toBe(false);
  });

  it("gives the write form its model, launch year and versions", async () => {
    const target = await reads.reviewTarget(hatch.id);
    expect(target).toMatchObject({ id: hatch.id, name: "Swift Lite", brandName: "Kaya Motors", launchYear: 2020, versions: [{ id: versionId, name: "1.2 Trend" }] });
    expect(await reads.reviewTarget(999_999)).toBeNull();
  });
});
