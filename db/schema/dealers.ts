import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { brands } from "./catalogue";
import { dealerClaimStatuses, dealerKinds, dealerLeadStatuses, dealerRoles, dealerServices, weekdays } from "./vocabulary";
import type {
  DealerClaimStatus,
  DealerKind,
  DealerLeadStatus,
  DealerRole,
  DealerService,
  OpeningHours,
  OpeningInterval,
  ReviewReportReason,
  Weekday,
} from "./vocabulary";
export { dealerClaimStatuses, dealerKinds, dealerLeadStatuses, dealerRoles, dealerServices, weekdays };
export type { DealerClaimStatus, DealerKind, DealerLeadStatus, DealerRole, DealerService, OpeningHours, OpeningInterval, Weekday };

// The dealer directory (issue 16): franchise dealers of the catalogue's brands and independent
// used-car dealers. Dealers on the marketplace own their used ads (used_ads.dealer_id). The town
// and province are the marketplace's slugs (app/lib/places.ts), so a dealer, its
// ads and the directory's filters speak of places the same way.

export const dealers = pgTable(
  "dealers",
  {
    id: serial("id").primaryKey(),
    // Unique: the importer's key (an import upserts by slug) and the page's URL slug.
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    // The dealer group ("Motus", "CMH"), or null for a single-site dealer.
    groupName: text("group_name"),
    kind: text("kind").$type<DealerKind>().notNull().default("independent"),
    sellsNew: boolean("sells_new").notNull().default(false),
    sellsUsed: boolean("sells_used").notNull().default(true),
    streetAddress: text("street_address").notNull().default(""),
    suburb: text("suburb").notNull().default(""),
    city: text("city").notNull(),
    province: text("province").notNull(),
    postalCode: text("postal_code").notNull().default(""),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    openingHours: jsonb("opening_hours").$type<OpeningHours | null>(),
    services: jsonb("services").$type<DealerService[]>().notNull().default(sql`'["sales"]'::jsonb`),
    // Whether the dealer lists its stock on Voitura's used-car marketplace.
    onMarketplace: boolean("on_marketplace").notNull().default(false),
    // Written by the dealer's owner once claimed (issue 46); plain text, shown on its page.
    description: text("description").notNull().default(""),
    // The storage key of the logo's WebP renditions (`{key}-{width}.webp`), uploaded by the owner.
    logoKey: text("logo_key"),
    // Set when a claim is approved: the dealer shows "Verified dealer" on its page, cards and ads.
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    // How many live ads the dealer may have; the operator changes it (a private seller's is 10).
    adLimit: integer("ad_limit").notNull().default(500),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dealers_slug_uq").on(t.slug),
    index("dealers_province_idx").on(t.province, t.city),
    index("dealers_name_idx").on(t.name),
  ],
);

/** The brands a dealer holds a franchise for (new cars) or is known for. */
export const dealerBrands = pgTable(
  "dealer_brands",
  {
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.brandId] }), index("dealer_brands_brand_idx").on(t.brandId)],
);

/** Messages sent from a dealer's page (mailed to the dealer with Reply-To the sender). */
export const dealerContacts = pgTable(
  "dealer_contacts",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    // What the message is about: a new car, a used car, a service booking, parts, finance, other.
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    // The dealer's own follow-up (issue 46), set by its staff in the dashboard.
    dealerStatus: text("dealer_status").$type<DealerLeadStatus>().notNull().default("new"),
    dealerNote: text("dealer_note").notNull().default(""),
    dealerStatusAt: timestamp("dealer_status_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dealer_contacts_dealer_idx").on(t.dealerId, t.createdAt)],
);

// Dealer accounts (issue 46, docs/dealers.md). A user belongs to a dealer as its owner or staff;
// every dealer action checks this membership on the server (app/features/dealer-accounts).

export const dealerMembers = pgTable(
  "dealer_members",
  {
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<DealerRole>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.userId] }), index("dealer_members_user_idx").on(t.userId)],
);

/**
 * A user's claim to own a dealer: a six-digit code mailed to the dealer's listed address (kept as
 * a hash, a few attempts, a short life), or a moderator's decision when it cannot be proved that way.
 */
export const dealerClaims = pgTable(
  "dealer_claims",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<DealerClaimStatus>().notNull(),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: smallint("code_attempts").notNull().default(0),
    // What the claimant tells a moderator: their role at the dealer, a number to call back.
    message: text("message").notNull().default(""),
    // A moderator's address or a command-line operator, and when.
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dealer_claims_open_uq").on(t.dealerId, t.userId).where(sql`status in ('code-sent', 'in-review')`),
    index("dealer_claims_review_idx").on(t.createdAt).where(sql`status = 'in-review'`),
  ],
);

/** An owner's invitation of a person by e-mail; the mailed link's token is kept as a hash. */
export const dealerInvitations = pgTable(
  "dealer_invitations",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<DealerRole>().notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dealer_invitations_token_uq").on(t.tokenHash), index("dealer_invitations_dealer_idx").on(t.dealerId, t.createdAt)],
);

/**
 * A stock feed import, from the dashboard or the command line: its progress while it runs and
 * what it changed or why it stopped (errors by line and column), for the dashboard to show.
 */
export const dealerStockImports = pgTable(
  "dealer_stock_imports",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    // queued, running, done, failed
    status: text("status").notNull().default("queued"),
    dryRun: boolean("dry_run").notNull().default(false),
    rowsTotal: integer("rows_total").notNull().default(0),
    rowsDone: integer("rows_done").notNull().default(0),
    // { created, updated, unchanged, markedSold, skipped, errors: [{ line, column, message }] }
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("dealer_stock_imports_dealer_idx").on(t.dealerId, t.createdAt)],
);

/**
 * A buyer's rating of a dealer they contacted through Voitura (a lead or a message, 7 days or more
 * before): one per buyer and dealer, 1-5 on each criterion, a short text, and the dealer's one answer.
 */
export const dealerRatings = pgTable(
  "dealer_ratings",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    response: smallint("response").notNull(),
    honesty: smallint("honesty").notNull(),
    asDescribed: smallint("as_described").notNull(),
    text: text("text").notNull(),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    // Set when reports put it under review or a moderator removes it; hidden ratings leave the average.
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dealer_ratings_user_dealer_uq").on(t.userId, t.dealerId),
    index("dealer_ratings_dealer_idx").on(t.dealerId, t.createdAt.desc()).where(sql`hidden_at is null`),
  ],
);

/** Reports of a dealer rating: one per account, open until a moderator settles them (like review reports). */
export const dealerRatingReports = pgTable(
  "dealer_rating_reports",
  {
    id: serial("id").primaryKey(),
    ratingId: integer("rating_id")
      .notNull()
      .references(() => dealerRatings.id, { onDelete: "cascade" }),
    reporterKey: text("reporter_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ReviewReportReason>().notNull(),
    details: text("details").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("dealer_rating_reports_reporter_uq").on(t.ratingId, t.reporterKey),
    index("dealer_rating_reports_open_idx").on(t.createdAt.desc()).where(sql`resolved_at is null`),
  ],
);
