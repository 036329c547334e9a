ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "trademark" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "standards" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shelf_life_days" smallint;