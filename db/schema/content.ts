import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
