ALTER TABLE "leads" ALTER COLUMN "car_condition" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "payment_method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "budget_kind" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "kind" text DEFAULT 'find-car' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "trade_in" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_kind_fields" CHECK (("leads"."kind" = 'find-car' and "leads"."car_condition" is not null and "leads"."payment_method" is not null and "leads"."budget_kind" is not null) or ("leads"."kind" = 'trade-in' and "leads"."trade_in" is not null));