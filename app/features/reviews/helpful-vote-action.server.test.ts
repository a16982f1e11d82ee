import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelReviews, reviewVotes } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { insertReview, insertReviewBrand, insertReviewer, insertReviewModel } from "../../../tests/setup/review-fixtures";
import { call, cookieFrom, givePassword, post } from "../../../tests/setup/route-calls";

// The helpful vote's action: an account's vote, one per account and review. A visitor is asked to
// sign in (401 for the page's script, the login page without scripts), whatever cookie they send.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-helpful-vote-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = "helpful-vote-test-secret-0123456789-abcdef";
delete process.env.REDIS_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { helpfulVoteAction } = await import("./review-actions.server");
const { VOTE_SIGN_IN } = await import("./review-actions");
const { reportTarget } = await import("./reviews.server");
const { helpfulVoteUrl } = await import("./urls");
const { action: loginAction } = await import("~/routes/accounts/login");

const database = useTestDatabase();
const db = () => database().db;

let modelId: number;
beforeAll(async () => {
  const brand = await insertReviewBrand(db(), "kaya", "Kaya Motors");
  modelId = (await insertReviewModel(db(), brand.id, { slug: "swift-lite", name: "Swift Lite", bodyType: "hatchback" })).id;
});

async function aReview(): Promise<{ reviewId: number; votePath: string; modelPath: string }> {
  const owner = await insertReviewer(db(), "Naledi Khumalo");
  const reviewId = await insertReview(db(), { userId: owner.id, modelId, overall: 8 });
  const target = await reportTarget(reviewId);
  return { reviewId, votePath: helpfulVoteUrl(reviewId), modelPath: target!.modelPath };
}

function vote(reviewId: number, request: Request, ip?: string) {
  return call((args: never) => helpfulVoteAction((args as { request: Request }).request, (args as { context: unknown }).context, { reviewId: String(reviewId) }), request, ip);
}

async function signedIn(): Promise<string> {
  const reader = await insertReviewer(db(), "Sipho Mokoena");
  await givePassword(db(), reader.id, "Secret123");
  return cookieFrom((await call(loginAction, post("/login", { email: reader.email, password: "Secret123", redirectTo: "/" }))).headers);
}

const helpfulCount = async (reviewId: number) =>
  (await db().select({ n: modelReviews.helpfulCount }).from(modelReviews).where(eq(modelReviews.id, reviewId)))[0]?.n;

describe("a helpful vote", () => {
  it("is refused to visitors, whatever visitor cookie they carry, and counts nothing", async () => {
    const { reviewId, votePath } = await aReview();
    for (let i = 0; i < 3; i++) {
      const answer = await vote(reviewId, post(votePath, { scripted: "1" }, { cookie: `cookie_user_id=${crypto.randomUUID()}` }), "198.51.100.9");
      expect(answer).toMatchObject({ status: 401, body: { ok: false, formError: VOTE_SIGN_IN } });
    }
    expect(await helpfulCount(reviewId)).toBe(0);
    expect(await db().select().from(reviewVotes).where(eq(reviewVotes.reviewId, reviewId))).toHaveLength(0);
  });

  it("sends a visitor without scripts to the login page, coming back to the review", async () => {
    const { reviewId, votePath, modelPath } = await aReview();
    const answer = await vote(reviewId, post(votePath, { back: `${modelPath}?tri=utiles` }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`${modelPath}?tri=utiles#review-${reviewId}`)}`);
    expect(await helpfulCount(reviewId)).toBe(0);
  });

  it("counts once per account", async () => {
    const { reviewId, votePath } = await aReview();
    const first = await signedIn();
    expect(await vote(reviewId, post(votePath, { scripted: "1" }, { cookie: first }))).toMatchObject({ status: 200, body: { ok: true, counted: true, helpfulCount: 1 } });
    // The same account again, from another address and with another visitor cookie: no second vote.
    expect(await vote(reviewId, post(votePath, { scripted: "1" }, { cookie: `${first}; cookie_user_id=${crypto.randomUUID()}` }))).toMatchObject({
      status: 200,
      body: { ok: true, counted: false, helpfulCount: 1 },
    });
    expect(await vote(reviewId, post(votePath, { scripted: "1" }, { cookie: await signedIn() }))).toMatchObject({ status: 200, body: { ok: true, counted: true, helpfulCount: 2 } });
    const voters = await db().select({ key: reviewVotes.voterKey }).from(reviewVotes).where(eq(reviewVotes.reviewId, reviewId));
    expect(voters.every((v) => v.key.startsWith("user:"))).toBe(true);
  });
});
