ALTER TABLE "uploads" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "owner_type" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "owner_id" integer;--> statement-breakpoint
CREATE INDEX "uploads_thumbnail_key_idx" ON "uploads" USING btree ("thumbnail_key");--> statement-breakpoint
-- hand-written: sort the existing uploads (ADR 033). Public: files shown by public things (product
-- and variant pictures, certificates and event files of products and batches, post and page
-- images) and every picture uploaded as an image that no private record holds (rich-text pictures,
-- logos). Everything else stays private; a private file a record holds belongs to that record, and
-- the records give the private URL of their private files.
UPDATE "uploads" SET "visibility" = 'public' WHERE "id" IN (
  SELECT (f->>'id')::int FROM "products", jsonb_array_elements("images") f
  UNION SELECT (c->'file'->>'id')::int FROM "products", jsonb_array_elements("certificates") c
  UNION SELECT (f->>'id')::int FROM "products", jsonb_array_elements(coalesce("approved_snapshot"->'images', '[]'::jsonb)) f
  UNION SELECT (c->'file'->>'id')::int FROM "products", jsonb_array_elements(coalesce("approved_snapshot"->'certificates', '[]'::jsonb)) c
  UNION SELECT (t->>'id')::int FROM "products", jsonb_array_elements("option_groups") g, jsonb_array_elements(coalesce(g->'thumbnails', '[]'::jsonb)) t
  UNION SELECT "thumbnail_id" FROM "product_variants"
  UNION SELECT (c->'file'->>'id')::int FROM "traceabilities", jsonb_array_elements("certificates") c
  UNION SELECT (f->>'id')::int FROM "trace_events", jsonb_array_elements("photos") f
  UNION SELECT (f->>'id')::int FROM "trace_events", jsonb_array_elements("documents") f
  UNION SELECT "cover_id" FROM "posts"
  UNION SELECT "meta_image_id" FROM "posts"
  UNION SELECT "meta_image_id" FROM "page_views"
);--> statement-breakpoint
WITH "held" AS (
  SELECT (f->>'id')::int AS "upload_id", 1 AS "rank", 'service_request' AS "owner_type", "id" AS "owner_id" FROM "user_register_services", jsonb_array_elements("attachments") f
  UNION ALL SELECT (f->>'id')::int, 2, 'service_request_note', "id" FROM "service_request_notes", jsonb_array_elements("attachments") f
  UNION ALL SELECT (f->>'id')::int, 3, 'purchase_order', "id" FROM "purchase_orders", jsonb_array_elements("attachments") f
  UNION ALL SELECT (c->'file'->>'id')::int, 4, 'producer_oem', "id" FROM "producer_oems", jsonb_array_elements("certificates") c
), "first" AS (
  SELECT DISTINCT ON ("upload_id") * FROM "held" WHERE "upload_id" IS NOT NULL ORDER BY "upload_id", "rank", "owner_id"
)
UPDATE "uploads" SET "owner_type" = "first"."owner_type", "owner_id" = "first"."owner_id"
FROM "first" WHERE "uploads"."id" = "first"."upload_id" AND "uploads"."visibility" = 'private';--> statement-breakpoint
UPDATE "uploads" SET "visibility" = 'public' WHERE "kind" = 'image' AND "owner_type" IS NULL;--> statement-breakpoint
UPDATE "user_register_services" r SET "attachments" = (
  SELECT jsonb_agg(CASE WHEN u."visibility" = 'private' THEN f || jsonb_build_object('url', '/api/v1/uploads/' || u."id" || '/content', 'thumbnail_url', NULL) ELSE f END ORDER BY n)
  FROM jsonb_array_elements(r."attachments") WITH ORDINALITY AS x(f, n) LEFT JOIN "uploads" u ON u."id" = (f->>'id')::int
) WHERE jsonb_array_length(r."attachments") > 0;--> statement-breakpoint
UPDATE "service_request_notes" r SET "attachments" = (
  SELECT jsonb_agg(CASE WHEN u."visibility" = 'private' THEN f || jsonb_build_object('url', '/api/v1/uploads/' || u."id" || '/content', 'thumbnail_url', NULL) ELSE f END ORDER BY n)
  FROM jsonb_array_elements(r."attachments") WITH ORDINALITY AS x(f, n) LEFT JOIN "uploads" u ON u."id" = (f->>'id')::int
) WHERE jsonb_array_length(r."attachments") > 0;--> statement-breakpoint
UPDATE "purchase_orders" r SET "attachments" = (
  SELECT jsonb_agg(CASE WHEN u."visibility" = 'private' THEN f || jsonb_build_object('url', '/api/v1/uploads/' || u."id" || '/content') ELSE f END ORDER BY n)
  FROM jsonb_array_elements(r."attachments") WITH ORDINALITY AS x(f, n) LEFT JOIN "uploads" u ON u."id" = (f->>'id')::int
) WHERE jsonb_array_length(r."attachments") > 0;--> statement-breakpoint
UPDATE "producer_oems" r SET "certificates" = (
  SELECT jsonb_agg(CASE WHEN u."visibility" = 'private' THEN jsonb_set(c, '{file,url}', to_jsonb('/api/v1/uploads/' || u."id" || '/content')) ELSE c END ORDER BY n)
  FROM jsonb_array_elements(r."certificates") WITH ORDINALITY AS x(c, n) LEFT JOIN "uploads" u ON u."id" = (c->'file'->>'id')::int
) WHERE jsonb_array_length(r."certificates") > 0;
