CREATE TABLE "dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"phone" text,
	"email" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_ad_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"user_id" text,
	"visitor_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_ad_favourites" (
	"user_id" text NOT NULL,
	"ad_id" integer NOT NULL,
	"price_at_save" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_ad_favourites_user_id_ad_id_pk" PRIMARY KEY("user_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "used_ad_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_ad_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"price_zar" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_ad_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"reporter_key" text NOT NULL,
	"user_id" text,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"seller_kind" text NOT NULL,
	"seller_user_id" text,
	"dealer_id" integer,
	"brand_id" integer,
	"model_id" integer,
	"make_name" text NOT NULL,
	"model_name" text NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"year" smallint NOT NULL,
	"mileage_km" integer NOT NULL,
	"price_zar" integer NOT NULL,
	"negotiable" boolean DEFAULT false NOT NULL,
	"fuel" text NOT NULL,
	"transmission" text NOT NULL,
	"body_type" text NOT NULL,
	"drive" text NOT NULL,
	"colour" text NOT NULL,
	"engine_cc" integer,
	"doors" smallint,
	"seats" smallint,
	"service_history" text NOT NULL,
	"previous_owners" smallint,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"equipment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phone" text,
	"photo_count" smallint DEFAULT 0 NOT NULL,
	"price_rating" smallint DEFAULT 0 NOT NULL,
	"rating_median" integer,
	"rating_comparables" smallint,
	"is_demo" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"sold_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"contact_count" integer DEFAULT 0 NOT NULL,
	"phone_reveal_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "used_ad_contacts" ADD CONSTRAINT "used_ad_contacts_ad_id_used_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."used_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ad_contacts" ADD CONSTRAINT "used_ad_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ad_favourites" ADD CONSTRAINT "used_ad_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ad_favourites" ADD CONSTRAINT "used_ad_favourites_ad_id_used_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."used_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ad_photos" ADD CONSTRAINT "used_ad_photos_ad_id_used_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."used_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ad_prices" ADD CONSTRAINT "used_ad_prices_ad_id_used_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."used_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ad_reports" ADD CONSTRAINT "used_ad_reports_ad_id_used_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."used_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ad_reports" ADD CONSTRAINT "used_ad_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ads" ADD CONSTRAINT "used_ads_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ads" ADD CONSTRAINT "used_ads_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ads" ADD CONSTRAINT "used_ads_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_ads" ADD CONSTRAINT "used_ads_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealers_province_idx" ON "dealers" USING btree ("province");--> statement-breakpoint
CREATE INDEX "used_ad_contacts_ad_idx" ON "used_ad_contacts" USING btree ("ad_id","created_at");--> statement-breakpoint
CREATE INDEX "used_ad_favourites_ad_idx" ON "used_ad_favourites" USING btree ("ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "used_ad_photos_ad_position_uq" ON "used_ad_photos" USING btree ("ad_id","position");--> statement-breakpoint
CREATE INDEX "used_ad_prices_ad_idx" ON "used_ad_prices" USING btree ("ad_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "used_ad_reports_reporter_uq" ON "used_ad_reports" USING btree ("ad_id","reporter_key");--> statement-breakpoint
CREATE INDEX "used_ads_updated_idx" ON "used_ads" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "used_ads_live_published_idx" ON "used_ads" USING btree ("published_at" DESC NULLS LAST,"id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_price_idx" ON "used_ads" USING btree ("price_zar","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_mileage_idx" ON "used_ads" USING btree ("mileage_km","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_year_idx" ON "used_ads" USING btree ("year","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_model_year_idx" ON "used_ads" USING btree ("model_id","year","mileage_km") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_make_idx" ON "used_ads" USING btree ("make_name","model_name") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_place_idx" ON "used_ads" USING btree ("province","city") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_body_idx" ON "used_ads" USING btree ("body_type") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_fuel_idx" ON "used_ads" USING btree ("fuel") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_transmission_idx" ON "used_ads" USING btree ("transmission") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_drive_idx" ON "used_ads" USING btree ("drive") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_colour_idx" ON "used_ads" USING btree ("colour") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_seller_kind_idx" ON "used_ads" USING btree ("seller_kind") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_photos_idx" ON "used_ads" USING btree ("photo_count") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_live_rating_idx" ON "used_ads" USING btree ("price_rating","published_at" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "used_ads_seller_user_idx" ON "used_ads" USING btree ("seller_user_id");--> statement-breakpoint
CREATE INDEX "used_ads_dealer_idx" ON "used_ads" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "used_ads_search_vector_idx" ON "used_ads" USING gin ("search_vector");--> statement-breakpoint
-- The keyword filter of the used-car search: title, variant and description, normalised like the
-- catalogue's search text (lower case, accents and punctuation dropped), kept by a trigger so
-- every writer (the app, the seed, market:generate) gets it.
CREATE OR REPLACE FUNCTION used_ads_search_vector_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple'::regconfig, search_normalise(NEW.title || ' ' || NEW.variant)), 'A') ||
    setweight(to_tsvector('simple'::regconfig, search_normalise(left(NEW.description, 4000))), 'B');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER used_ads_search_vector_trg
  BEFORE INSERT OR UPDATE OF title, variant, description ON used_ads
  FOR EACH ROW EXECUTE FUNCTION used_ads_search_vector_refresh();
