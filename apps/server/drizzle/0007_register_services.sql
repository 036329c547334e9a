CREATE TABLE "register_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"slug" text NOT NULL,
	"title_vi" text NOT NULL,
	"title_en" text NOT NULL,
	"description_vi" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'appstore' NOT NULL,
	"type" smallint NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"price_from" bigint,
	"price_unit_vi" text,
	"price_unit_en" text,
	"pricing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_days" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "register_services_platform_slug_uq" ON "register_services" USING btree ("platform","slug");