CREATE TABLE "price_drop_mail_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"mails_on" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "used_ad_favourites" ADD COLUMN "drop_mailed_price_id" integer;--> statement-breakpoint
ALTER TABLE "price_drop_mail_settings" ADD CONSTRAINT "price_drop_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;