ALTER TABLE "categories" ADD COLUMN "eudr_commodity" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hs_code" text;