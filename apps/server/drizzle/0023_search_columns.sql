-- Search at scale (ADR 027): each searched table keeps its accent- and case-free search text in a
-- generated column with one trigram index, so `q` is an index lookup instead of unaccenting every
-- row's fields; the producer's batch list walks an index per sort order (owner first).
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(f_unaccent(name || chr(31) || coalesce(name_en, '') || chr(31) || coalesce(sku, '') || chr(31) || coalesce(gtin, '')))) STORED;--> statement-breakpoint
ALTER TABLE "traceabilities" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(f_unaccent(lot_code || chr(31) || public_code))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_platform_created_idx" ON "products" USING btree ("platform","created_at","id");--> statement-breakpoint
CREATE INDEX "traceabilities_search_idx" ON "traceabilities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "traceabilities_owner_created_idx" ON "traceabilities" USING btree ("platform","producer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "traceabilities_owner_production_idx" ON "traceabilities" USING btree ("platform","producer_id","production_date","id");