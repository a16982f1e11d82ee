import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { brands } from "./catalogue";
import { dealerKinds, dealerServices, weekdays } from "./vocabulary";
import type { DealerKind, DealerService, OpeningHours, OpeningInterval, Weekday } from "./vocabulary";
export { dealerKinds, dealerServices, weekdays };
export type { DealerKind, DealerService, OpeningHours, OpeningInterval, Weekday };

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dealer_contacts_dealer_idx").on(t.dealerId, t.createdAt)],
);
