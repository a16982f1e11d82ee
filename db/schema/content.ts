import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { models } from "./catalogue";

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

// Banners (issue 17): one per slot is shown in a reserved box, chosen by weight among the live
// ones that match the page's targeting (empty targeting lists match every page); served by
// api.php get_banners. Impressions and clicks are counted per day in banner_stats.
export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    slot: text("slot").notNull(),
    title: text("title").notNull(),
    // The image: a site path (/banners/…) or a storage key; width and height reserve its box.
    imagePath: text("image_path"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    altText: text("alt_text").notNull().default(""),
    linkUrl: text("link_url").notNull(),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    weight: integer("weight").notNull().default(1),
    // Targeting: brand slugs, body types, province slugs.
    targetBrands: jsonb("target_brands").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    targetBodyTypes: jsonb("target_body_types").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    targetProvinces: jsonb("target_provinces").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (t) => [index("banners_slot_idx").on(t.slot)],
);

/** A banner's impressions and clicks per day (impressions written in batches, not one write per view). */
export const bannerStats = pgTable(
  "banner_stats",
  {
    bannerId: integer("banner_id")
      .notNull()
      .references(() => banners.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    impressions: integer("impressions").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.day] })],
);

// News articles, authored as Markdown files under content/news/ and loaded by `npm run content:import`.
// The id comes from the file's front matter so article URLs ({categSlug}/{id}-{slug}) never move.
export const articles = pgTable(
  "articles",
  {
    id: integer("id").primaryKey(),
    // post_name in the spec's link shape.
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => newsCategories.id),
    author: text("author").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    readingMinutes: integer("reading_minutes").notNull(),
    // Cover illustration: no photos ship, so the cover is drawn from a body type and a colour.
    coverBodyType: text("cover_body_type").notNull(),
    coverColour: text("cover_colour").notNull(),
    // The hub's lead story is the newest featured article.
    featured: boolean("featured").notNull().default(false),
    bodyMarkdown: text("body_markdown").notNull(),
    // Rendered and sanitised once at import; pages print it as is.
    bodyHtml: text("body_html").notNull(),
    // Where the article came from (content/news/….md) and a hash of the file, so a re-import
    // skips unchanged files and removes articles whose file is gone.
    sourcePath: text("source_path").notNull(),
    sourceHash: text("source_hash").notNull(),
    // Normalised title for the search suggestions (search_normalise(), kept by a trigger).
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [
    uniqueIndex("articles_source_path_uq").on(t.sourcePath),
    index("articles_published_idx").on(t.publishedAt),
    index("articles_category_published_idx").on(t.categoryId, t.publishedAt),
    index("articles_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

// Models an article mentions (front matter `models:`), linked to their catalogue pages.
export const articleModels = pgTable(
  "article_models",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.modelId] }), index("article_models_model_idx").on(t.modelId)],
);

// Practical guides (/guide-pratique/{taxonomy}/{slug}), authored under content/guides/{taxonomy}/.
export const guides = pgTable(
  "guides",
  {
    id: serial("id").primaryKey(),
    taxonomyId: integer("taxonomy_id")
      .notNull()
      .references(() => guideTaxonomies.id),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    position: integer("position").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    readingMinutes: integer("reading_minutes").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    bodyHtml: text("body_html").notNull(),
    sourcePath: text("source_path").notNull(),
    sourceHash: text("source_hash").notNull(),
  },
  (t) => [
    uniqueIndex("guides_taxonomy_slug_uq").on(t.taxonomyId, t.slug),
    uniqueIndex("guides_source_path_uq").on(t.sourcePath),
  ],
);
