-- The dealer directory and owner reviews (issue 16): dealers widened into directory entries (address,
-- hours, services, brands), messages to dealers, owner reviews of catalogue models with votes and reports.
CREATE TABLE "dealer_brands" (
	"dealer_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "dealer_brands_dealer_id_brand_id_pk" PRIMARY KEY("dealer_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "dealer_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"user_id" text,
	"visitor_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"version_id" integer,
	"user_id" text NOT NULL,
	"overall" smallint NOT NULL,
	"comfort" smallint NOT NULL,
	"performance" smallint NOT NULL,
	"fuel_economy" smallint NOT NULL,
	"reliability" smallint NOT NULL,
	"practicality" smallint NOT NULL,
	"value_for_money" smallint NOT NULL,
	"after_sales" smallint NOT NULL,
	"title" text NOT NULL,
	"likes" text NOT NULL,
	"dislikes" text NOT NULL,
	"year_bought" smallint NOT NULL,
	"kilometres" integer NOT NULL,
	"owned_months" smallint NOT NULL,
	"recommends" boolean NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"reporter_key" text NOT NULL,
	"user_id" text,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" integer NOT NULL,
	"voter_key" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_voter_key_pk" PRIMARY KEY("review_id","voter_key")
);
--> statement-breakpoint
DROP INDEX "dealers_province_idx";--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "group_name" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "kind" text DEFAULT 'independent' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "sells_new" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "sells_used" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "street_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "suburb" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "services" jsonb DEFAULT '["sales"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "on_marketplace" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_brands" ADD CONSTRAINT "dealer_brands_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_brands" ADD CONSTRAINT "dealer_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_contacts" ADD CONSTRAINT "dealer_contacts_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_contacts" ADD CONSTRAINT "dealer_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_reviews" ADD CONSTRAINT "model_reviews_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_reviews" ADD CONSTRAINT "model_reviews_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_reviews" ADD CONSTRAINT "model_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_model_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."model_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_model_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."model_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_brands_brand_idx" ON "dealer_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "dealer_contacts_dealer_idx" ON "dealer_contacts" USING btree ("dealer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "model_reviews_user_model_uq" ON "model_reviews" USING btree ("user_id","model_id");--> statement-breakpoint
CREATE INDEX "model_reviews_model_latest_idx" ON "model_reviews" USING btree ("model_id","created_at" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "model_reviews_model_helpful_idx" ON "model_reviews" USING btree ("model_id","helpful_count" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "model_reviews_latest_idx" ON "model_reviews" USING btree ("created_at" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_reporter_uq" ON "review_reports" USING btree ("review_id","reporter_key");--> statement-breakpoint
CREATE UNIQUE INDEX "dealers_slug_uq" ON "dealers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "dealers_name_idx" ON "dealers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "dealers_province_idx" ON "dealers" USING btree ("province","city");--> statement-breakpoint
-- Every dealer so far came from the marketplace, where it lists its stock.
UPDATE "dealers" SET "on_marketplace" = true;
