import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// News categories feed the header news menu and api.php get_header_menu_news.
export const newsCategories = pgTable(
  "news_categories",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("news_categories_slug_uq").on(t.slug)],
);

// Practical-guide taxonomies feed the side menu and api.php menu-guide-pratique.
export const guideTaxonomies = pgTable(
  "guide_taxonomies",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    // Short label used in the burger side menu ("Driving licence", "Vignette", …).
    menuLabel: text("menu_label").notNull(),
    description: text("description").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("guide_taxonomies_slug_uq").on(t.slug)],
);

// Banner slots served by api.php get_banners.
export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    slot: text("slot").notNull(),
    title: text("title").notNull(),
    imagePath: text("image_path"),
    linkUrl: text("link_url").notNull(),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
  },
  (t) => [index("banners_slot_idx").on(t.slot)],
);
