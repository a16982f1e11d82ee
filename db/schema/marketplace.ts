import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { brands, models } from "./catalogue";
import { dealers } from "./dealers";
import type { BodyType, FuelType, Transmission } from "./catalogue";

// The used-car marketplace: one `used_ads` table family. A seller is a user account (private) or
// a dealer; photos are rows pointing at files kept by the storage interface (app/lib/storage).
// Prices and dates are data, never text, so they can be charted later; a user's ads, favourites,
// contacts and reports go with the account (ON DELETE CASCADE).

import { adStatuses, sellerKinds, adDrives, serviceHistories, reportReasons } from "./vocabulary";
import type { AdStatus, SellerKind, AdDrive, ServiceHistory, ReportReason, DealerLeadStatus } from "./vocabulary";
export { adStatuses, sellerKinds, adDrives, serviceHistories, reportReasons };
export type { AdStatus, SellerKind, AdDrive, ServiceHistory, ReportReason };

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const usedAds = pgTable(
  "used_ads",
  {
    id: serial("id").primaryKey(),
    status: text("status").$type<AdStatus>().notNull().default("draft"),
    sellerKind: text("seller_kind").$type<SellerKind>().notNull(),
    sellerUserId: text("seller_user_id").references(() => users.id, { onDelete: "cascade" }),
    dealerId: integer("dealer_id").references(() => dealers.id, { onDelete: "cascade" }),
    // A dealer's own reference for the car (issue 46): the stock feed's key, unique per dealer.
    stockNumber: text("stock_number"),
    // Linked to the catalogue when the make and model are in it; the names are always kept, so an
    // ad survives a catalogue change and a model the catalogue lacks is free text.
    brandId: integer("brand_id").references(() => brands.id, { onDelete: "set null" }),
    modelId: integer("model_id").references(() => models.id, { onDelete: "set null" }),
    makeName: text("make_name").notNull(),
    modelName: text("model_name").notNull(),
    variant: text("variant").notNull().default(""),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    year: smallint("year").notNull(),
    mileageKm: integer("mileage_km").notNull(),
    priceZar: integer("price_zar").notNull(),
    negotiable: boolean("negotiable").notNull().default(false),
    fuel: text("fuel").$type<FuelType>().notNull(),
    transmission: text("transmission").$type<Transmission>().notNull(),
    bodyType: text("body_type").$type<BodyType>().notNull(),
    drive: text("drive").$type<AdDrive>().notNull(),
    colour: text("colour").notNull(),
    engineCc: integer("engine_cc"),
    doors: smallint("doors"),
    seats: smallint("seats"),
    serviceHistory: text("service_history").$type<ServiceHistory>().notNull(),
    previousOwners: smallint("previous_owners"),
    province: text("province").notNull(),
    city: text("city").notNull(),
    description: text("description").notNull().default(""),
    equipment: jsonb("equipment").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    // The seller's number, shown only through the counted "show phone number" reveal, and only
    // when the seller chose to show it (show_phone); it is kept either way for the seller's form.
    phone: text("phone"),
    showPhone: boolean("show_phone").notNull().default(true),
    // The price before the latest reduction ("Price reduced" on cards); null once the price rises.
    previousPriceZar: integer("previous_price_zar"),
    // Kept by the photo writes in the same transaction ("with photos only" and the card's count).
    photoCount: smallint("photo_count").notNull().default(0),
    // The price rating against comparable ads (price-rating.ts), kept by the ratings refresh:
    // 0 none (under five comparables), 1 great … 4 high; the median and count give its reason.
    priceRating: smallint("price_rating").notNull().default(0),
    ratingMedian: integer("rating_median"),
    ratingComparables: smallint("rating_comparables"),
    isDemo: boolean("is_demo").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    // An ad under review whose seller says it is fixed ("review again"): first in the moderation queue.
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true }),
    // When the "expires in 7 days" mail went; cleared by a renewal.
    expiryWarnedAt: timestamp("expiry_warned_at", { withTimezone: true }),
    viewCount: integer("view_count").notNull().default(0),
    contactCount: integer("contact_count").notNull().default(0),
    phoneRevealCount: integer("phone_reveal_count").notNull().default(0),
    // Kept by a trigger (migration 0006): title, variant and description for the keyword filter.
    searchVector: tsvector("search_vector"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Search reads an in-process index refreshed by updated_at (decision 011); the database keeps
    // an index for every filter and sort too, for the ad page's comparables, similar ads, the
    // hub's lists and any query made past the index.
    index("used_ads_updated_idx").on(t.updatedAt, t.id),
    index("used_ads_live_published_idx").on(t.publishedAt.desc(), t.id).where(sql`status = 'published'`),
    index("used_ads_live_price_idx").on(t.priceZar, t.id).where(sql`status = 'published'`),
    index("used_ads_live_mileage_idx").on(t.mileageKm, t.id).where(sql`status = 'published'`),
    index("used_ads_live_year_idx").on(t.year, t.id).where(sql`status = 'published'`),
    index("used_ads_live_model_year_idx").on(t.modelId, t.year, t.mileageKm).where(sql`status = 'published'`),
    index("used_ads_live_make_idx").on(t.makeName, t.modelName).where(sql`status = 'published'`),
    index("used_ads_live_place_idx").on(t.province, t.city).where(sql`status = 'published'`),
    index("used_ads_live_body_idx").on(t.bodyType).where(sql`status = 'published'`),
    index("used_ads_live_fuel_idx").on(t.fuel).where(sql`status = 'published'`),
    index("used_ads_live_transmission_idx").on(t.transmission).where(sql`status = 'published'`),
    index("used_ads_live_drive_idx").on(t.drive).where(sql`status = 'published'`),
    index("used_ads_live_colour_idx").on(t.colour).where(sql`status = 'published'`),
    index("used_ads_live_seller_kind_idx").on(t.sellerKind).where(sql`status = 'published'`),
    index("used_ads_live_photos_idx").on(t.photoCount).where(sql`status = 'published'`),
    index("used_ads_live_rating_idx").on(t.priceRating, t.publishedAt.desc()).where(sql`status = 'published'`),
    index("used_ads_seller_user_idx").on(t.sellerUserId),
    // The expiry job's warnings and expiries.
    index("used_ads_live_expires_idx").on(t.expiresAt).where(sql`status = 'published'`),
    // The moderation signal "one number on many private sellers' ads": the number as +27…, the
    // expression app/features/moderation/signals.server.ts matches (keep the two identical).
    index("used_ads_private_phone_idx")
      .using("btree", sql`(case when translate(phone, ' -().', '') like '0%' then '+27' || substr(translate(phone, ' -().', ''), 2) else translate(phone, ' -().', '') end)`)
      .where(sql`seller_kind = 'private'`),
    index("used_ads_dealer_idx").on(t.dealerId),
    uniqueIndex("used_ads_dealer_stock_uq").on(t.dealerId, t.stockNumber).where(sql`stock_number is not null`),
    index("used_ads_search_vector_idx").using("gin", t.searchVector),
  ],
);

export const usedAdPhotos = pgTable(
  "used_ad_photos",
  {
    id: serial("id").primaryKey(),
    adId: integer("ad_id")
      .notNull()
      .references(() => usedAds.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    // The storage key of the photo's WebP renditions (`{key}-{width}.webp`); demo ads share keys.
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("used_ad_photos_ad_position_uq").on(t.adId, t.position),
    // The moderation signal "the same photo under two sellers' ads" and the storage cleanup look photos up by key.
    index("used_ad_photos_storage_key_idx").on(t.storageKey),
  ],
);

/** Every price an ad has asked, from its first publication (the roadmap's price history). */
export const usedAdPrices = pgTable(
  "used_ad_prices",
  {
    id: serial("id").primaryKey(),
    adId: integer("ad_id")
      .notNull()
      .references(() => usedAds.id, { onDelete: "cascade" }),
    priceZar: integer("price_zar").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("used_ad_prices_ad_idx").on(t.adId, t.changedAt)],
);

export const usedAdFavourites = pgTable(
  "used_ad_favourites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adId: integer("ad_id")
      .notNull()
      .references(() => usedAds.id, { onDelete: "cascade" }),
    // The asking price when saved, so the list can say "R 10 000 less since you saved it".
    priceAtSave: integer("price_at_save").notNull(),
    // The used_ad_prices row of the last price drop mailed about (the favourites' drop mails), so
    // no drop is mailed twice. A plain number: a deleted price row goes with its ad anyway.
    dropMailedPriceId: integer("drop_mailed_price_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.adId] }), index("used_ad_favourites_ad_idx").on(t.adId)],
);

/**
 * A user's mails about price drops on their favourites: on unless switched off (no row: on, never
 * sent); the last one's time keeps them to one a day.
 */
export const priceDropMailSettings = pgTable("price_drop_mail_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mailsOn: boolean("mails_on").notNull().default(true),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
});

/** Buyers' messages to a seller (mailed with reply-to set to the buyer; the seller's address is never shown). */
export const usedAdContacts = pgTable(
  "used_ad_contacts",
  {
    id: serial("id").primaryKey(),
    adId: integer("ad_id")
      .notNull()
      .references(() => usedAds.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    // A dealer's follow-up of a message about its ad (issue 46); private sellers do not use it.
    dealerStatus: text("dealer_status").$type<DealerLeadStatus>().notNull().default("new"),
    dealerNote: text("dealer_note").notNull().default(""),
    dealerStatusAt: timestamp("dealer_status_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("used_ad_contacts_ad_idx").on(t.adId, t.createdAt)],
);

/**
 * Reports of an ad; one per account (reporter_key "user:{id}"; older rows may hold a visitor key).
 * Open until a moderator settles them (resolved_at); three open ones from established accounts put
 * the ad under review (app/features/moderation).
 */
export const usedAdReports = pgTable(
  "used_ad_reports",
  {
    id: serial("id").primaryKey(),
    adId: integer("ad_id")
      .notNull()
      .references(() => usedAds.id, { onDelete: "cascade" }),
    reporterKey: text("reporter_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ReportReason>().notNull(),
    details: text("details").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("used_ad_reports_reporter_uq").on(t.adId, t.reporterKey), index("used_ad_reports_open_idx").on(t.createdAt.desc()).where(sql`resolved_at is null`)],
);

/** A photo a seller uploaded: the ledger the storage cleanup reads (keys are content hashes, shared). */
export const uploadedPhotos = pgTable(
  "uploaded_photos",
  {
    storageKey: text("storage_key").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploaded_photos_created_idx").on(t.createdAt)],
);

/** A draft photo: a key of uploaded_photos with its size, in the order the seller chose (cover first). */
export interface DraftPhoto {
  key: string;
  width: number;
  height: number;
}

/**
 * The posting form's server-side draft: each step's fields as the seller typed them, so a reload
 * or a lost connection loses nothing. A draft with an ad id is an edit of that ad.
 */
export const adDrafts = pgTable(
  "ad_drafts",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adId: integer("ad_id").references(() => usedAds.id, { onDelete: "cascade" }),
    // Set when a dealer's member posts for the dealer (issue 46): the ad is the dealer's, not the user's.
    dealerId: integer("dealer_id").references(() => dealers.id, { onDelete: "cascade" }),
    fields: jsonb("fields").$type<Record<string, Record<string, string | string[]>>>().notNull().default(sql`'{}'::jsonb`),
    completedSteps: jsonb("completed_steps").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    photos: jsonb("photos").$type<DraftPhoto[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ad_drafts_user_idx").on(t.userId, t.updatedAt), uniqueIndex("ad_drafts_ad_uq").on(t.adId).where(sql`ad_id is not null`)],
);

/** A used-car search a user saved: its canonical query string, and whether it mails new ads daily. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    alertsOn: boolean("alerts_on").notNull().default(true),
    // Ads published after this are "new" in the list; moved when the user opens the search.
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastAlertAt: timestamp("last_alert_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_searches_user_query_uq").on(t.userId, t.query)],
);

/** The ads an alert has mailed for a saved search: each ad at most once per search. */
export const savedSearchSentAds = pgTable(
  "saved_search_sent_ads",
  {
    savedSearchId: integer("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    adId: integer("ad_id")
      .notNull()
      .references(() => usedAds.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.adId] })],
);

/** Views and phone reveals of an ad per South African day, for the dealer dashboard's 30 days (issue 46). */
export const usedAdDailyStats = pgTable(
  "used_ad_daily_stats",
  {
    adId: integer("ad_id")
      .notNull()
      .references(() => usedAds.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull().default(0),
    phoneReveals: integer("phone_reveals").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
);
