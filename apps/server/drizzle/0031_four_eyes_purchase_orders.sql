CREATE TABLE "purchase_order_counters" (
	"platform" text NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "purchase_order_counters_platform_year_pk" PRIMARY KEY("platform","year")
);
--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "editor_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- hand-written: the editors of existing orders, from their history (each saved edit is an 'update' row)
UPDATE "purchase_orders" SET "editor_ids" = ARRAY(
	SELECT DISTINCT a."actor_id" FROM "activity" a
	WHERE a."subject_type" = 'purchase_order' AND a."subject_id" = "purchase_orders"."id"
		AND a."action" = 'update' AND a."actor_id" IS NOT NULL
	ORDER BY a."actor_id"
);
