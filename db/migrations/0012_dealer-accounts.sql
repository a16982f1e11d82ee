CREATE TABLE "used_ad_daily_stats" (
	"ad_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"phone_reveals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "used_ad_daily_stats_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "dealer_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" smallint DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_members" (
	"dealer_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_members_dealer_id_user_id_pk" PRIMARY KEY("dealer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dealer_rating_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"reporter_key" text NOT NULL,
	"user_id" text,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dealer_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"response" smallint NOT NULL,
	"honesty" smallint NOT NULL,
	"as_described" smallint NOT NULL,
	"text" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_stock_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"user_id" text,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_drafts" ADD COLUMN "dealer_id" integer;--> statement-breakpoint
ALTER TABLE "used_ad_contacts" ADD COLUMN "dealer_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "used_ad_contacts" ADD COLUMN "dealer_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "used_ad_contacts" ADD COLUMN "dealer_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "used_ads" ADD COLUMN "stock_number" text;--> statement-breakpoint
ALTER TABLE "dealer_contacts" ADD COLUMN "dealer_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_contacts" ADD COLUMN "dealer_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_contacts" ADD COLUMN "dealer_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "ad_limit" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_dealers" ADD COLUMN "dealer_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_dealers" ADD COLUMN "dealer_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_dealers" ADD COLUMN "dealer_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "used_ad_daily_stats" ADD CONSTRAINT "used_ad_daily_stats_ad_id_used_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."used_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_claims" ADD CONSTRAINT "dealer_claims_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_claims" ADD CONSTRAINT "dealer_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_invitations" ADD CONSTRAINT "dealer_invitations_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_invitations" ADD CONSTRAINT "dealer_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_members" ADD CONSTRAINT "dealer_members_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_members" ADD CONSTRAINT "dealer_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_rating_reports" ADD CONSTRAINT "dealer_rating_reports_rating_id_dealer_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."dealer_ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_rating_reports" ADD CONSTRAINT "dealer_rating_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_ratings" ADD CONSTRAINT "dealer_ratings_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_ratings" ADD CONSTRAINT "dealer_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_stock_imports" ADD CONSTRAINT "dealer_stock_imports_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_stock_imports" ADD CONSTRAINT "dealer_stock_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_claims_open_uq" ON "dealer_claims" USING btree ("dealer_id","user_id") WHERE status in ('code-sent', 'in-review');--> statement-breakpoint
CREATE INDEX "dealer_claims_review_idx" ON "dealer_claims" USING btree ("created_at") WHERE status = 'in-review';--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_invitations_token_uq" ON "dealer_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "dealer_invitations_dealer_idx" ON "dealer_invitations" USING btree ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "dealer_members_user_idx" ON "dealer_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_rating_reports_reporter_uq" ON "dealer_rating_reports" USING btree ("rating_id","reporter_key");--> statement-breakpoint
CREATE INDEX "dealer_rating_reports_open_idx" ON "dealer_rating_reports" USING btree ("created_at" DESC NULLS LAST) WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_ratings_user_dealer_uq" ON "dealer_ratings" USING btree ("user_id","dealer_id");--> statement-breakpoint
CREATE INDEX "dealer_ratings_dealer_idx" ON "dealer_ratings" USING btree ("dealer_id","created_at" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "dealer_stock_imports_dealer_idx" ON "dealer_stock_imports" USING btree ("dealer_id","created_at");--> statement-breakpoint
ALTER TABLE "ad_drafts" ADD CONSTRAINT "ad_drafts_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "used_ads_dealer_stock_uq" ON "used_ads" USING btree ("dealer_id","stock_number") WHERE stock_number is not null;