CREATE TABLE "booking_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"location" text NOT NULL,
	"size_m2" integer NOT NULL,
	"price_per_month" bigint NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "booking_rooms_platform_idx" ON "booking_rooms" USING btree ("platform","available","position");