-- Leads and banners (issue 17): the lead popup's requests with their attribution and the dealers
-- that received them; banners widened with image size, alt text, weight and targeting, with daily
-- impression and click counts.
CREATE TABLE "banner_stats" (
	"banner_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "banner_stats_banner_id_day_pk" PRIMARY KEY("banner_id","day")
);
--> statement-breakpoint
CREATE TABLE "lead_dealers" (
	"lead_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_dealers_lead_id_dealer_id_pk" PRIMARY KEY("lead_id","dealer_id")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" text,
	"user_id" text,
	"car_condition" text NOT NULL,
	"payment_method" text NOT NULL,
	"wanted" jsonb NOT NULL,
	"budget_kind" text NOT NULL,
	"budget_min" integer DEFAULT 0 NOT NULL,
	"budget_max" integer,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"province" text NOT NULL,
	"contact_time" text NOT NULL,
	"consent" boolean NOT NULL,
	"attribution" jsonb NOT NULL,
	"duplicate_key" text NOT NULL,
	"sales_desk_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "alt_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "weight" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "target_brands" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "target_body_types" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "target_provinces" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_stats" ADD CONSTRAINT "banner_stats_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_dealers" ADD CONSTRAINT "lead_dealers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_dealers" ADD CONSTRAINT "lead_dealers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_dealers_dealer_idx" ON "lead_dealers" USING btree ("dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_duplicate_key_uq" ON "leads" USING btree ("duplicate_key");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree ("email");--> statement-breakpoint
CREATE INDEX "leads_user_idx" ON "leads" USING btree ("user_id") WHERE user_id is not null;--> statement-breakpoint
-- The first seed's three banners had no image, slots no page has, and one offered to compare three
-- cars where the comparator takes four: the demo banners of the new slots replace them.
DELETE FROM "banners" WHERE "image_path" IS NULL AND "slot" IN ('home-hero', 'home-middle', 'sidebar');
