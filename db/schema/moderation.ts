import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

// The moderation audit trail: every action a moderator (or the system, on reports) takes on an ad,
// a review or an account, with who, when and why. Rows are never updated; an item's history is
// its rows in order. The moderator is kept by address, not by foreign key, so the trail outlives
// the moderator's account (and a command-line action names its operator the same way).

export const moderationTargets = ["ad", "review", "user", "dealer-claim", "dealer-rating"] as const;
export type ModerationTarget = (typeof moderationTargets)[number];

// approve and refuse: a moderator's decision on a dealer claim (issue 46); the column is plain text.
export const moderationActionKinds = ["under-review", "review-requested", "restore", "remove", "ban", "approve", "refuse"] as const;
export type ModerationActionKind = (typeof moderationActionKinds)[number];

export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: serial("id").primaryKey(),
    targetKind: text("target_kind").$type<ModerationTarget>().notNull(),
    // An ad or review id, or a user id, as text.
    targetId: text("target_id").notNull(),
    action: text("action").$type<ModerationActionKind>().notNull(),
    // A moderator's address, "system" for automatic steps, or "seller" for the seller's request.
    actor: text("actor").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("moderation_actions_target_idx").on(t.targetKind, t.targetId, t.createdAt)],
);
