import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../../app/lib/db.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { DEMO_REVIEW_COUNT, generateDemoReviewers, generateDemoReviews, isEmptyOwnerReviews, loadReviewSources, seedOwnerReviews } from ".";
import { POPULAR_MODEL_COUNT } from "./generate";
import { REFERENCE_DATE } from "../dates";

const getDb = useTestDatabase({ seed: true });
const rows = async <T>(query: ReturnType<typeof sql>) => resultRows<T>(await getDb().db.execute(query));

describe("demo owner reviews", () => {
  it("reads like owners: scores in range, ownership figures that agree, text long enough", async () => {
    const models = await loadReviewSources(getDb().db);
    const reviews = generateDemoReviews(models, generateDemoReviewers());
    expect(reviews.length).toBe(DEMO_REVIEW_COUNT);
    expect(new Set(reviews.map((r) => `${r.userId}:${r.modelId}`)).size).toBe(reviews.length);
    const byId = new Map(models.map((m) => [m.id, m]));
    for (const r of reviews) {
      const model = byId.get(r.modelId)!;
      for (const score of [r.overall, r.comfort, r.performance, r.fuelEconomy, r.reliability, r.practicality, r.valueForMoney, r.afterSales]) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(10);
      }
      expect(r.createdAt.slice(0, 10) > model.launchDate).toBe(true);
      expect(r.createdAt.slice(0, 10) <= REFERENCE_DATE).toBe(true);
      expect(r.yearBought).toBeGreaterThanOrEqual(Number(model.launchDate.slice(0, 4)));
      expect(r.yearBought).toBeLessThanOrEqual(Number(r.createdAt.slice(0, 4)));
      expect(r.ownedMonths).toBeGreaterThanOrEqual(1);
      expect(r.kilometres / r.ownedMonths).toBeLessThan(3_000);
      expect(r.title.length).toBeGreaterThanOrEqual(5);
      expect(r.likes.length).toBeGreaterThanOrEqual(20);
      expect(r.dislikes.length).toBeGreaterThanOrEqual(20);
      if (r.versionId !== null) expect(model.versions.some((v) => v.id === r.versionId)).toBe(true);
    }
  });

  it("seeds them once, with at least three on each of the most popular models", async () => {
    const db = getDb().db;
    expect(await isEmptyOwnerReviews(db)).toBe(true);
    const result = await seedOwnerReviews(db);
    expect(result.reviews).toBe(DEMO_REVIEW_COUNT);
    expect(await isEmptyOwnerReviews(db)).toBe(false);
    const [counts] = await rows<{ reviews: number; demo: number; passwords: number }>(sql`select
      (select count(*)::int from model_reviews) as reviews,
      (select count(*)::int from model_reviews where is_demo) as demo,
      (select count(*)::int from auth_accounts where user_id like 'demo-reviewer-%') as passwords`);
    expect(counts).toEqual({ reviews: DEMO_REVIEW_COUNT, demo: DEMO_REVIEW_COUNT, passwords: 0 });
    const popular = await rows<{ n: number }>(sql`select (select count(*)::int from model_reviews r where r.model_id = m.id) as n
      from models m where m.launch_date <= ${REFERENCE_DATE}::date - 90 order by m.popularity desc, m.id limit ${POPULAR_MODEL_COUNT}`);
    expect(popular.every((m) => m.n >= 3)).toBe(true);
  });
});
