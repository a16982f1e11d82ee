import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { models, versions } from "./catalogue";
import { reviewCriteria, reviewReportReasons } from "./vocabulary";
import type { ReviewCriterion, ReviewReportReason } from "./vocabulary";
export { reviewCriteria, reviewReportReasons };
export type { ReviewCriterion, ReviewReportReason };

// Owner reviews of catalogue models (issue 16): one per user and model (writing again replaces it),
// scores as numbers so averages and distributions are queries. A user's reviews, votes and reports
// go with the account (ON DELETE CASCADE).

export const modelReviews = pgTable(
  "model_reviews",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    // The version the owner drives, when they say.
    versionId: integer("version_id").references(() => versions.id, { onDelete: "set null" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    overall: smallint("overall").notNull(),
    comfort: smallint("comfort").notNull(),
    performance: smallint("performance").notNull(),
    fuelEconomy: smallint("fuel_economy").notNull(),
    reliability: smallint("reliability").notNull(),
    practicality: smallint("practicality").notNull(),
    valueForMoney: smallint("value_for_money").notNull(),
    afterSales: smallint("after_sales").notNull(),
    title: text("title").notNull(),
    likes: text("likes").notNull(),
    dislikes: text("dislikes").notNull(),
    yearBought: smallint("year_bought").notNull(),
    kilometres: integer("kilometres").notNull(),
    ownedMonths: smallint("owned_months").notNull(),
    recommends: boolean("recommends").notNull(),
    // Kept by the vote writes in the same transaction ("most helpful" order).
    helpfulCount: integer("helpful_count").notNull().default(0),
    // Set when the third distinct reporter reports it; hidden reviews leave every list and average.
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("model_reviews_user_model_uq").on(t.userId, t.modelId),
    index("model_reviews_model_latest_idx").on(t.modelId, t.createdAt.desc()).where(sql`hidden_at is null`),
    index("model_reviews_model_helpful_idx").on(t.modelId, t.helpfulCount.desc(), t.createdAt.desc()).where(sql`hidden_at is null`),
    index("model_reviews_latest_idx").on(t.createdAt.desc()).where(sql`hidden_at is null`),
  ],
);

/** "Was this review helpful?": one vote per voter (a user id, else the visitor id). */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => modelReviews.id, { onDelete: "cascade" }),
    voterKey: text("voter_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voterKey] })],
);

/** Reports of a review: one per account, open until a moderator settles them; three from established accounts hide it pending review. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => modelReviews.id, { onDelete: "cascade" }),
    reporterKey: text("reporter_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ReviewReportReason>().notNull(),
    details: text("details").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("review_reports_reporter_uq").on(t.reviewId, t.reporterKey), index("review_reports_open_idx").on(t.createdAt.desc()).where(sql`resolved_at is null`)],
);
