CREATE TABLE "cost_figures" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"as_of" text NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"estimate" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_figures_kind_key_pk" PRIMARY KEY("kind","key")
);
