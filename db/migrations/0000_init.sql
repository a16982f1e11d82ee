CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_code" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"description" text NOT NULL,
	"logo_path" text,
	"colour" text NOT NULL,
	"sales_rank" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_code" text NOT NULL,
	"brand_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"body_type" text NOT NULL,
	"segment" text NOT NULL,
	"description" text NOT NULL,
	"launch_date" date NOT NULL,
	"colour" text NOT NULL,
	"is_new_arrival" boolean DEFAULT false NOT NULL,
	"is_electric" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"price_zar" integer NOT NULL,
	"effective_on" date NOT NULL,
	"source" text DEFAULT 'seed' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"title" text NOT NULL,
	"details" text NOT NULL,
	"old_price_zar" integer NOT NULL,
	"new_price_zar" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_code" text NOT NULL,
	"model_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"price_zar" integer NOT NULL,
	"fuel" text NOT NULL,
	"transmission" text NOT NULL,
	"gears" smallint,
	"drive" text NOT NULL,
	"engine_cc" integer,
	"cylinders" smallint,
	"power_kw" integer NOT NULL,
	"torque_nm" integer NOT NULL,
	"accel_0_100_s" double precision NOT NULL,
	"top_speed_kmh" integer NOT NULL,
	"consumption_l_100km" double precision,
	"electric_consumption_kwh_100km" double precision,
	"co2_g_km" integer NOT NULL,
	"battery_kwh" double precision,
	"range_km" integer,
	"length_mm" integer NOT NULL,
	"width_mm" integer NOT NULL,
	"height_mm" integer NOT NULL,
	"wheelbase_mm" integer NOT NULL,
	"ground_clearance_mm" integer,
	"boot_l" integer NOT NULL,
	"tank_l" integer,
	"mass_kg" integer NOT NULL,
	"towing_kg" integer,
	"seats" smallint NOT NULL,
	"doors" smallint NOT NULL,
	"warranty_years" smallint NOT NULL,
	"warranty_km" integer,
	"service_plan_years" smallint,
	"service_plan_km" integer,
	"equipment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot" text NOT NULL,
	"title" text NOT NULL,
	"image_path" text,
	"link_url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guide_taxonomies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"menu_label" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"visitor_id" uuid,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_token_expires_at" timestamp with time zone,
	"unsubscribe_token_hash" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_mail_sent_at" timestamp with time zone,
	"visitor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versions" ADD CONSTRAINT "versions_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_external_code_uq" ON "brands" USING btree ("external_code");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_uq" ON "brands" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "models_external_code_uq" ON "models" USING btree ("external_code");--> statement-breakpoint
CREATE UNIQUE INDEX "models_brand_slug_uq" ON "models" USING btree ("brand_id","slug");--> statement-breakpoint
CREATE INDEX "models_brand_idx" ON "models" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "price_history_version_idx" ON "price_history" USING btree ("version_id","effective_on");--> statement-breakpoint
CREATE INDEX "promotions_version_idx" ON "promotions" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "promotions_ends_idx" ON "promotions" USING btree ("ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "versions_external_code_uq" ON "versions" USING btree ("external_code");--> statement-breakpoint
CREATE INDEX "versions_model_idx" ON "versions" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "versions_price_idx" ON "versions" USING btree ("price_zar");--> statement-breakpoint
CREATE INDEX "banners_slot_idx" ON "banners" USING btree ("slot");--> statement-breakpoint
CREATE UNIQUE INDEX "guide_taxonomies_slug_uq" ON "guide_taxonomies" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "news_categories_slug_uq" ON "news_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_uq" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_confirm_token_idx" ON "newsletter_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_unsubscribe_token_idx" ON "newsletter_subscribers" USING btree ("unsubscribe_token_hash");