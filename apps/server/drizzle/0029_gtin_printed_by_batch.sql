CREATE TABLE "gtin_reservations" (
	"platform" text NOT NULL,
	"gtin14" text NOT NULL,
	"producer_id" integer NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gtin_reservations_platform_gtin14_pk" PRIMARY KEY("platform","gtin14")
);
--> statement-breakpoint
ALTER TABLE "traceabilities" ADD COLUMN "gtin14" text;--> statement-breakpoint
CREATE UNIQUE INDEX "traceabilities_gtin_lot_uq" ON "traceabilities" USING btree ("platform","gtin14","lot_code") WHERE "traceabilities"."gtin14" is not null;--> statement-breakpoint
-- hand-written: every published batch records the GTIN its Digital Link carried (its product's
-- approved GTIN) and that GTIN is reserved to a producer (ADR 030). A GTIN published by several
-- producers (a link taken over before this rule) stays with the one that published with it first:
-- only its batches record it, and another producer's product holding it owns it no more (it keeps
-- the digits and must change them before its next review, as migration 0001 left duplicates).
INSERT INTO "gtin_reservations" ("platform", "gtin14", "producer_id", "reserved_at")
SELECT DISTINCT ON (t."platform", lpad(p."approved_snapshot"->>'gtin', 14, '0'))
  t."platform", lpad(p."approved_snapshot"->>'gtin', 14, '0'), t."producer_id", coalesce(t."published_at", t."created_at")
FROM "traceabilities" t JOIN "products" p ON p."id" = t."product_id"
WHERE t."status" = 'published' AND p."approved_snapshot"->>'gtin' ~ '^[0-9]{8,14}$'
ORDER BY t."platform", lpad(p."approved_snapshot"->>'gtin', 14, '0'), t."published_at" NULLS LAST, t."id";--> statement-breakpoint
UPDATE "traceabilities" t SET "gtin14" = r."gtin14"
FROM "products" p, "gtin_reservations" r
WHERE p."id" = t."product_id" AND t."status" = 'published'
  AND p."approved_snapshot"->>'gtin' ~ '^[0-9]{8,14}$'
  AND r."platform" = t."platform" AND r."gtin14" = lpad(p."approved_snapshot"->>'gtin', 14, '0')
  AND r."producer_id" = t."producer_id";--> statement-breakpoint
UPDATE "products" p SET "gtin14" = NULL, "gtin_verified" = false
FROM "gtin_reservations" r
WHERE r."platform" = p."platform" AND r."gtin14" = p."gtin14" AND r."producer_id" <> p."producer_id";
