CREATE TABLE "article_models" (
	"article_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_models_article_id_model_id_pk" PRIMARY KEY("article_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"category_id" integer NOT NULL,
	"author" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reading_minutes" integer NOT NULL,
	"cover_body_type" text NOT NULL,
	"cover_colour" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"body_markdown" text NOT NULL,
	"body_html" text NOT NULL,
	"source_path" text NOT NULL,
	"source_hash" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"taxonomy_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reading_minutes" integer NOT NULL,
	"body_markdown" text NOT NULL,
	"body_html" text NOT NULL,
	"source_path" text NOT NULL,
	"source_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_models" ADD CONSTRAINT "article_models_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_models" ADD CONSTRAINT "article_models_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_news_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."news_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_taxonomy_id_guide_taxonomies_id_fk" FOREIGN KEY ("taxonomy_id") REFERENCES "public"."guide_taxonomies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_models_model_idx" ON "article_models" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_source_path_uq" ON "articles" USING btree ("source_path");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "articles_category_published_idx" ON "articles" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "articles_search_text_trgm_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "guides_taxonomy_slug_uq" ON "guides" USING btree ("taxonomy_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "guides_source_path_uq" ON "guides" USING btree ("source_path");--> statement-breakpoint
-- search_text: the normalised title (search_normalise() of migration 0002), kept by a trigger so
-- every writer (importer, manual SQL) keeps the news suggestions right without knowing.
CREATE OR REPLACE FUNCTION articles_search_text_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_text := search_normalise(NEW.title);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER articles_search_text_trg BEFORE INSERT OR UPDATE OF title ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_search_text_refresh();
