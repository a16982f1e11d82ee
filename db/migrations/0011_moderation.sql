CREATE TABLE "moderation_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "used_ad_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "used_ads" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_kind","target_id","created_at");--> statement-breakpoint
CREATE INDEX "used_ad_photos_storage_key_idx" ON "used_ad_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "used_ad_reports_open_idx" ON "used_ad_reports" USING btree ("created_at" DESC NULLS LAST) WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "used_ads_private_phone_idx" ON "used_ads" USING btree ((case when translate(phone, ' -().', '') like '0%' then '+27' || substr(translate(phone, ' -().', ''), 2) else translate(phone, ' -().', '') end)) WHERE seller_kind = 'private';--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at" DESC NULLS LAST) WHERE resolved_at is null;