import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../../app/lib/db.server";
import { resultRows } from "../../../app/lib/db.server";
import { insertJsonRows, type JsonColumn } from "../../../app/lib/json-rows.server";
import { bumpRevision } from "../../../app/lib/cache.server";
import type { BodyType, FuelType } from "../../schema/vocabulary";
import { generateDemoReviewers, generateDemoReviews, type ReviewSourceModel } from "./generate";

export { DEMO_REVIEW_COUNT, DEMO_REVIEWER_COUNT, generateDemoReviewers, generateDemoReviews, reviewCounts } from "./generate";
export type { GeneratedReview, ReviewSourceModel } from "./generate";

// The demo owner reviews in the database: their authors (accounts without a password, so nobody
// can sign in as them) and the reviews, in one transaction.

export async function isEmptyOwnerReviews(db: Executor): Promise<boolean> {
  const rows = resultRows<{ found: boolean }>(await db.execute(sql`select exists(select 1 from model_reviews) as found`));
  return !rows[0]?.found;
}

/** Every catalogue model with its versions' ids and fuels, as the review generator reads them. */
export async function loadReviewSources(db: Executor): Promise<ReviewSourceModel[]> {
  const rows = resultRows<{ id: number; name: string; brand_name: string; body_type: string; launch_date: string; popularity: number; versions: Array<{ id: number; fuel: string }> }>(
    await db.execute(sql`select m.id, m.name, b.name as brand_name, m.body_type, m.launch_date::text as launch_date, m.popularity,
        coalesce((select json_agg(json_build_object('id', v.id, 'fuel', v.fuel) order by v.id) from versions v where v.model_id = m.id), '[]') as versions
      from models m join brands b on b.id = m.brand_id order by m.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    brandName: r.brand_name,
    bodyType: r.body_type as BodyType,
    launchDate: String(r.launch_date).slice(0, 10),
    popularity: r.popularity,
    versions: (typeof r.versions === "string" ? JSON.parse(r.versions) : r.versions).map((v: { id: number; fuel: string }) => ({ id: v.id, fuel: v.fuel as FuelType })),
  }));
}

const userColumns: JsonColumn[] = [
  ["id", "text"], ["name", "text"], ["email", "text"], ["email_verified", "boolean"], ["created_at", "timestamptz"], ["updated_at", "timestamptz"],
];
const reviewColumns: JsonColumn[] = [
  ["model_id", "int"], ["version_id", "int"], ["user_id", "text"], ["overall", "smallint"], ["comfort", "smallint"],
  ["performance", "smallint"], ["fuel_economy", "smallint"], ["reliability", "smallint"], ["practicality", "smallint"],
  ["value_for_money", "smallint"], ["after_sales", "smallint"], ["title", "text"], ["likes", "text"], ["dislikes", "text"],
  ["year_bought", "smallint"], ["kilometres", "int"], ["owned_months", "smallint"], ["recommends", "boolean"],
  ["helpful_count", "int"], ["is_demo", "boolean"], ["created_at", "timestamptz"], ["updated_at", "timestamptz"],
];

/** Writes the demo reviewers and their reviews (expects no review yet). Returns the count. */
export async function seedOwnerReviews(db: Database): Promise<{ reviews: number; reviewers: number }> {
  const reviewers = generateDemoReviewers();
  const reviews = generateDemoReviews(await loadReviewSources(db), reviewers);
  const authors = new Set(reviews.map((r) => r.userId));
  await db.transaction(async (tx) => {
    await tx.execute(sql`${insertJsonRows(
      "users",
      userColumns,
      reviewers.filter((u) => authors.has(u.id)).map((u) => ({ id: u.id, name: u.name, email: u.email, email_verified: true, created_at: u.createdAt, updated_at: u.createdAt })),
    )} on conflict (id) do nothing`);
    await tx.execute(
      insertJsonRows(
        "model_reviews",
        reviewColumns,
        reviews.map((r) => ({
          model_id: r.modelId, version_id: r.versionId, user_id: r.userId, overall: r.overall, comfort: r.comfort,
          performance: r.performance, fuel_economy: r.fuelEconomy, reliability: r.reliability, practicality: r.practicality,
          value_for_money: r.valueForMoney, after_sales: r.afterSales, title: r.title, likes: r.likes, dislikes: r.dislikes,
          year_bought: r.yearBought, kilometres: r.kilometres, owned_months: r.ownedMonths, recommends: r.recommends,
          helpful_count: r.helpfulCount, is_demo: true, created_at: r.createdAt, updated_at: r.createdAt,
        })),
      ),
    );
    await bumpRevision(tx, "reviews");
  });
  return { reviews: reviews.length, reviewers: authors.size };
}
