ALTER TABLE "products" ADD COLUMN "gtin14" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approved_snapshot" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "products_platform_gtin14_uq" ON "products" USING btree ("platform","gtin14") WHERE "products"."gtin14" is not null;--> statement-breakpoint
-- Data: every approved product's current fields become its approved version (ADR 007).
UPDATE "products" p SET
  "approved_at" = coalesce(p."reviewed_at", p."updated_at"),
  "approved_snapshot" = jsonb_build_object(
    'name', p."name", 'name_en', p."name_en", 'description', p."description",
    'description_en', p."description_en", 'gtin', p."gtin", 'unit', p."unit", 'images', p."images",
    'certificates', p."certificates", 'origin_province_code', p."origin_province_code",
    'origin_country', p."origin_country",
    'variants', coalesce((
      SELECT jsonb_agg(jsonb_build_object('types', v."types") ORDER BY v."position", v."id")
      FROM "product_variants" v WHERE v."product_id" = p."id" AND v."active"), '[]'::jsonb))
WHERE p."status" = 'approved';--> statement-breakpoint
-- Data: a GTIN used by several products of a platform goes to one owner: an approved product of an
-- approved producer first, then the earliest approved, then the first created. The others keep
-- their text but own nothing (the resolver ignores them; their next save must pick another GTIN).
UPDATE "products" p SET "gtin14" = lpad(p."gtin", 14, '0')
FROM (
  SELECT x."id", row_number() OVER (
    PARTITION BY x."platform", lpad(x."gtin", 14, '0')
    ORDER BY (x."approved_at" IS NOT NULL AND pr."status" = 'approved') DESC, x."approved_at" NULLS LAST, x."id"
  ) AS rn
  FROM "products" x JOIN "producers" pr ON pr."id" = x."producer_id"
  WHERE x."gtin" ~ '^[0-9]{8,14}$'
) o
WHERE o."id" = p."id" AND o.rn = 1;
